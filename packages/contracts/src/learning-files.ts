// Lessons as program files (decision 048): `programs/<slug>/learning/<condition>/<lesson>.<es|en>.md`, a YAML front
// matter and a Markdown body. Parsed and checked here so the API, the web and `check:programs` read them the same way.
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LESSON_SLUG_SOURCE } from './learning.ts';

export const LESSON_LANGUAGES = ['es', 'en'] as const;
export type LessonLanguage = (typeof LESSON_LANGUAGES)[number];

/** Lesson file names: `<lesson-slug>.<language>.md`, the slug as LessonSlugSchema (learning.ts) has it. */
export const LESSON_FILE_PATTERN = new RegExp(`^(${LESSON_SLUG_SOURCE})\\.(${LESSON_LANGUAGES.join('|')})\\.md$`);

/** The lowest readability a lesson may have, on both scales (60 = "fairly easy"). */
export const MIN_READABILITY = 60;

const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a real date');

/**
 * An address a lesson may send a patient to (its sources, its links): `https:`, a domain name with a dot (not
 * localhost, not an IP address, no space), no user name or password in it.
 */
export const LessonWebAddressSchema = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain })
  // As written, not only as URL() reads it (it takes `https:www.who.int` too): `https://` then the host, no `@`.
  .refine((url) => /^https:\/\/[^/?#@\\]+(?:[/?#]|$)/.test(url), 'https:// then the host, no user name or password');

export const LessonSourceSchema = z.object({
  name: z.string().trim().min(3).max(200),
  url: LessonWebAddressSchema,
});

export const LessonFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(3).max(120),
  summary: z.string().trim().min(10).max(300),
  minutes: z.number().int().min(1).max(30),
  order: z.number().int().min(1).max(99),
  /** Last reviewed date, YYYY-MM-DD (YAML reads an unquoted date as a Date: see parseLessonFile). */
  reviewed: IsoDateSchema,
  sources: z.array(LessonSourceSchema).min(1).max(10),
});
export type LessonFrontMatter = z.infer<typeof LessonFrontMatterSchema>;

export class LessonFileError extends Error {}

/**
 * Splits a lesson file into its front matter (validated) and its Markdown body. Throws LessonFileError when the
 * front matter is missing, is not YAML, or breaks LessonFrontMatterSchema.
 */
export function parseLessonFile(text: string): { frontMatter: LessonFrontMatter; body: string } {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(normalized);
  if (!match) throw new LessonFileError('no front matter: the file must start with a --- line and close it with ---');
  let data: unknown;
  try {
    // YAML 1.2 core schema: an unquoted 2026-01-31 stays a string (no timestamp type), so `reviewed` keeps its text.
    data = parseYaml(match[1]!, { schema: 'core' });
  } catch (error) {
    throw new LessonFileError(`front matter is not YAML: ${(error as Error).message}`);
  }
  const result = LessonFrontMatterSchema.safeParse(data);
  if (!result.success)
    throw new LessonFileError(
      `front matter: ${result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`,
    );
  return { frontMatter: result.data, body: match[2]!.replace(/^\n+/, '') };
}

const LINK_RULE = 'links go only to https: addresses of a domain';
const isLessonWebAddress = (url: string) => LessonWebAddressSchema.safeParse(url).success;

