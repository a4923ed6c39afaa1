import { describe, expect, it } from 'vitest';
import {
  englishSyllables,
  fernandezHuerta,
  fleschReadingEase,
  lessonBodyProblems,
  lessonReadability,
  parseLessonFile,
  plainText,
  spanishSyllables,
} from './learning-files.ts';

const FRONT = `---
title: ¿Qué es la migraña?
summary: Qué es la migraña y en qué se diferencia de otros dolores de cabeza.
minutes: 4
order: 1
reviewed: 2026-11-20
sources:
  - name: Organización Mundial de la Salud — Cefaleas
    url: https://www.who.int/es/news-room/fact-sheets/detail/headache-disorders
---
`;
const ENDING_ES = '\n\nEsta lección no reemplaza el consejo de su médico.\n';
const ENDING_EN = '\n\nThis lesson does not replace the advice of your doctor.\n';

describe('parseLessonFile', () => {
  it('reads the front matter, keeping the reviewed date as written, and the body', () => {
    const { frontMatter, body } = parseLessonFile(`${FRONT}\n## Qué es\n\nTexto.\n`);
    expect(frontMatter).toMatchObject({ title: '¿Qué es la migraña?', minutes: 4, order: 1, reviewed: '2026-11-20' });
    expect(frontMatter.sources[0]!.url).toBe('https://www.who.int/es/news-room/fact-sheets/detail/headache-disorders');
    expect(body).toBe('## Qué es\n\nTexto.\n');
  });

  it('refuses a file without front matter, a source over http, an unknown field and a bad date', () => {
    expect(() => parseLessonFile('## Hola\n')).toThrow(/no front matter/);
    expect(() => parseLessonFile(FRONT.replace('https://www.who', 'http://www.who'))).toThrow(/sources\.0\.url/);
    expect(() => parseLessonFile(FRONT.replace('order: 1', 'order: 1\nauthor: x'))).toThrow(/author|Unrecognized/);
    expect(() => parseLessonFile(FRONT.replace('2026-11-20', '2026-13-45'))).toThrow(/reviewed/);
    expect(() => parseLessonFile(FRONT.replace('minutes: 4', 'minutes: 0'))).toThrow(/minutes/);
  });

  it('takes as a source only a well-formed https address of a domain', () => {
    const withSource = (url: string) => FRONT.replace(/url: .*/, `url: ${url}`);
    for (const url of [
      'https://localhost/health',
      'https://192.168.0.10/health',
      'https://who/health',
      'https://www.who int/health',
      'https://name:secret@www.who.int/',
      'https:www.who.int',
      'www.who.int/es',
    ])
      expect(() => parseLessonFile(withSource(url)), url).toThrow(/sources\.0\.url/);
    expect(
      parseLessonFile(withSource('https://medlineplus.gov/spanish/migraine.html')).frontMatter.sources,
    ).toHaveLength(1);
    expect(() => parseLessonFile(FRONT.replace(/sources:[\s\S]*?(?=---)/, 'sources: []\n'))).toThrow(/sources/);
  });
});

