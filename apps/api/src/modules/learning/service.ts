// Learning progress (decision 049): the lessons a patient marked completed, per condition of their program. Marking
// is idempotent (the unique index decides between two simultaneous marks: one row); a lesson that is not in the
// program's index is NOT_FOUND and changes nothing.
import { and, asc, eq } from 'drizzle-orm';
import type { ConditionName as Condition, LearningProgress, LessonRef } from '@portal/contracts/learning';
import { lessonProgress } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PatientScope } from '../../platform/patient-auth.ts';
import type { LessonCatalogue, ProgramLessons } from './lessons.ts';

export interface LearningDeps {
  db: Db;
  clock: () => Date;
  catalogue: LessonCatalogue;
  /** The program's slug of a caller's program id. */
  slugOf: (programId: number) => string | undefined;
  /** Called when a lesson is marked completed for the first time (not for a repeat): the metrics. */
  onCompleted?: (programId: number) => void;
}

export function createLearningService({ db, clock, catalogue, slugOf, onCompleted }: LearningDeps) {
  const lessonsOf = (scope: PatientScope): ProgramLessons => {
    const lessons = catalogue.get(slugOf(scope.programId) ?? '');
    if (!lessons) throw new AppError('NOT_FOUND');
    return lessons;
  };
  /** The lesson, if the caller's program has it; NOT_FOUND otherwise. */
  const checked = (scope: PatientScope, ref: LessonRef) => {
    if (!lessonsOf(scope).lessonsOf.get(ref.condition)?.has(ref.lesson)) throw new AppError('NOT_FOUND');
  };
  const mine = (scope: PatientScope) =>
    and(eq(lessonProgress.patientId, scope.patientId), eq(lessonProgress.programId, scope.programId));

  async function progress(scope: PatientScope): Promise<LearningProgress> {
    const program = lessonsOf(scope);
    const rows = await db
      .select({
        condition: lessonProgress.condition,
        lesson: lessonProgress.lesson,
        completedAt: lessonProgress.completedAt,
      })
      .from(lessonProgress)
      .where(mine(scope))
      .orderBy(asc(lessonProgress.completedAt), asc(lessonProgress.id));
    // Only the lessons the program still has count (a lesson removed from the files drops out of the progress).
    const known = rows.filter((row) => program.lessonsOf.get(row.condition as Condition)?.has(row.lesson));
    const ordered = program.indexes.get('es')!.conditions;
    const last = known.at(-1);
    return {
      conditions: ordered.map(({ condition, lessons }) => {
        const done = new Set(known.filter((row) => row.condition === condition).map((row) => row.lesson));
        const total = program.lessonsOf.get(condition)?.size ?? 0;
        const completed = lessons.map((lesson) => lesson.slug).filter((slug) => done.has(slug));
        return { condition, completed, completedCount: completed.length, total };
      }),
      lastCompleted: last
        ? {
            condition: last.condition as Condition,
            lesson: last.lesson,
            completedAt: new Date(last.completedAt).toISOString(),
          }
        : null,
    };
  }

  return {
    progress,

    async mark(scope: PatientScope, ref: LessonRef): Promise<LearningProgress> {
      checked(scope, ref);
      const inserted = await db
        .insert(lessonProgress)
        .values({
          programId: scope.programId,
          patientId: scope.patientId,
          condition: ref.condition,
          lesson: ref.lesson,
          completedAt: clock(),
        })
        .onConflictDoNothing()
        .returning({ id: lessonProgress.id });
      if (inserted.length > 0) onCompleted?.(scope.programId);
      return progress(scope);
    },

    async unmark(scope: PatientScope, ref: LessonRef): Promise<LearningProgress> {
      checked(scope, ref);
      await db
        .delete(lessonProgress)
        .where(and(mine(scope), eq(lessonProgress.condition, ref.condition), eq(lessonProgress.lesson, ref.lesson)));
      return progress(scope);
    },
  };
}
