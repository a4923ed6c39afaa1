import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPrograms } from './check-programs.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function copyPrograms() {
  const dir = mkdtempSync(path.join(tmpdir(), 'programs-'));
  cpSync(path.join(ROOT, 'programs'), dir, { recursive: true });
  return dir;
}

function editJson(file: string, edit: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(file, JSON.stringify(json));
}

describe('check:programs', () => {
  it('accepts the shipped programs and the keys the web code uses', () => {
    expect(checkPrograms(path.join(ROOT, 'programs'), [path.join(ROOT, 'apps/web/src')])).toEqual([]);
  });

  it('reports a key present in Spanish but missing in English', () => {
    const dir = copyPrograms();
    editJson(path.join(dir, 'piel/texts/text-en.json'), (json) => delete json['common.back']);
    expect(checkPrograms(dir, [])).toContain('piel: key common.back is in text-es.json but not in text-en.json');
  });

  it('reports a key the code uses that no text defines, and invalid ICU', () => {
    const dir = copyPrograms();
    const code = mkdtempSync(path.join(tmpdir(), 'code-'));
    mkdirSync(path.join(code, 'x'));
    writeFileSync(path.join(code, 'x/screen.tsx'), "const label = t('screen.never.defined');");
    editJson(path.join(dir, 'alivio/texts/text-es.json'), (json) => (json['common.back'] = 'Atrás {'));
    const problems = checkPrograms(dir, [code]);
    expect(problems.some((p) => p.includes('missing key screen.never.defined'))).toBe(true);
    expect(problems.some((p) => p.startsWith('alivio/text-es.json: common.back: invalid ICU message'))).toBe(true);
  });

  it('reports a config that breaks its contract and a country nobody serves', () => {
    const dir = copyPrograms();
    for (const slug of ['alivio', 'piel', 'equilibrio']) {
      editJson(path.join(dir, `${slug}/configuration/config.json`), (json) => {
        json.countries = (json.countries as string[]).filter((c) => c !== 'TT');
        json.supportPlans = (json.supportPlans as { country: string }[]).filter((p) => p.country !== 'TT');
        json.products = (json.products as { countries: string[] }[]).map((p) => ({
          ...p,
          countries: p.countries.filter((c) => c !== 'TT'),
        }));
      });
    }
    editJson(path.join(dir, 'alivio/configuration/config.json'), (json) => (json.updateStrategy = 'sometimes'));
    const problems = checkPrograms(dir, []);
    expect(problems).toContain('no program serves TT');
    expect(problems.some((p) => p.startsWith('alivio/configuration/config.json: updateStrategy'))).toBe(true);
  });

  it('reports a benefit catalogue that breaks its rules (decision 045)', () => {
    const dir = copyPrograms();
    type Benefit = { id: number; kind: string; products: number[]; countries: string[]; discountPercent?: number };
    type Product = { id: number; searchQuery: string };
    editJson(path.join(dir, 'alivio/configuration/config.json'), (json) => {
      const benefits = json.benefits as Benefit[];
      benefits[0]!.products = [...benefits[0]!.products, 3101];
      benefits[1]!.countries = [...benefits[1]!.countries, 'MX'];
      benefits[2]!.id = 2201;
      const products = json.products as Product[];
      products[1]!.searchQuery = products[0]!.searchQuery;
    });
    editJson(path.join(dir, 'piel/texts/text-en.json'), (json) => delete json['benefits.catalogue.2202.conditions']);
    editJson(path.join(dir, 'equilibrio/configuration/config.json'), (json) => {
      const benefits = json.benefits as Benefit[];
      const general = benefits.find((benefit) => benefit.kind === 'general')!;
      general.products = [3101];
      const discount = benefits.find((benefit) => benefit.kind === 'discount')!;
      delete discount.discountPercent;
    });
    const problems = checkPrograms(dir, []);
    expect(problems).toContain('alivio: benefit 1201 names unknown product 3101');
    expect(problems).toContain('alivio: benefit 1202 country MX not served');
    expect(problems.some((p) => /benefit id 2201 also used by (alivio|piel)/.test(p))).toBe(true);
    expect(problems).toContain('alivio: product 1102 searchQuery "migralen-50-mg" also used by 1101');
    expect(problems).toContain(
      'piel/text-en.json: missing key benefits.catalogue.2202.conditions (used by benefit 2202)',
    );
    expect(problems).toContain(
      'equilibrio/configuration/config.json: benefits.3.discountPercent: a discount, and only a discount, has one',
    );
    expect(problems.some((p) => p.startsWith('equilibrio/configuration/config.json: benefits.4.products'))).toBe(true);
  });
});
