// Learning (decision 049): the lesson files and indexes served from the program's folder, marking a lesson completed
// once however many calls ask for it (also two at the same time), unmarking, the counts per condition, a lesson of
// another program refused without a change, and the feature toggle. The lessons are the test's own (fixtures).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LearningProgressResponseSchema, LessonIndexSchema, LessonWordsSchema } from '@portal/contracts/learning';
import * as schema from '../../db/schema.ts';
import { FEATURE_TOGGLES_TTL_MS } from '../../platform/feature-toggles.ts';
import { createTestApp, createTestClock, hostOf, TEST_DB, TEST_LEARNING_DIR, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV, type TestPatient } from '../../test/patients.ts';

const COMPLETED = '/api/v1/learning/progress/completed';
const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock, learningDir: TEST_LEARNING_DIR });
});
afterAll(async () => t.close());

const progressOf = async (who: TestPatient) => {
  const answer = await callAs(t, who, 'GET', '/api/v1/learning/progress');
  expect(answer.statusCode, answer.body).toBe(200);
  return LearningProgressResponseSchema.parse(answer.json()).data;
};
const rowsOf = (who: TestPatient) =>
  t.database.db.select().from(schema.lessonProgress).where(eq(schema.lessonProgress.patientId, who.patientId));
const get = (slug: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host: hostOf(slug) } });

