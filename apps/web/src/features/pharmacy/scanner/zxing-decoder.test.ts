// The fallback decoder reads what the patient's code screen draws (components/code-symbols): a QR code and a Code 128
// barcode of the canonical code, drawn here as pixels the way a camera frame would hold them.
import QRCode from 'qrcode';
import JsBarcode from 'jsbarcode';
import { describe, expect, it } from 'vitest';
import { discountCodeFromRandomBytes, formatDiscountCode } from '@portal/contracts/discount-code';
import { codeOfScan } from './frame-decoder.ts';
import { decodePixels, type Pixels } from './zxing-decoder.ts';

/** A white frame with `dark(x, y)` painted black, `scale` pixels a module, after a margin. */
function frameOf(width: number, height: number, dark: (x: number, y: number) => boolean): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = dark(x, y) ? 20 : 240;
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

function qrFrame(text: string): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 6;
  const margin = 40;
  return frameOf(320, 240, (x, y) => {
    const column = Math.floor((x - margin) / scale);
    const row = Math.floor((y - margin) / scale);
    return (
      x >= margin && y >= margin && column < modules.size && row < modules.size && Boolean(modules.get(row, column))
    );
  });
}

function barcodeFrame(text: string): Pixels {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, text, { format: 'CODE128' });
  const bits = (target.encodings ?? []).map((encoding) => encoding.data).join('');
  const scale = 3;
  const margin = 30;
  return frameOf(bits.length * scale + 2 * margin, 120, (x, y) => {
    const module = Math.floor((x - margin) / scale);
    return y > 20 && y < 100 && x >= margin && bits[module] === '1';
  });
}

const code = discountCodeFromRandomBytes(new Uint8Array([7, 42, 99, 180, 3, 77, 250]));

describe('the scanner’s fallback decoder (ZXing)', () => {
  it('reads the QR code of a patient’s code screen', () => {
    expect(decodePixels(qrFrame(code))).toBe(code);
  });

  it('reads the Code 128 barcode of a patient’s code screen', () => {
    expect(decodePixels(barcodeFrame(code))).toBe(code);
  });

  it('finds nothing in a frame without a symbol', () => {
    expect(decodePixels(frameOf(64, 48, () => false))).toBeUndefined();
  });

  it('takes a scanned text as a code only when its check character holds', () => {
    expect(codeOfScan(code)).toBe(formatDiscountCode(code));
    expect(codeOfScan(`${code.slice(0, 10)}${code.endsWith('0') ? '1' : '0'}`)).toBeUndefined();
    expect(codeOfScan('7501234567890')).toBeUndefined();
  });
});
