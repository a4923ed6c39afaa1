// `npm run check:programs`: every program file against its contract, es/en with the same keys, the
// same keys in every program, every ICU message valid, every key the code uses present, and the lessons of each
// program's learning folder (decision 048), whose readability scores it prints.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { BookingBlock } from '../packages/contracts/src/booking-block.ts';
import { COUNTRY_CODES, type CountryCode } from '../packages/contracts/src/enums.ts';
import { ERROR_CATALOGUE } from '../packages/contracts/src/errors.ts';
import {
  PROGRAM_FILES,
  type ProgramConfig,
  type Phones,
  type Navigation,
  type Footer,
} from '../packages/contracts/src/program-files.ts';
import {
  LESSON_FILE_PATTERN,
  LESSON_LANGUAGES,
  MIN_READABILITY,
  lessonBodyProblems,
  lessonReadability,
  type LessonLanguage,
} from '../packages/contracts/src/learning-files.ts';
import { listLessons } from '../packages/contracts/src/learning-folder.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function listFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : listFiles(full, pattern);
    return pattern.test(name) ? [full] : [];
  });
}

/** Message keys the code asks for: t('a.b'), formatMessage({ id: 'a.b' }), messageKey: 'a.b', labelKey: 'a.b'. */
export function usedKeys(codeDirs: string[]): Map<string, string> {
  const keys = new Map<string, string>();
  const patterns = [
    /\bt\(\s*'([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)+)'/g,
    /formatMessage\(\s*\{\s*id:\s*'([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)+)'/g,
    /\b(?:messageKey|labelKey|titleKey)\s*:\s*'([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)+)'/g,
  ];
  for (const file of codeDirs.flatMap((dir) => listFiles(dir, /\.(ts|tsx)$/)).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const source = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) keys.set(match[1]!, path.relative(ROOT, file));
    }
  }
  for (const { messageKey } of Object.values(ERROR_CATALOGUE)) keys.set(messageKey, 'packages/contracts/src/errors.ts');
  return keys;
}

/** Texts of a program's own benefit catalogue: not shared with other programs, and each one used by a benefit. */
export const CATALOGUE_KEY_PREFIX = 'benefits.catalogue.';

/**
 * The benefit catalogue (decision 045): ids unique across programs, products of the program, countries it serves,
 * texts in both languages, product slugs unique within the program, and no catalogue text left unused.
 */
function checkBenefits(
  slug: string,
  config: ProgramConfig,
  benefitIds: Map<number, string>,
  es: Record<string, string> | undefined,
  en: Record<string, string> | undefined,
): string[] {
  const problems: string[] = [];
  const slugs = new Map<string, number>();
  for (const product of config.products) {
    const other = slugs.get(product.searchQuery);
    if (other !== undefined)
      problems.push(`${slug}: product ${product.id} searchQuery "${product.searchQuery}" also used by ${other}`);
    slugs.set(product.searchQuery, product.id);
  }
  const products = new Set(config.products.map((product) => product.id));
  const referenced = new Set<string>();
  for (const benefit of config.benefits) {
    if (benefitIds.has(benefit.id))
      problems.push(`${slug}: benefit id ${benefit.id} also used by ${benefitIds.get(benefit.id)}`);
    benefitIds.set(benefit.id, slug);
    for (const productId of benefit.products)
      if (!products.has(productId)) problems.push(`${slug}: benefit ${benefit.id} names unknown product ${productId}`);
    for (const country of benefit.countries)
      if (!config.countries.includes(country))
        problems.push(`${slug}: benefit ${benefit.id} country ${country} not served`);
    if (benefit.booking) problems.push(...checkBookingBlock(slug, benefit.id, benefit.countries, benefit.booking));
    for (const key of Object.values(benefit.texts)) {
      referenced.add(key);
      for (const [language, texts] of [
        ['es', es],
        ['en', en],
      ] as const)
        if (texts && !(key in texts))
          problems.push(`${slug}/text-${language}.json: missing key ${key} (used by benefit ${benefit.id})`);
    }
  }
  for (const key of Object.keys(es ?? {}))
    if (key.startsWith(CATALOGUE_KEY_PREFIX) && !referenced.has(key))
      problems.push(`${slug}/text-es.json: ${key} is used by no benefit`);
  return problems;
}

/**
 * A bookable service's schedule (decision 058): a place in every country the service is offered in and none in
 * another, and each of those countries' holidays declared (an empty list says so on purpose), never a date twice.
 */
function checkBookingBlock(slug: string, benefitId: number, countries: CountryCode[], block: BookingBlock): string[] {
  const problems: string[] = [];
  const where = `${slug}: benefit ${benefitId} booking`;
  for (const country of countries) {
    if (!block.places.some((place) => place.country === country)) problems.push(`${where}: no place in ${country}`);
    const closed = block.closedDates[country];
    if (!closed) problems.push(`${where}: no closedDates for ${country}`);
    else if (new Set(closed).size !== closed.length) problems.push(`${where}: a closed date of ${country} repeats`);
  }
  for (const place of block.places)
    if (!countries.includes(place.country))
      problems.push(`${where}: place ${place.id} is in ${place.country}, where the service is not offered`);
  for (const country of Object.keys(block.closedDates))
    if (!countries.includes(country as CountryCode))
      problems.push(`${where}: closedDates for ${country}, where the service is not offered`);
  return problems;
}

/** Lessons need at least this many per condition of a program's learningConditions (decision 048). */
export const MIN_LESSONS_PER_CONDITION = 5;

export interface LessonScore {
  program: string;
  condition: string;
  lesson: string;
  language: LessonLanguage;
  order: number;
  readability: number;
}

/**
 * A program's learning folder (decision 048): only folders of its learningConditions, at least five lessons each,
 * every lesson in es and en with the same order, orders unique per condition, valid front matter, the body rules,
 * readability at least MIN_READABILITY. Pushes each lesson's score onto `scores`.
 */
export function checkLearning(
  programsDir: string,
  slug: string,
  conditions: readonly string[],
  scores: LessonScore[] = [],
): string[] {
  const { lessons, problems: read } = listLessons(path.join(programsDir, slug));
  const problems = read.map((problem) => `${slug}/${problem}`);
  const folders = new Set(lessons.map((lesson) => lesson.condition));
  const learningDir = path.join(programsDir, slug, 'learning');
  if (existsSync(learningDir))
    for (const folder of readdirSync(learningDir))
      if (statSync(path.join(learningDir, folder)).isDirectory()) folders.add(folder);
  for (const folder of folders)
    if (!conditions.includes(folder))
      problems.push(`${slug}/learning/${folder}: not a condition of the program's learningConditions`);
  for (const lesson of lessons) {
    const where = `${slug}/${lesson.file}`;
    problems.push(...lessonBodyProblems(lesson.body, lesson.language).map((problem) => `${where}: ${problem}`));
    const readability = lessonReadability(lesson.body, lesson.language);
    scores.push({
      program: slug,
      condition: lesson.condition,
      lesson: lesson.slug,
      language: lesson.language,
      order: lesson.frontMatter.order,
      readability,
    });
    if (readability < MIN_READABILITY)
      problems.push(
        `${where}: readability ${readability} is below ${MIN_READABILITY} (${lesson.language === 'es' ? 'Fernández-Huerta' : 'Flesch reading ease'}): shorter sentences, common words`,
      );
  }
  for (const condition of conditions) {
    const where = `${slug}/learning/${condition}`;
    const dir = path.join(learningDir, condition);
    // Every lesson file name counts, parsed or not, so a broken file is reported once (above), not as a missing one.
    const slugs = new Set(
      (existsSync(dir) ? readdirSync(dir) : []).flatMap((name) => LESSON_FILE_PATTERN.exec(name)?.[1] ?? []),
    );
    if (slugs.size < MIN_LESSONS_PER_CONDITION)
      problems.push(`${where}: ${slugs.size} lesson(s), at least ${MIN_LESSONS_PER_CONDITION} are needed`);
    const byOrder = new Map<number, string>();
    for (const lessonSlug of slugs) {
      for (const language of LESSON_LANGUAGES)
        if (!existsSync(path.join(dir, `${lessonSlug}.${language}.md`)))
          problems.push(`${where}/${lessonSlug}: the ${language} file is missing`);
      const orders = Object.fromEntries(
        lessons
          .filter((lesson) => lesson.condition === condition && lesson.slug === lessonSlug)
          .map((lesson) => [lesson.language, lesson.frontMatter.order]),
      ) as Partial<Record<LessonLanguage, number>>;
      if (orders.es !== undefined && orders.en !== undefined && orders.es !== orders.en)
        problems.push(`${where}/${lessonSlug}: order ${orders.es} in es but ${orders.en} in en`);
      const order = orders.es ?? orders.en;
      if (order === undefined) continue;
      const other = byOrder.get(order);
      if (other !== undefined) problems.push(`${where}: order ${order} used by both ${other} and ${lessonSlug}`);
      byOrder.set(order, lessonSlug);
    }
  }
  return problems;
}

export function checkPrograms(programsDir: string, codeDirs: string[], scores: LessonScore[] = []): string[] {
  const problems: string[] = [];
  const slugs = readdirSync(programsDir).filter((name) => statSync(path.join(programsDir, name)).isDirectory());
  if (slugs.length === 0) problems.push('no programs found');
  const keySets = new Map<string, Set<string>>();
  const covered = new Set<string>();
  const planIds = new Map<number, string>();
  const productIds = new Map<number, string>();
  const benefitIds = new Map<number, string>();
  const used = usedKeys(codeDirs);

  for (const slug of slugs) {
    const parsed: Record<string, unknown> = {};
    for (const [file, schema] of Object.entries(PROGRAM_FILES)) {
      const full = path.join(programsDir, slug, file);
      if (!existsSync(full)) {
        problems.push(`${slug}/${file}: missing`);
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(full, 'utf8'));
      } catch (error) {
        problems.push(`${slug}/${file}: not JSON (${(error as Error).message})`);
        continue;
      }
      const result = schema.safeParse(json);
      if (!result.success) {
        problems.push(
          ...result.error.issues.map((issue) => `${slug}/${file}: ${issue.path.join('.')}: ${issue.message}`),
        );
        continue;
      }
      parsed[file] = result.data;
    }
    const config = parsed['configuration/config.json'] as ProgramConfig | undefined;
    const es = parsed['texts/text-es.json'] as Record<string, string> | undefined;
    const en = parsed['texts/text-en.json'] as Record<string, string> | undefined;
    if (config) {
      if (config.slug !== slug) problems.push(`${slug}: config slug "${config.slug}" differs from the folder`);
      config.countries.forEach((country) => covered.add(country));
      if (!config.countries.includes(config.defaultCountry)) problems.push(`${slug}: defaultCountry is not served`);
      if (!existsSync(path.join(programsDir, slug, config.branding.logoPath)))
        problems.push(`${slug}: logo ${config.branding.logoPath} missing`);
      for (const instance of config.instances) {
        if (!existsSync(path.join(programsDir, slug, instance.logoPath)))
          problems.push(`${slug}: instance ${instance.id} logo ${instance.logoPath} missing`);
      }
      if (new Set(config.instances.map((instance) => instance.id)).size !== config.instances.length)
        problems.push(`${slug}: instance ids repeat`);
      for (const plan of config.supportPlans) {
        if (planIds.has(plan.id))
          problems.push(`${slug}: support plan id ${plan.id} also used by ${planIds.get(plan.id)}`);
        planIds.set(plan.id, slug);
        if (!config.countries.includes(plan.country))
          problems.push(`${slug}: plan ${plan.id} country ${plan.country} not served`);
      }
      for (const product of config.products) {
        if (productIds.has(product.id))
          problems.push(`${slug}: product id ${product.id} also used by ${productIds.get(product.id)}`);
        productIds.set(product.id, slug);
        for (const country of product.countries)
          if (!config.countries.includes(country))
            problems.push(`${slug}: product ${product.id} country ${country} not served`);
      }
      problems.push(...checkBenefits(slug, config, benefitIds, es, en));
      problems.push(...checkLearning(programsDir, slug, config.learningConditions, scores));
      const phones = parsed['phones/phones.json'] as Phones | undefined;
      for (const country of config.countries)
        if (phones && !phones[country]?.length) problems.push(`${slug}: no call-center phone for ${country}`);
    }
    for (const [language, texts] of [
      ['es', es],
      ['en', en],
    ] as const) {
      if (!texts) continue;
      for (const [key, message] of Object.entries(texts)) {
        try {
          parse(message);
        } catch (error) {
          problems.push(`${slug}/text-${language}.json: ${key}: invalid ICU message (${(error as Error).message})`);
        }
      }
      for (const [key, where] of used)
        if (!(key in texts)) problems.push(`${slug}/text-${language}.json: missing key ${key} (used in ${where})`);
      const navigation = parsed['navigation/navigation.json'] as Navigation | undefined;
      const footer = parsed['configuration/footer.json'] as Footer | undefined;
      const phones = parsed['phones/phones.json'] as Phones | undefined;
      const referenced = [
        ...(navigation?.main.map((item) => item.labelKey) ?? []),
        ...(footer ? [...footer.links.map((link) => link.labelKey), footer.legalKey] : []),
        ...Object.values(phones ?? {}).flatMap((list) => list?.map((phone) => phone.labelKey) ?? []),
      ];
      for (const key of referenced)
        if (!(key in texts))
          problems.push(`${slug}/text-${language}.json: missing key ${key} (used by the program's files)`);
    }
    if (es && en) {
      const esKeys = new Set(Object.keys(es));
      const enKeys = new Set(Object.keys(en));
      for (const key of esKeys)
        if (!enKeys.has(key)) problems.push(`${slug}: key ${key} is in text-es.json but not in text-en.json`);
      for (const key of enKeys)
        if (!esKeys.has(key)) problems.push(`${slug}: key ${key} is in text-en.json but not in text-es.json`);
      keySets.set(slug, esKeys);
    }
  }
  // The benefit catalogue's texts are each program's own (checkBenefits): every other key is the same in every program.
  for (const [slug, keys] of keySets)
    keySets.set(slug, new Set([...keys].filter((key) => !key.startsWith(CATALOGUE_KEY_PREFIX))));
  const [firstSlug, firstKeys] = [...keySets.entries()][0] ?? [];
  for (const [slug, keys] of keySets) {
    if (!firstKeys || slug === firstSlug) continue;
    for (const key of keys) if (!firstKeys.has(key)) problems.push(`${slug}: key ${key} is not in ${firstSlug}`);
    for (const key of firstKeys) if (!keys.has(key)) problems.push(`${slug}: key ${key} of ${firstSlug} is missing`);
  }
  if (slugs.length > 0) {
    for (const country of COUNTRY_CODES) if (!covered.has(country)) problems.push(`no program serves ${country}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const scores: LessonScore[] = [];
  const problems = checkPrograms(path.join(ROOT, 'programs'), [path.join(ROOT, 'apps/web/src')], scores);
  // Every lesson's readability (decision 048): the lead reports them all.
  if (scores.length > 0) {
    console.log('Lesson readability (es: Fernández-Huerta, en: Flesch reading ease; at least 60):');
    scores
      .sort((a, b) => `${a.program}/${a.condition}`.localeCompare(`${b.program}/${b.condition}`) || a.order - b.order)
      .forEach((score) =>
        console.log(
          `  ${score.program}/${score.condition}/${score.lesson}.${score.language}  ${score.readability.toFixed(1)}`,
        ),
      );
  }
  if (problems.length > 0) {
    console.error(`check:programs found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('check:programs: all program files valid, es/en keys equal, every used key present, lessons valid');
}