describe(`learning (${TEST_DB})`, () => {
  it('serves the lesson files and an index per language: own condition first, lessons in order, headings', async () => {
    const index = LessonIndexSchema.parse((await get('alivio', '/program/alivio/learning/index-es.json')).json());
    expect(index.language).toBe('es');
    expect(index.conditions.map((c) => c.condition)).toEqual(['migraine', 'hypertension']);
    expect(index.conditions[0]!.lessons.map((l) => [l.slug, l.order, l.title])).toEqual([
      ['what-is-migraine', 1, '¿Qué es la migraña?'],
      ['migraine-triggers', 2, 'Desencadenantes de la migraña'],
    ]);
    expect(index.conditions[0]!.lessons[0]!.headings).toEqual(['First part', 'Second part']);
    // The bodies' distinct words, folded, for the search (the front matter's sources are not the body).
    const words = LessonWordsSchema.parse((await get('alivio', '/program/alivio/learning/words-es.json')).json());
    expect(words.lessons['migraine/what-is-migraine']).toBe(
      'a short paragraph of test lesson first part some words second more this does not replace the advice your doctor',
    );
    const en = LessonIndexSchema.parse((await get('alivio', '/program/alivio/learning/index-en.json')).json());
    expect(en.conditions[0]!.lessons[0]!.title).toBe('What is migraine?');
    const file = await get('alivio', '/program/alivio/learning/migraine/what-is-migraine.en.md');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(file.body).toContain('title: What is migraine?');
    expect(file.headers.etag).toBeTruthy();
    for (const missing of [
      '/program/alivio/learning/migraine/nothing.es.md',
      '/program/alivio/learning/diabetes/what-is-diabetes.es.md',
      '/program/alivio/learning/migraine/what-is-migraine.fr.md',
      '/program/nobody/learning/index-es.json',
    ])
      expect((await get('alivio', missing)).statusCode, missing).toBe(404);
  });

  it('marks a lesson completed once, however many calls (two at the same time: one row), and counts it', async () => {
    const patient = await enrolPatient(t, 'alivio');
    expect(await progressOf(patient)).toEqual({
      conditions: [
        { condition: 'migraine', completed: [], completedCount: 0, total: 2 },
        { condition: 'hypertension', completed: [], completedCount: 0, total: 1 },
      ],
      lastCompleted: null,
    });
    const body = { condition: 'migraine', lesson: 'migraine-triggers' };
    const answers = await Promise.all([1, 2, 3].map(() => callAs(t, patient, 'PUT', COMPLETED, body)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await rowsOf(patient)).toHaveLength(1);
    clock.advance(60_000);
    const after = LearningProgressResponseSchema.parse(
      (await callAs(t, patient, 'PUT', COMPLETED, { condition: 'migraine', lesson: 'what-is-migraine' })).json(),
    ).data;
    expect(after.conditions[0]).toEqual({
      condition: 'migraine',
      completed: ['what-is-migraine', 'migraine-triggers'],
      completedCount: 2,
      total: 2,
    });
    expect(after.lastCompleted).toEqual({
      condition: 'migraine',
      lesson: 'what-is-migraine',
      completedAt: clock().toISOString(),
    });
    expect(await progressOf(patient)).toEqual(after);
  });

  it('unmarks a lesson (and again: no error), and the counts follow', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const body = { condition: 'hypertension', lesson: 'what-is-hypertension' };
    expect((await callAs(t, patient, 'PUT', COMPLETED, body)).statusCode).toBe(200);
    expect((await progressOf(patient)).conditions[1]!.completedCount).toBe(1);
    for (const _ of [1, 2]) {
      const answer = await callAs(t, patient, 'DELETE', COMPLETED, body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(LearningProgressResponseSchema.parse(answer.json()).data.conditions[1]).toEqual({
        condition: 'hypertension',
        completed: [],
        completedCount: 0,
        total: 1,
      });
    }
    expect(await rowsOf(patient)).toHaveLength(0);
    expect((await progressOf(patient)).lastCompleted).toBeNull();
  });

  it('refuses a lesson of another program, an unknown lesson or a condition the program does not teach: 404, nothing changes', async () => {
    const patient = await enrolPatient(t, 'alivio');
    await callAs(t, patient, 'PUT', COMPLETED, { condition: 'migraine', lesson: 'what-is-migraine' });
    for (const body of [
      { condition: 'diabetes', lesson: 'what-is-diabetes' },
      { condition: 'migraine', lesson: 'what-is-diabetes' },
      { condition: 'hypertension', lesson: 'what-is-migraine' },
    ]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const answer = await callAs(t, patient, method, COMPLETED, body);
        expect(answer.statusCode, answer.body).toBe(404);
        expect(errorOf(answer.json()).code).toBe('NOT_FOUND');
      }
    }
    const bad = await callAs(t, patient, 'PUT', COMPLETED, { condition: 'migraine', lesson: '../x' });
    expect(bad.statusCode).toBe(400);
    expect((await rowsOf(patient)).map((row) => row.lesson)).toEqual(['what-is-migraine']);
    // The equilibrio patient marks its own program's lesson; the alivio patient's progress does not see it.
    const other = await enrolPatient(t, 'equilibrio');
    const own = await callAs(t, other, 'PUT', COMPLETED, { condition: 'diabetes', lesson: 'what-is-diabetes' });
    expect(own.statusCode, own.body).toBe(200);
    expect((await progressOf(patient)).conditions.map((c) => c.completedCount)).toEqual([1, 0]);
  });

  it('declares its calls in the OpenAPI document with an operationId, a summary and the error answers', async () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string; responses: object }>>;
    };
    const operations = [
      document.paths['/api/v1/learning/progress']!.get!,
      document.paths[COMPLETED]!.put!,
      document.paths[COMPLETED]!.delete!,
    ];
    expect(operations.map((operation) => operation.operationId)).toEqual([
      'getLearningProgress',
      'markLessonCompleted',
      'unmarkLessonCompleted',
    ]);
    for (const operation of operations) {
      expect(operation.summary!.length).toBeGreaterThan(20);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    }
  });

  it('answers FEATURE_DISABLED where the program turns learning off', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const programId = t.app.programs.get('alivio')!.id;
    const toggle = and(eq(schema.featureToggle.programId, programId), eq(schema.featureToggle.key, 'learning'));
    await t.database.db.update(schema.featureToggle).set({ enabled: false }).where(toggle);
    clock.advance(FEATURE_TOGGLES_TTL_MS + 1000);
    try {
      for (const [method, url] of [
        ['GET', '/api/v1/learning/progress'],
        ['PUT', COMPLETED],
      ] as const) {
        const answer = await callAs(t, patient, method, url, { condition: 'migraine', lesson: 'what-is-migraine' });
        expect(answer.statusCode).toBe(404);
        expect(errorOf(answer.json()).code).toBe('FEATURE_DISABLED');
      }
      expect(await rowsOf(patient)).toHaveLength(0);
    } finally {
      await t.database.db.update(schema.featureToggle).set({ enabled: true }).where(toggle);
      clock.advance(FEATURE_TOGGLES_TTL_MS + 1000);
    }
  });
});