describe('lessonBodyProblems', () => {
  it('takes the same rule for the links in the text as for the sources', () => {
    expect(lessonBodyProblems(`Vea [la OMS](https://localhost/oms).${ENDING_ES}`, 'es')).toEqual([
      'link https://localhost/oms: links go only to https: addresses of a domain',
    ]);
    expect(lessonBodyProblems(`Vea [la OMS](https://www.who.int/es).${ENDING_ES}`, 'es')).toEqual([]);
  });

  it('accepts a body that follows the rules', () => {
    const body =
      '## Qué es\n\nUn texto con **negrita** y un [enlace](https://www.who.int/es).\n\n### Más\n\n![Una persona descansa](images/rest.png)\n\n```\n<b>code is not HTML</b>\n```\n\nUse `<br>` in code.' +
      ENDING_ES;
    expect(lessonBodyProblems(body, 'es')).toEqual([]);
  });

  it('finds raw HTML, an h1, a skipped heading level, a non-https link and a bad image', () => {
    const body = [
      '# Título',
      '<div>caja</div>',
      '<!-- comentario -->',
      '## Uno',
      '#### Cuatro',
      '[x](http://example.com) [y](javascript:alert(1)) <mailto:a@b.c>',
      '![](images/a.png) ![foto](https://example.com/a.png)',
    ].join('\n\n');
    const problems = lessonBodyProblems(body + ENDING_ES, 'es');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/line 1: no "# " heading/),
        expect.stringMatching(/line 3: raw HTML/),
        expect.stringMatching(/line 5: raw HTML/),
        expect.stringMatching(/heading level 4 after level 2/),
        'link http://example.com: links go only to https: addresses of a domain',
        expect.stringMatching(/^link javascript:alert\(1: links go only to https: addresses of a domain/),
        'link mailto:a@b.c: links go only to https: addresses of a domain',
        'image images/a.png: alt text is missing',
        "image https://example.com/a.png: images come only from the program's own images/ folder",
      ]),
    );
  });

  it("asks for the sentence that the lesson does not replace the doctor's advice, in the lesson's language", () => {
    expect(lessonBodyProblems('### Tres\n\nTexto.' + ENDING_ES, 'es')).toEqual([
      'line 1: the first heading must be "## " (h2)',
    ]);
    expect(lessonBodyProblems('## Uno\n\nTexto.', 'es')).toEqual([
      "the lesson must say that it does not replace the advice of the patient's doctor",
    ]);
    expect(lessonBodyProblems('## One\n\nText.' + ENDING_EN, 'en')).toEqual([]);
    expect(lessonBodyProblems('## One\n\nText.' + ENDING_ES, 'en')).toHaveLength(1);
  });
});

describe('syllables', () => {
  it('counts Spanish syllables with diphthongs, triphthongs and hiatus', () => {
    const cases: Record<string, number> = {
      casa: 2,
      día: 2,
      poeta: 3,
      leer: 2,
      ciudad: 2,
      agua: 2,
      muy: 1,
      y: 1,
      migraña: 3,
      presión: 2,
      médico: 3,
      tratamiento: 4,
      que: 1,
      país: 2,
      baúl: 2,
      buey: 1,
      lingüística: 4,
      alimentación: 5,
      hipertensión: 4,
    };
    for (const [word, syllables] of Object.entries(cases))
      expect([word, spanishSyllables(word)]).toEqual([word, syllables]);
  });

  it('counts English syllables close enough on common words', () => {
    const cases: Record<string, number> = {
      the: 1,
      doctor: 2,
      medicine: 3,
      headache: 2,
      table: 2,
      jumped: 1,
      wanted: 2,
      changes: 2,
      likes: 1,
      radio: 3,
      patient: 2,
      family: 3,
      going: 2,
      hypertension: 4,
      exercise: 3,
      pressure: 2,
    };
    for (const [word, syllables] of Object.entries(cases))
      expect([word, englishSyllables(word)]).toEqual([word, syllables]);
  });
});

describe('readability', () => {
  it('computes Flesch reading ease with the published formula', () => {
    // 6 words, 1 sentence, 6 syllables: 206.835 − 1.015·6 − 84.6·1 = 116.145
    expect(fleschReadingEase('The cat sat on the mat.')).toBe(116.1);
    // 9 words, 2 sentences, 14 syllables: 206.835 − 1.015·4.5 − 84.6·14/9 = 70.67
    expect(fleschReadingEase('Take your medicine every day. Drink water with it.')).toBe(70.7);
  });

  it('computes Fernández-Huerta with the published formula', () => {
    // 4 words, 6 syllables, 1 sentence: P = 150, F = 25: 206.84 − 90 − 25.5 = 91.34
    expect(fernandezHuerta('El gato come pan.')).toBe(91.3);
    // Long technical words read as hard: 3 words, 18 syllables, 1 sentence: P = 600, F = 33.3: 206.84 − 360 − 34 = −187.2
    expect(fernandezHuerta('Hipertensión arterial sistémica...')).toBeLessThan(0);
  });

  it('reads a lesson body as plain prose: headings and list items end sentences, marks and link targets go', () => {
    expect(plainText('## Qué es\n\nUn **texto** con [enlace](https://a.b/c).\n\n- uno\n- dos')).toBe(
      'Qué es.\nUn texto con enlace.\nuno.\ndos.',
    );
    expect(lessonReadability('## Qué es\n\nEl gato come pan.', 'es')).toBeGreaterThan(60);
  });
});
