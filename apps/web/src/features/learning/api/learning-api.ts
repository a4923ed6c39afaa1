// The learning domain's calls (contract packages/contracts/src/learning.ts, decision 049): the program's lesson index
// and lesson files (program files, served with `ts` like the others, kept by the service worker once read), and the
// patient's progress: read, mark a lesson completed (PUT, idempotent) and not completed (DELETE).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/contracts/enums';
import {
  LearningProgressResponseSchema,
  lessonFilePath,
  lessonIndexPath,
  type LearningProgress,
  type LessonIndex,
  type LessonRef,
} from '@portal/contracts/learning';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** The page's load time: every program file of this page is asked for with it (spec section 7). */
const TS = Date.now();

/** A program file of this page's load time (spec section 7); a failed fetch is an ApiError of status 0. */
export async function fetchProgramText(slug: string, file: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/program/${slug}/${file}?ts=${TS}`);
  } catch (cause) {
    throw new ApiError(0, { cause: String(cause) });
  }
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return response;
}

export const lessonIndexQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: ['learning', 'index', slug, language],
    queryFn: async () => (await (await fetchProgramText(slug, lessonIndexPath(language))).json()) as LessonIndex,
    staleTime: 5 * 60_000,
  });

/** A lesson's title in the index of one language, or undefined while it loads or when the program has no such lesson. */
export function lessonTitleIn(index: LessonIndex | undefined, condition: string, lesson: string): string | undefined {
  return index?.conditions.find((row) => row.condition === condition)?.lessons.find((row) => row.slug === lesson)
    ?.title;
}

/** A lesson's file as written (front matter and Markdown), or null when the program has no such lesson. */
export const lessonFileQuery = (slug: string, condition: string, lesson: string, language: Language) =>
  queryOptions({
    queryKey: ['learning', 'lesson', slug, condition, lesson, language],
    queryFn: async (): Promise<string | null> => {
      try {
        return await (await fetchProgramText(slug, lessonFilePath(condition, lesson, language))).text();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

export const learningProgressQuery = () =>
  queryOptions({
    queryKey: ['learning', 'progress'],
    queryFn: () => api.get('/api/v1/learning/progress', { schema: LearningProgressResponseSchema.shape.data }),
    staleTime: 60_000,
  });

const COMPLETED = '/api/v1/learning/progress/completed';

/** Marks a lesson completed (`completed: true`) or not; the answer is the new progress. */
export function useMarkLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ completed, ...lesson }: LessonRef & { completed: boolean }) =>
      completed
        ? api.put(COMPLETED, lesson, { schema: LearningProgressResponseSchema.shape.data })
        : api.delete(COMPLETED, { body: lesson, schema: LearningProgressResponseSchema.shape.data }),
    onSuccess: (progress: LearningProgress) => queryClient.setQueryData(learningProgressQuery().queryKey, progress),
  });
}
