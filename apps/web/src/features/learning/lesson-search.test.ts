import { describe, expect, it } from 'vitest';
import type { LessonIndex, LessonWords } from '@portal/contracts/learning';
import { foldText, lessonSearchOf } from './lesson-search.ts';

const index: LessonIndex = {
  language: 'es',
  conditions: [
    {
      condition: 'migraine',
      lessons: [
        {
          slug: 'what-is-migraine',
          title: '¿Qué es la migraña?',
          summary: 'Lo básico del dolor de cabeza.',
          minutes: 3,
          order: 1,
          headings: ['Síntomas'],
        },
        {
          slug: 'migraine-triggers',
          title: 'Lo que la desencadena',
          summary: 'El sueño, el estrés y la comida.',
          minutes: 4,
          order: 2,
          headings: ['Cómo llevar un diario'],
        },
      ],
    },
    {
      condition: 'hypertension',
      lessons: [
        {
          slug: 'what-is-hypertension',
          title: 'La presión alta',
          summary: 'Qué es.',
          minutes: 3,
          order: 1,
          headings: [],
        },
      ],
    },
  ],
};

/** What each lesson's body says, as the server gives it (folded, distinct words). */
const words: LessonWords = {
  language: 'es',
  lessons: {
    'migraine/what-is-migraine': 'la migrana es un dolor de cabeza que vuelve',
    'migraine/migraine-triggers': 'el cafe el alcohol y el queso pueden desencadenarla anote en su diario de dolor',
    'hypertension/what-is-hypertension': 'la presion alta no duele',
  },
};

describe('lesson search', () => {
  const search = lessonSearchOf(index, words);
  it('finds a lesson without accents and in any case', () => {
    expect(search('migrana').map((hit) => hit.slug)).toEqual(['what-is-migraine']);
    expect(search('MIGRAÑA')[0]!.slug).toBe('what-is-migraine');
    expect(search('sintomas')[0]!.slug).toBe('what-is-migraine');
  });
  it('finds by summary and heading words, in every condition', () => {
    expect(search('diario').map((hit) => hit.slug)).toEqual(['migraine-triggers']);
    expect(search('presion').map((hit) => [hit.condition, hit.slug])).toEqual([
      ['hypertension', 'what-is-hypertension'],
    ]);
  });
  it('finds a lesson by what its body says, below one whose title says it', () => {
    expect(search('café').map((hit) => hit.slug)).toEqual(['migraine-triggers']);
    expect(search('ALCOHOL').map((hit) => hit.slug)).toEqual(['migraine-triggers']);
    expect(search('diario de dolor').map((hit) => hit.slug)).toEqual(['migraine-triggers']);
    expect(search('migraña').map((hit) => hit.slug)).toEqual(['what-is-migraine']);
    expect(search('dolor').map((hit) => hit.slug)).toEqual(['what-is-migraine', 'migraine-triggers']);
  });
  it('searches titles, summaries and headings while the words have not loaded', () => {
    const withoutWords = lessonSearchOf(index);
    expect(withoutWords('diario').map((hit) => hit.slug)).toEqual(['migraine-triggers']);
    expect(withoutWords('café')).toEqual([]);
  });
  it('finds nothing for an empty query', () => {
    expect(search('  ')).toEqual([]);
  });
  it('folds accents and case', () => {
    expect(foldText('Migraña ÁÉÍ')).toBe('migrana aei');
  });
});
