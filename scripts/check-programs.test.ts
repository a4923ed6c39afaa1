import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLearning, checkPrograms, type LessonScore } from './check-programs.ts';

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

  it('reports a product presentation or a plan name without its English text (decision 054)', () => {
    const dir = copyPrograms();
    editJson(path.join(dir, 'equilibrio/configuration/config.json'), (json) => {
      const [product] = json.products as { presentation: unknown }[];
      product!.presentation = 'Pluma precargada 3 mL (300 UI)';
      const [, plan] = json.supportPlans as { name: unknown }[];
      plan!.name = { es: 'Equilibrio Panamá', en: ' ' };
    });
    const problems = checkPrograms(dir, []);
    expect(problems.some((p) => p.startsWith('equilibrio/configuration/config.json: products.0.presentation'))).toBe(
      true,
    );
    expect(problems.some((p) => p.startsWith('equilibrio/configuration/config.json: supportPlans.1.name.en'))).toBe(
      true,
    );
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

  it("reports a bookable service's schedule that breaks its rules (decision 058)", () => {
    const dir = copyPrograms();
    type Place = { id: string; country: string; kind: string; hours: { days: string[]; from: string; to: string }[] };
    type Block = { slotMinutes: number; places: Place[]; closedDates: Record<string, string[]> };
    type Service = { id: number; kind: string; booking?: Block };
    editJson(path.join(dir, 'alivio/configuration/config.json'), (json) => {
      const booking = (json.benefits as Service[]).find((benefit) => benefit.id === 1201)!.booking!;
      booking.places = booking.places.filter((place) => place.country !== 'GT');
      booking.places[0]!.country = 'MX';
      delete booking.closedDates.HN;
      booking.closedDates.CR = ['2026-12-25', '2026-12-25'];
    });
    editJson(path.join(dir, 'piel/configuration/config.json'), (json) => {
      const booking = (json.benefits as Service[]).find((benefit) => benefit.id === 2202)!.booking!;
      booking.places[1]!.hours.push({ days: ['mon'], from: '10:30', to: '11:30' });
      booking.places[0]!.kind = 'video';
    });
    editJson(path.join(dir, 'equilibrio/configuration/config.json'), (json) => {
      const booking = (json.benefits as Service[]).find((benefit) => benefit.id === 3202)!.booking!;
      booking.places[0]!.hours = [{ days: ['tue'], from: '09:00', to: '09:20' }];
      booking.closedDates.TT = ['2026-02-30'];
    });
    const problems = checkPrograms(dir, []);
    expect(problems).toContain('alivio: benefit 1201 booking: no place in GT');
    expect(problems).toContain('alivio: benefit 1201 booking: no closedDates for HN');
    expect(problems).toContain('alivio: benefit 1201 booking: a closed date of CR repeats');
    expect(problems).toContain(
      'alivio: benefit 1201 booking: place video-cr is in MX, where the service is not offered',
    );
    expect(problems).toContain(
      'piel/configuration/config.json: benefits.1.booking.places.1.hours: opening hours overlap on mon',
    );
    expect(problems).toContain(
      'piel/configuration/config.json: benefits.1.booking.places.0.name: an address, and only an address, has one',
    );
    expect(problems).toContain(
      'equilibrio/configuration/config.json: benefits.1.booking.places.0.hours: opening hours shorter than one slot',
    );
    expect(
      problems.some((p) => p.startsWith('equilibrio/configuration/config.json: benefits.1.booking.closedDates.TT.0')),
    ).toBe(true);
  });
});

describe('check:programs on lessons', () => {
  const lesson = (order: number, body: string) =>
    `---\ntitle: Una lección\nsummary: Una lección de prueba para el chequeo.\nminutes: 3\norder: ${order}\nreviewed: 2026-01-15\nsources:\n  - name: OMS\n    url: https://www.who.int/es\n---\n${body}\n`;
  const EASY_ES =
    '## Qué es\n\nEl gato come pan. La casa es azul.\n\nEsta lección no reemplaza el consejo de su médico.';
  const EASY_EN =
    '## What it is\n\nThe cat eats bread. The house is blue.\n\nThis lesson does not replace your doctor.';

  function learningDir(dir: string, slug: string, condition: string) {
    const folder = path.join(dir, slug, 'learning', condition);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    for (let order = 1; order <= 5; order += 1) {
      writeFileSync(path.join(folder, `lesson-${order}.es.md`), lesson(order, EASY_ES));
      writeFileSync(path.join(folder, `lesson-${order}.en.md`), lesson(order, EASY_EN));
    }
    return folder;
  }

  it('accepts five lessons in both languages and reports every score', () => {
    const dir = copyPrograms();
    learningDir(dir, 'alivio', 'migraine');
    const scores: LessonScore[] = [];
    expect(checkLearning(dir, 'alivio', ['migraine', 'hypertension'], scores)).toEqual([]);
    expect(scores.filter((score) => score.condition === 'migraine')).toHaveLength(10);
    expect(scores.every((score) => score.readability >= 60)).toBe(true);
  });

  it('reports a missing language, different orders, a repeated order, too few lessons and a stray folder', () => {
    const dir = copyPrograms();
    const folder = learningDir(dir, 'alivio', 'migraine');
    rmSync(path.join(folder, 'lesson-5.en.md'));
    writeFileSync(path.join(folder, 'lesson-4.en.md'), lesson(3, EASY_EN));
    writeFileSync(path.join(folder, 'lesson-4.es.md'), lesson(3, EASY_ES));
    writeFileSync(path.join(folder, 'lesson-2.en.md'), lesson(7, EASY_EN));
    mkdirSync(path.join(dir, 'alivio/learning/asthma'), { recursive: true });
    rmSync(path.join(dir, 'alivio/learning/hypertension'), { recursive: true });
    const problems = checkLearning(dir, 'alivio', ['migraine', 'hypertension']);
    expect(problems).toEqual(
      expect.arrayContaining([
        'alivio/learning/migraine/lesson-5: the en file is missing',
        'alivio/learning/migraine/lesson-2: order 2 in es but 7 in en',
        'alivio/learning/migraine: order 3 used by both lesson-3 and lesson-4',
        'alivio/learning/hypertension: 0 lesson(s), at least 5 are needed',
        "alivio/learning/asthma: not a condition of the program's learningConditions",
      ]),
    );
  });

  it('reports a body rule, bad front matter and a lesson that reads too hard', () => {
    const dir = copyPrograms();
    const folder = learningDir(dir, 'alivio', 'migraine');
    writeFileSync(path.join(folder, 'lesson-1.es.md'), lesson(1, `<p>Hola</p>\n\n${EASY_ES}`));
    writeFileSync(path.join(folder, 'lesson-2.es.md'), lesson(2, EASY_ES).replace('minutes: 3', 'minutes: many'));
    const hard =
      '## Fisiopatología\n\nLa hipertensión arterial sistémica constituye una enfermedad cardiovascular multifactorial caracterizada por elevación persistente.\n\nEsta lección no reemplaza el consejo de su médico.';
    writeFileSync(path.join(folder, 'lesson-3.es.md'), lesson(3, hard));
    const problems = checkLearning(dir, 'alivio', ['migraine']);
    expect(problems.some((p) => p.startsWith('alivio/learning/migraine/lesson-1.es.md: line 1: raw HTML'))).toBe(true);
    expect(problems.some((p) => p.startsWith('alivio/learning/migraine/lesson-2.es.md: front matter: minutes'))).toBe(
      true,
    );
    expect(problems.some((p) => /lesson-3\.es\.md: readability -?\d+(\.\d)? is below 60/.test(p))).toBe(true);
  });
});
