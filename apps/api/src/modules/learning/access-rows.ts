// Access rows of learning (test/access-matrix.ts): the caller's own progress; the lesson a mark names is the
// program's (a slug of its files), never someone's data, so an intruder's mark changes its own progress only. The
// matrix reads the test's own lessons (test/fixtures/learning).
import { LearningProgressResponseSchema } from '@portal/contracts/learning';
import type { ModuleAccess } from '../../test/access-matrix.ts';
import { callAs } from '../../test/patients.ts';

const OWNERS_LESSON = { condition: 'migraine', lesson: 'what-is-migraine' };
const OTHER_LESSON = { condition: 'migraine', lesson: 'migraine-triggers' };

export const ACCESS: ModuleAccess = {
  patientRows: [
    { method: 'GET', path: '/api/v1/learning/progress', roundTrips: 2 },
    {
      method: 'PUT',
      path: '/api/v1/learning/progress/completed',
      roundTrips: 4,
      body: () => OTHER_LESSON,
    },
    {
      method: 'DELETE',
      path: '/api/v1/learning/progress/completed',
      roundTrips: 4,
      body: () => OWNERS_LESSON,
    },
  ],
  seed: async (t, owner) => {
    const marked = await callAs(t, owner, 'PUT', '/api/v1/learning/progress/completed', OWNERS_LESSON);
    if (marked.statusCode !== 200) throw new Error(`lesson not marked: ${marked.body}`);
    return {};
  },
  snapshot: async (t, owner) =>
    LearningProgressResponseSchema.parse((await callAs(t, owner, 'GET', '/api/v1/learning/progress')).json()).data,
};
