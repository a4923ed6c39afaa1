// The programs' own texts, so that browser tests find screens by what a person reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProgramConfig } from '../packages/contracts/src/program-files.ts';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../programs');
export const SLUGS = ['alivio', 'piel', 'equilibrio'] as const;

export function textsOf(slug: string, language: 'es' | 'en'): Record<string, string> {
  return JSON.parse(readFileSync(path.join(PROGRAMS, slug, `texts/text-${language}.json`), 'utf8'));
}

export function configOf(slug: string): ProgramConfig {
  return JSON.parse(readFileSync(path.join(PROGRAMS, slug, 'configuration/config.json'), 'utf8'));
}

/** Money as the screens write it (spec section 9: 2 decimals, the patient's language, the currency's narrow symbol). */
export const money = (amount: string, language: 'es' | 'en', currency: string) =>
  new Intl.NumberFormat(language === 'es' ? 'es-419' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(Number(amount));
