// The program's logo as pictures (decision 032): a browser draws an SVG <img>, favicon or manifest icon by building a
// whole document for it on the page's main thread, and mail clients such as Gmail do not show SVG at all. The header,
// the tab, the home screen and the e-mails get PNGs drawn here from the program's one SVG, once per process.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { ProgramRow } from './programs.ts';
import { staticAnswer, type StaticAnswer } from './static-answer.ts';

/** The header shows the mark 40 px high; drawn at 3x for the densest phone screens. */
export const MARK_HEIGHT_PX = 40;
const MARK_SCALE = 3;

/**
 * The pictures and their square sizes: the tab's icon, iOS's home-screen icon (on the program's background: iOS
 * shows transparency as black), and the two sizes a web-app manifest needs. `mark` keeps the logo's proportions.
 */
const ICONS = {
  mark: { size: MARK_HEIGHT_PX * MARK_SCALE, square: false, background: false },
  'icon-32': { size: 32, square: true, background: false },
  'icon-180': { size: 180, square: true, background: true },
  'icon-192': { size: 192, square: true, background: false },
  'icon-512': { size: 512, square: true, background: false },
} as const;
export type ProgramIconName = keyof typeof ICONS;

export const isProgramIconName = (name: string): name is ProgramIconName => Object.hasOwn(ICONS, name);

/** Where a program's picture is served (the same for every host: the slug names the program). */
export const programIconPath = (slug: string, name: ProgramIconName) => `/program/${slug}/icons/${name}.png`;

/** The icons a web-app manifest lists. */
export const manifestIcons = (slug: string) =>
  (['icon-192', 'icon-512'] as const).map((name) => ({
    src: programIconPath(slug, name),
    sizes: `${ICONS[name].size}x${ICONS[name].size}`,
    type: 'image/png',
    purpose: 'any',
  }));

/** Resvg reads no system fonts: a logo is shapes, and a picture must not depend on the machine that draws it. */
const OPTIONS = { font: { loadSystemFonts: false } } as const;

/** The mark's width in the header for its 40 px height, from the logo's own proportions (no layout shift). */
export function markWidth(svg: Buffer): number {
  const { width, height } = new Resvg(svg, OPTIONS);
  return Math.max(1, Math.round((MARK_HEIGHT_PX * width) / height));
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One picture of `svg`; a square one centres the logo, on `background` where the icon asks for it. */
export function drawProgramIcon(svg: Buffer, name: ProgramIconName, background: string): Buffer {
  const icon = ICONS[name];
  if (!icon.square)
    return Buffer.from(new Resvg(svg, { ...OPTIONS, fitTo: { mode: 'height', value: icon.size } }).render().asPng());
  // The logo as an image inside a square: any proportions fit, centred (preserveAspectRatio's default).
  const size = icon.size;
  const inset = icon.background ? Math.round(size * 0.1) : 0;
  const square =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    (icon.background ? `<rect width="${size}" height="${size}" fill="${escapeXml(background)}"/>` : '') +
    `<image x="${inset}" y="${inset}" width="${size - 2 * inset}" height="${size - 2 * inset}" href="data:image/svg+xml;base64,${svg.toString('base64')}"/></svg>`;
  return Buffer.from(new Resvg(square, OPTIONS).render().asPng());
}

export interface ProgramMark {
  url: string;
  width: number;
  height: number;
}

export interface ProgramPictures {
  /** The header's mark of the program: its URL and its size in CSS pixels. */
  mark(program: Pick<ProgramRow, 'slug'>): ProgramMark;
  /** A picture of the program, drawn on its first request and kept (a few kilobytes); none for a program without a logo. */
  answer(slug: string, name: ProgramIconName): StaticAnswer | undefined;
}

/** The programs' pictures, from each program's logo (`branding.logoPath` under the programs' folder), read once here. */
export function programPictures(programsDir: string, programs: readonly ProgramRow[]): ProgramPictures {
  const logos = new Map<string, { svg: Buffer; background: string; mark: ProgramMark }>();
  for (const program of programs) {
    const file = path.join(programsDir, program.slug, program.branding.logoPath);
    if (!existsSync(file)) continue;
    const svg = readFileSync(file);
    logos.set(program.slug, {
      svg,
      background: program.branding.colors.background ?? '#ffffff',
      mark: { url: programIconPath(program.slug, 'mark'), width: markWidth(svg), height: MARK_HEIGHT_PX },
    });
  }
  const drawn = new Map<string, StaticAnswer>();
  return {
    mark: (program) =>
      logos.get(program.slug)?.mark ?? {
        url: programIconPath(program.slug, 'mark'),
        width: MARK_HEIGHT_PX,
        height: MARK_HEIGHT_PX,
      },
    answer(slug, name) {
      const logo = logos.get(slug);
      if (!logo) return undefined;
      const key = `${slug}/${name}`;
      let answer = drawn.get(key);
      if (!answer) {
        answer = staticAnswer(drawProgramIcon(logo.svg, name, logo.background), 'image/png');
        drawn.set(key, answer);
      }
      return answer;
    },
  };
}
