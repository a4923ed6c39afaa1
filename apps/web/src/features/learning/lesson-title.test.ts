import { describe, expect, it } from 'vitest';
import type { LessonIndex } from '@portal/contracts/learning';
import { lessonTitleIn } from './api/learning-api.ts';

const index: LessonIndex = {
  language: 'en',
  conditions: [
    {
      condition: 'migraine',
      lessons: [{ slug: 'triggers', title: 'Your triggers', summary: 'S', minutes: 3, order: 1, headings: [] }],
    },
  ],
};

describe('lessonTitleIn', () => {
  it("gives a lesson's title in the index's language", () => {
    expect(lessonTitleIn(index, 'migraine', 'triggers')).toBe('Your triggers');
  });

  it('gives nothing while the index loads or for a lesson it lacks', () => {
    expect(lessonTitleIn(undefined, 'migraine', 'triggers')).toBeUndefined();
    expect(lessonTitleIn(index, 'migraine', 'other')).toBeUndefined();
    expect(lessonTitleIn(index, 'diabetes', 'triggers')).toBeUndefined();
  });
});
