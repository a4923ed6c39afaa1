// Reading a patient's code from the camera (decision 060): the browser's Barcode Detection API where it has one for QR
// codes (Chrome on Android, ChromeOS and macOS, Safari), otherwise ZXing, loaded the first time Scan is pressed. Both
// read what the patient's code screen draws (components/code-symbols): the canonical code, 11 characters.
import { formatDiscountCode, normaliseDiscountCode } from '@portal/contracts/discount-code';

/** Reads one frame of the video; undefined when it holds no readable symbol. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | undefined>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const WANTED_FORMATS = ['qr_code', 'code_128'];

async function nativeDetector(): Promise<FrameDecoder | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = (await Detector.getSupportedFormats()).filter((format) => WANTED_FORMATS.includes(format));
    if (!formats.includes('qr_code')) return undefined;
    const detector = new Detector({ formats });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  } catch {
    return undefined;
  }
}

async function zxingDecoder(): Promise<FrameDecoder> {
  const { decodePixels } = await import('./zxing-decoder.ts');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return undefined;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    return decodePixels(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/** The decoder this browser offers (the native one first). */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDetector()) ?? zxingDecoder();
}

/** A scanned text as a discount code (XXXXX-XXXXX-C), or undefined when it is not one (another product's barcode). */
export function codeOfScan(text: string): string | undefined {
  const canonical = normaliseDiscountCode(text.trim());
  return canonical ? formatDiscountCode(canonical) : undefined;
}
