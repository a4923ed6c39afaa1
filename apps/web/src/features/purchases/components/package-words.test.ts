// Each presentation's own word in the 4+1 and the refill estimate (issue 38, decision 087): a pen is a pen, a vial a
// vial, never "a box", in every program and both languages, for every message that counts packages.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { PACKAGE_KINDS, type PackageKind } from '@portal/contracts/enums';
import type { ExchangeProgress } from '@portal/contracts/exchange-progress';
import { progressMessage } from './four-plus-one.tsx';

const PROGRAMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../programs');

/** The words a message may use for each kind, singular and plural. */
const WORDS: Record<'es' | 'en', Record<PackageKind, RegExp>> = {
  es: {
    box: /\bcajas?\b/,
    pen: /\bplumas?\b/,
    vial: /\bvial(es)?\b/,
    syringe: /\bjeringas?\b/,
    autoinjector: /\bautoinyector(es)?\b/,
  },
  en: {
    box: /\bbox(es)?\b/,
    pen: /\bpens?\b/,
    vial: /\bvials?\b/,
    syringe: /\bsyringes?\b/,
    autoinjector: /\bauto-injectors?\b/,
  },
};

/** The messages that count packages, with values that show the word (and, for the caps, this medicine's allowance). */
const MESSAGES: [key: string, values: Record<string, string | number>][] = [
  ['purchases.progress.count', { count: 3, total: 4, remaining: 1 }],
  ['purchases.progress.count', { count: 1, total: 4, remaining: 3 }],
  ['purchases.progress.free', { count: 1 }],
  ['purchases.progress.free', { count: 2 }],
  ['purchases.progress.cap.month', { capPer: 'product' }],
  ['purchases.progress.cap.year', { capPer: 'product' }],
  ['purchases.expiringSoon', { count: 1, date: '12/01/2026' }],
  ['purchases.expiringSoon', { count: 3, date: '12/01/2026' }],
  ['purchases.nextExpiry', { count: 1, date: '12/01/2026' }],
  ['purchases.nextExpiry', { count: 2, date: '12/01/2026' }],
  ['redemptions.freeUnit', { medicine: 'Glucanor Basal 100 UI/mL' }],
  ['refill.basis', {}],
];

const textsOf = (slug: string, language: string) =>
  JSON.parse(readFileSync(path.join(PROGRAMS, slug, 'texts', `text-${language}.json`), 'utf8')) as Record<
    string,
    string
  >;

describe('each presentation’s own word', () => {
  for (const slug of readdirSync(PROGRAMS)) {
    for (const language of ['es', 'en'] as const) {
      it(`${slug} (${language}): every message that counts packages names the presentation, never another's`, () => {
        const texts = textsOf(slug, language);
        const wrong: string[] = [];
        for (const [key, values] of MESSAGES) {
          for (const kind of PACKAGE_KINDS) {
            const text = String(new IntlMessageFormat(texts[key]!, language).format({ ...values, kind }));
            if (!WORDS[language][kind].test(text)) wrong.push(`${key} (${kind}): no own word in "${text}"`);
            for (const other of PACKAGE_KINDS)
              if (other !== kind && WORDS[language][other].test(text))
                wrong.push(`${key} (${kind}): says ${other} in "${text}"`);
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('the 4+1 sentence passes the product’s kind to its text', () => {
    const seen: unknown[] = [];
    const t = ((key: string, values?: Record<string, unknown>) => {
      seen.push(values?.kind);
      return key;
    }) as Parameters<typeof progressMessage>[2];
    const progress: ExchangeProgress = {
      unitsPerFreeUnit: 4,
      maxFreeUnitsPerMonth: null,
      maxFreeUnitsPerYear: null,
      countedUnits: 1,
      freeUnitsAvailable: 0,
      unitsTowardNext: 1,
      expiredUnits: 0,
      capPer: 'product',
      redeemedThisMonth: 0,
      redeemedThisYear: 0,
      capReached: null,
      nextExpiry: null,
    };
    progressMessage(progress, 'pen', t);
    progressMessage({ ...progress, freeUnitsAvailable: 1 }, 'vial', t);
    progressMessage({ ...progress, capReached: 'month' }, 'syringe', t);
    expect(seen).toEqual(['pen', 'vial', 'syringe']);
  });
});
