// `npm run check:programs`: every program file against its contract, es/en with the same keys, the
// same keys in every program, every ICU message valid, and every key the code uses present.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { COUNTRY_CODES } from '../packages/contracts/src/enums.ts';
import { ERROR_CATALOGUE } from '../packages/contracts/src/errors.ts';
import {
  PROGRAM_FILES,
  type ProgramConfig,
  type Phones,
  type Navigation,
  type Footer,
} from '../packages/contracts/src/program-files.ts';

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

export function checkPrograms(programsDir: string, codeDirs: string[]): string[] {
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
  const problems = checkPrograms(path.join(ROOT, 'programs'), [path.join(ROOT, 'apps/web/src')]);
  if (problems.length > 0) {
    console.error(`check:programs found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('check:programs: all program files valid, es/en keys equal, every used key present');
}
