import { describe, expect, it } from 'vitest';
import { foldsSection, parseLessonText } from './lesson-text.ts';

const long = 'Una frase corta para llenar el texto. '.repeat(20).trim();
const file = `---
title: "¿Qué es la migraña?"
summary: Lo básico.
minutes: 3 # reading minutes
order: 1
reviewed: 2026-11-20
sources:
  - name: OMS — Cefaleas
    url: https://www.who.int/es/news-room/fact-sheets/detail/headache-disorders
  - name: Otra
    url: http://example.org
---
Primer párrafo.

## Síntomas

${long}

- uno
- dos

### Detalle

Texto.

## Cuándo buscar ayuda

Corto.
`;

describe('parseLessonText', () => {
  it('reads the title, the reviewed date and the https sources of the front matter', () => {
    const lesson = parseLessonText(file);
    expect(lesson.title).toBe('¿Qué es la migraña?');
    expect(lesson.reviewed).toBe('2026-11-20');
    expect(lesson.sources).toEqual([
      { name: 'OMS — Cefaleas', url: 'https://www.who.int/es/news-room/fact-sheets/detail/headache-disorders' },
    ]);
  });
  it('cuts the body at the ## headings, keeping ### inside their section, and folds only the long ones', () => {
    const { sections } = parseLessonText(file);
    expect(sections.map((section) => [section.heading, section.blocks.length])).toEqual([
      [undefined, 1],
      ['Síntomas', 4],
      ['Cuándo buscar ayuda', 1],
    ]);
    expect(sections[1]!.blocks[2]).toBe('### Detalle');
    expect(sections.map(foldsSection)).toEqual([false, true, false]);
  });
});