/** The body with fenced code blocks and inline code spans blanked out (their text is not Markdown or HTML). */
function withoutCode(body: string): string {
  const blanked = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
  return blanked.replace(/(`+)[^`\n][\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

/**
 * The body's problems, one sentence each (empty when the body follows the rules of decision 048): no raw HTML, links
 * only `https:`, images only `images/...` with alt text, no `# ` h1, headings in order from h2 without skipping a level,
 * and a sentence that the lesson does not replace the doctor's advice.
 */
export function lessonBodyProblems(body: string, language: LessonLanguage): string[] {
  const problems: string[] = [];
  const text = withoutCode(body);
  const lines = text.split('\n');
  if (text.trim().length === 0) problems.push('the body is empty');

  // Raw HTML: tags, closing tags, comments, declarations. Autolinks (<https://...>) are Markdown, checked as links.
  for (const [index, line] of lines.entries()) {
    const html = /<(?:[a-zA-Z][a-zA-Z0-9-]*(?=[\s/>])|\/[a-zA-Z]|!--|!|\?)/.exec(line);
    if (html) problems.push(`line ${index + 1}: raw HTML is not allowed (${line.trim().slice(0, 40)})`);
  }

  // Headings: no h1, start at h2, never skip a level down (h2 -> h4). Setext headings (=== / --- underlines) are
  // refused too: they hide the level in the next line.
  let previous = 1;
  for (const [index, line] of lines.entries()) {
    const heading = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      if (level === 1) problems.push(`line ${index + 1}: no "# " heading: the screen shows the title as the one h1`);
      else if (previous === 1 && level > 2) problems.push(`line ${index + 1}: the first heading must be "## " (h2)`);
      else if (level > previous + 1)
        problems.push(`line ${index + 1}: heading level ${level} after level ${previous} skips a level`);
      previous = Math.max(level, 2);
      continue;
    }
    if (/^ {0,3}=+\s*$/.test(line) && index > 0 && lines[index - 1]!.trim() !== '')
      problems.push(`line ${index + 1}: use "## " headings, not underlined ones`);
  }

  // Links and images: inline [text](url), reference definitions [id]: url and autolinks <url>.
  for (const match of text.matchAll(/(!?)\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const [, bang, label, url] = match;
    if (bang) {
      if (!/^images\/[a-z0-9][a-z0-9._-]*\.(png|jpe?g|webp|svg|gif)$/i.test(url!))
        problems.push(`image ${url}: images come only from the program's own images/ folder`);
      if (label!.trim().length === 0) problems.push(`image ${url}: alt text is missing`);
    } else if (!isLessonWebAddress(url!)) problems.push(`link ${url || '(empty)'}: ${LINK_RULE}`);
  }
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm))
    if (!isLessonWebAddress(match[1]!)) problems.push(`link ${match[1]}: ${LINK_RULE}`);
  for (const match of text.matchAll(/<([a-zA-Z][a-zA-Z0-9+.-]*:[^\s<>]*)>/g))
    if (!isLessonWebAddress(match[1]!)) problems.push(`link ${match[1]}: ${LINK_RULE}`);
  if (/^ {0,3}\[[^\]]+\]:\s*\S/m.test(text) && /!\[[^\]]*\]\[[^\]]*\]/.test(text))
    problems.push('images must be written inline, ![alt](images/file)');

  if (!DOCTOR_PHRASES[language].test(plainText(body)))
    problems.push(`the lesson must say that it does not replace the advice of the patient's doctor`);
  return problems;
}

/**
 * The key phrase of the "does not replace your doctor's advice" sentence, per language. A sentence with "no
 * reemplaza/sustituye" and "médico" (es) or "does not replace" and "doctor" (en) is enough.
 */
