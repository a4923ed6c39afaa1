import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { drawProgramIcon, isProgramIconName, manifestIcons, markWidth } from './program-icons.ts';

const WIDE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 48" width="96" height="48"><rect width="96" height="48" fill="#1A4F8B"/></svg>',
);

/** The PNG's pixel at (x, y) as [r, g, b, a], read back through resvg's own decoder of an <image>. */
function pixel(png: Buffer, x: number, y: number): number[] {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const pixels = new Resvg(svg).render().pixels;
  const at = (y * width + x) * 4;
  return [...pixels.subarray(at, at + 4)];
}

describe('program pictures', () => {
  it('gives the mark the logo’s proportions at the header’s 40 px height', () => {
    expect(markWidth(WIDE)).toBe(80);
    const mark = drawProgramIcon(WIDE, 'mark', '#ffffff');
    expect([mark.readUInt32BE(16), mark.readUInt32BE(20)]).toEqual([240, 120]);
  });

  it('centres a logo of any proportions in a square icon, on the program’s background only for iOS', () => {
    const icon = drawProgramIcon(WIDE, 'icon-192', '#ffeedd');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([192, 192]);
    expect(pixel(icon, 96, 96)).toEqual([0x1a, 0x4f, 0x8b, 255]);
    expect(pixel(icon, 96, 4)[3]).toBe(0); // above the logo: transparent
    const touch = drawProgramIcon(WIDE, 'icon-180', '#ffeedd');
    expect(pixel(touch, 90, 4)).toEqual([0xff, 0xee, 0xdd, 255]);
    expect(pixel(touch, 90, 90)).toEqual([0x1a, 0x4f, 0x8b, 255]);
  });

  it('knows only its own names and lists the manifest’s two PNG sizes', () => {
    expect(isProgramIconName('icon-32')).toBe(true);
    expect(isProgramIconName('toString')).toBe(false);
    expect(manifestIcons('piel').map((icon) => `${icon.src} ${icon.sizes}`)).toEqual([
      '/program/piel/icons/icon-192.png 192x192',
      '/program/piel/icons/icon-512.png 512x512',
    ]);
  });
});
