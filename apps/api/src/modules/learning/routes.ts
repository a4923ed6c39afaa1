// Learning calls (decision 049): the caller's progress, and marking a lesson of their program completed or not;
// all of them off where the program turns the learning feature off (decision 034). The lesson named in the body
// is the program's, never an id of someone's data: the caller's progress is always their own (from the token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inCareArea } from '../../platform/care-areas.ts';
import { LearningProgressResponseSchema, LessonRefSchema } from '@portal/contracts/learning';
import type { Db } from '../../platform/db.ts';
import { errorResponses } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/patient-auth.ts';
import type { LessonCatalogue } from './lessons.ts';
import { createLearningService } from './service.ts';

export interface LearningRouteOptions {
  db: Db;
  clock: () => Date;
  catalogue: LessonCatalogue;
  slugOf: (programId: number) => string | undefined;
}

const errors = errorResponses(400, 401, 404, 429);

export const learningRoutes: FastifyPluginAsyncZod<LearningRouteOptions> = async (app, options) => {
  const learning = createLearningService({
    ...options,
    onCompleted: (programId) => app.metrics.count('lessons_completed', programId),
  });

  app.get(
    '/learning/progress',
    {
      // A caregiver may read the lessons; the progress is the patient's to mark (decision 092).
      config: inCareArea('lessons'),
      schema: {
        tags: ['learning'],
        description:
          'Per condition of the program: the lessons the patient completed, how many there are, and the last completed.',
        operationId: 'getLearningProgress',
        summary: "The caller's completed lessons per condition of the program, with counts and the last completed",
        response: { 200: LearningProgressResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await learning.progress(scopeOf(request)) }),
  );

  app.put(
    '/learning/progress/completed',
    {
      schema: {
        tags: ['learning'],
        description: 'An unknown lesson is 404.',
        operationId: 'markLessonCompleted',
        summary: 'Marks a lesson of the program completed (idempotent: once however many calls); answers the progress',
        body: LessonRefSchema,
        response: { 200: LearningProgressResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await learning.mark(scopeOf(request), request.body) }),
  );

  app.delete(
    '/learning/progress/completed',
    {
      schema: {
        tags: ['learning'],
        description: 'An unknown lesson is 404.',
        operationId: 'unmarkLessonCompleted',
        summary: 'Marks a lesson of the program not completed (idempotent); answers the progress',
        body: LessonRefSchema,
        response: { 200: LearningProgressResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await learning.unmark(scopeOf(request), request.body) }),
  );
};