const DOCTOR_PHRASES: Record<LessonLanguage, RegExp> = {
  es: /no (?:reemplaza|sustituye)[^.!?]*\b(?:médic[oa]|doctor[a]?)\b/i,
  en: /(?:does not|doesn't|do not) replace[^.!?]*\bdoctor\b/i,
};

/**
 * The body as plain prose for readability: code, link targets, Markdown marks removed; every heading, list item and
 * paragraph ends a sentence (a block without final punctuation gets a period).
 */
export function plainText(body: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const raw of withoutCode(body).split('\n')) {
    const line = raw.trim();
    if (line === '' || /^([-*_])(\s*\1){2,}$/.test(line)) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (heading || item) {
      flush();
      blocks.push((heading ?? item)![1]!);
      continue;
    }
    paragraph.push(line.replace(/^>\s?/, ''));
  }
  flush();
  return blocks
    .map((block) =>
      block
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<https?:[^>]*>/g, '')
        .replace(/[*_~]+/g, '')
        .trim(),
    )
    .filter((block) => /\p{L}/u.test(block))
    .map((block) => (/[.!?…:;]["'”»)]*$/.test(block) ? block : `${block}.`))
    .join('\n');
}

const WORD = /\p{L}[\p{L}\p{M}'’-]*/gu;

function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((word) => word.replace(/['’-]+$/, ''));
}

function sentences(text: string): number {
  const count = (text.match(/[.!?…]+(?=\s|["'”»)]|$)/g) ?? []).length;
  return Math.max(count, words(text).length > 0 ? 1 : 0);
}

const STRONG = 'aeoáéó';
const ACCENTED_WEAK = 'íú';
const SPANISH_VOWELS = 'aeiouáéíóúü';

/**
 * Spanish syllables of one word: each group of vowels is one syllable (diphthongs and triphthongs join a weak vowel
 * i/u/ü with another vowel) unless two strong vowels meet (le-er, po-e-ta) or an accented í/ú breaks the group
 * next to a strong vowel (dí-a, ba-úl): those are hiatus and add a syllable. A final "y" after a vowel (hay, muy) belongs to that syllable;
 * the word "y" alone is one syllable.
 */
export function spanishSyllables(word: string): number {
  const w = word.toLowerCase().normalize('NFC');
  if (w === 'y') return 1;
  let count = 0;
  let previous = '';
  for (const char of w) {
    if (!SPANISH_VOWELS.includes(char)) {
      previous = '';
      continue;
    }
    if (previous === '') count += 1;
    else if (
      (STRONG.includes(previous) && STRONG.includes(char)) ||
      (ACCENTED_WEAK.includes(previous) && STRONG.includes(char)) ||
      (STRONG.includes(previous) && ACCENTED_WEAK.includes(char))
    )
      count += 1;
    previous = char;
  }
  return Math.max(count, 1);
}

/**
 * English syllables of one word, a heuristic (English spelling has no exact rule): groups of vowels (y included),
 * minus a silent final e / es / ed, with common exceptions ("-le", "-ted", "-ded", "-es" after s/c/g/x/z, "-ia", "-io" as in "radio", "-ing" after a vowel).
 */
export function englishSyllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 1;
  if (w.length <= 3) return 1;
  w = w.replace(/(?:[^laeiouyscgxz]es|[^laeiouy]e)$/, (ending) => ending[0]!);
  w = w.replace(/([^aeiouy])ed$/, (ending, consonant: string) => (/[td]/.test(consonant) ? ending : consonant));
  w = w.replace(/^y/, '');
  let count = (w.match(/[aeiouy]+/g) ?? []).length;
  // Vowel pairs that are two syllables: medi-a, radi-o, pati-ent, cre-ate, tri-al, di-et, qui-et, flu-id, etc.
  count += (w.match(/(?:[^aeiou]i[aou]|ea(?:l$|$)|ie[tr]|ui[dt]|oe[^s]|ua[lnt]|uo|[aeiouy]ing)/g) ?? []).length;
  count -= (w.match(/(?:cial|tial|tion|sion|cious|tious|gious|geous|ciat)/g) ?? []).length;
  return Math.max(count, 1);
}

export interface ReadabilityCounts {
  words: number;
  sentences: number;
  syllables: number;
}

export function readabilityCounts(text: string, language: LessonLanguage): ReadabilityCounts {
  const list = words(text);
  const count = language === 'es' ? spanishSyllables : englishSyllables;
  return {
    words: list.length,
    sentences: sentences(text),
    syllables: list.reduce((sum, word) => sum + count(word), 0),
  };
}

/**
 * Fernández-Huerta (1959) for Spanish: 206.84 − 0.60·P − 1.02·F, P = syllables per 100 words, F = sentences per 100
 * words (decision 048). Text with no words scores 0.
 */
export function fernandezHuerta(text: string): number {
  const { words: w, sentences: s, syllables: y } = readabilityCounts(text, 'es');
  if (w === 0) return 0;
  return round(206.84 - 0.6 * ((100 * y) / w) - 1.02 * ((100 * s) / w));
}

/** Flesch reading ease (1948) for English: 206.835 − 1.015·(words/sentences) − 84.6·(syllables/words). */
export function fleschReadingEase(text: string): number {
  const { words: w, sentences: s, syllables: y } = readabilityCounts(text, 'en');
  if (w === 0) return 0;
  return round(206.835 - 1.015 * (w / s) - 84.6 * (y / w));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The readability of a lesson body in its language: Fernández-Huerta for es, Flesch reading ease for en. */
export function lessonReadability(body: string, language: LessonLanguage): number {
  const text = plainText(body);
  return language === 'es' ? fernandezHuerta(text) : fleschReadingEase(text);
}
