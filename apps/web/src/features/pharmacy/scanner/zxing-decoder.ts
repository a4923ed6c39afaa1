// The decoder for browsers without the Barcode Detection API (decision 060): ZXing's TypeScript port reads the two
// symbols the patient's code screen draws, a QR code and a Code 128 barcode, from one frame's pixels. Loaded only when
// the counter presses Scan on such a browser (frame-decoder.ts imports it lazily).
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

/** A frame's pixels as a canvas gives them (ImageData): RGBA, 4 bytes a pixel. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const reader = new MultiFormatReader();
reader.setHints(
  new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]],
    // A phone held at an angle, a barcode read across: worth the time at a few frames a second.
    [DecodeHintType.TRY_HARDER, true],
  ]),
);

/** The grey level of each pixel (ITU-R BT.601 weights, in integers), as ZXing's luminance source reads it. */
export function luminanceOf({ data, width, height }: Pixels): Uint8ClampedArray {
  const luminance = new Uint8ClampedArray(width * height);
  for (let pixel = 0; pixel < luminance.length; pixel += 1) {
    const offset = pixel * 4;
    luminance[pixel] = (data[offset]! * 299 + data[offset + 1]! * 587 + data[offset + 2]! * 114) / 1000;
  }
  return luminance;
}

/** The text of the QR code or Code 128 barcode in the frame, or undefined when there is none it can read. */
export function decodePixels(pixels: Pixels): string | undefined {
  try {
    const source = new RGBLuminanceSource(luminanceOf(pixels), pixels.width, pixels.height);
    return reader.decodeWithState(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    // ZXing throws when a frame holds no symbol it can read (the usual case between two frames): none here.
    return undefined;
  } finally {
    reader.reset();
  }
}
