import { render } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { barcodePathOf, CodeSymbols } from './code-symbols.tsx';
import { qrPathOf } from './qr-symbol.tsx';

/** Draws the path's unit squares (`M x y h1v1h-1z`) at `scale` pixels per module, black on white, as RGBA. */
function rasterise(path: string, size: number, scale: number) {
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        pixels.fill(0, offset, offset + 3);
      }
    }
  }
  return { pixels, side };
}

describe('code symbols', () => {
  it('draws a QR code that a decoder reads back as the code, with its quiet zone', () => {
    const { size, path } = qrPathOf('7K3QXM9PD2B');
    const { pixels, side } = rasterise(path, size, 6);
    expect(jsQR(pixels, side, side)?.data).toBe('7K3QXM9PD2B');
    // Nothing dark in the 4 modules around it.
    const coordinates = [...path.matchAll(/M(\d+) (\d+)/g)].flatMap(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...coordinates)).toBe(4);
    expect(Math.max(...coordinates)).toBe(size - 5);
  });

  it('draws Code 128 bars from its start symbol to its stop symbol between quiet zones of 10 modules', () => {
    const { width, path } = barcodePathOf('7K3QXM9PD2B');
    const bars = [...path.matchAll(/M(\d+) 0h(\d+)/g)].map(([, x, w]) => [Number(x), Number(w)] as const);
    expect(bars[0]![0]).toBe(10);
    const [lastX, lastWidth] = bars.at(-1)!;
    expect(width - (lastX + lastWidth)).toBe(10);
    // Start B (11010010000) opens the bars: widths 2, 1, 1.
    expect(bars.slice(0, 3).map(([, w]) => w)).toEqual([2, 1, 1]);
  });

  it('names both pictures for a screen reader', () => {
    const { getByRole } = render(<CodeSymbols value="7K3QXM9PD2B" qrLabel="QR" barcodeLabel="Barcode" />);
    expect(getByRole('img', { name: 'QR' })).toBeTruthy();
    expect(getByRole('img', { name: 'Barcode' })).toBeTruthy();
  });
});
