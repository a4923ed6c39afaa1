// /learning/{condition}/{lesson}: the lesson (its file, rendered), its sources, Mark as completed (or not), and the
// previous and next lessons. When marking fails the lesson stays on screen with the error and Try again; without a
// connection, a lesson read once opens from the saved copy (the service worker's), and says so.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { ConditionName, LessonIndexCondition } from '@portal/contracts/learning';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { keepLoadedFilesForOffline } from '../../../lib/offline-files.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { learningProgressQuery, lessonFileQuery, useMarkLesson } from '../api/learning-api.ts';
import { parseLessonText } from '../lesson-text.ts';
import { LearningNotFound } from './learning-not-found.tsx';
import { LessonSectionView } from './lesson-markdown.tsx';
import { ListenControls } from './listen-controls.tsx';

function useOnline() {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

function MarkCompleted({ condition, lesson, online }: { condition: ConditionName; lesson: string; online: boolean }) {
  const t = useT();
  const progress = useQuery(learningProgressQuery());
  const mark = useMarkLesson();
  // Offline the progress call waits for the connection: say so instead of a skeleton that never ends.
  if (!online && progress.data === undefined) return <p className="lesson__mark">{t('learning.markOffline')}</p>;
  return (
    <QueryRegion query={progress} lines={1} errorKey="learning.progressError">
      {(data) => {
        const completed =
          data.conditions.find((row) => row.condition === condition)?.completed.includes(lesson) ?? false;
        const run = (target: boolean) =>
          mark.mutateAsync({ condition, lesson, completed: target }).catch(() => undefined);
        return (
          <div className="lesson__mark stack">
            {completed ? (
              <p className="learning-badge" role="status">
                <span aria-hidden="true">✓ </span>
                {t('learning.completedLesson')}
              </p>
            ) : null}
            <PendingButton
              variant={completed ? 'ghost' : 'primary'}
              isPending={mark.isPending}
              pendingLabel={t('learning.saving')}
              onPress={() => run(!completed)}
            >
              {t(completed ? 'learning.markNotCompleted' : 'learning.markCompleted')}
            </PendingButton>
            {mark.isError ? (
              <div className="region-error" role="alert">
                <p className="region-error__message">
                  {t(mark.variables?.completed === false ? 'learning.uncompleteError' : 'learning.completeError')}
                </p>
                <PendingButton
                  variant="ghost"
                  isPending={mark.isPending}
                  onPress={() => (mark.variables ? mark.mutateAsync(mark.variables).catch(() => undefined) : undefined)}
                >
                  {t('common.retry')}
                </PendingButton>
              </div>
            ) : null}
          </div>
        );
      }}
    </QueryRegion>
  );
}

export function LessonView({ entry, lesson }: { entry: LessonIndexCondition; lesson: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { program } = useProgram();
  const online = useOnline();
  const file = useQuery(lessonFileQuery(program.slug, entry.condition, lesson, language));
  const articleRef = useRef<HTMLElement>(null);
  const loaded = file.data !== undefined;
  // Once the lesson is on screen, what it was drawn with (code, index, file) is kept for reading it offline.
  useEffect(() => {
    if (loaded) void keepLoadedFilesForOffline();
  }, [loaded]);
  const position = entry.lessons.findIndex((item) => item.slug === lesson);
  const previous = entry.lessons[position - 1];
  const next = entry.lessons[position + 1];
  return (
    <QueryRegion query={file} lines={8} errorKey="learning.lessonLoadError">
      {(text) => {
        if (text === null) return <LearningNotFound />;
        const parsed = parseLessonText(text);
        return (
          <div className="stack lesson">
            {online ? null : (
              <p className="form-alert form-alert--info" role="status">
                {t('learning.savedCopy')}
              </p>
            )}
            <ListenControls language={language} title={parsed.title} text={articleRef} />
            <article ref={articleRef} className="lesson__text" lang={language}>
              {parsed.sections.map((section, index) => (
                <LessonSectionView key={`${index}-${section.heading ?? ''}`} section={section} slug={program.slug} />
              ))}
            </article>
            {parsed.sources.length > 0 ? (
              <section className="lesson__sources" aria-labelledby="lesson-sources">
                <h2 id="lesson-sources" className="lesson__heading">
                  {t('learning.sources')}
                </h2>
                <ul>
                  {parsed.sources.map((source) => (
                    <li key={source.url}>
                      <a className="text-link" href={source.url} target="_blank" rel="noopener noreferrer">
                        {source.name}
                      </a>
                    </li>
                  ))}
                </ul>
                {parsed.reviewed ? <p>{t('learning.reviewed', { date: formatDate(parsed.reviewed) })}</p> : null}
              </section>
            ) : null}
            <MarkCompleted condition={entry.condition} lesson={lesson} online={online} />
            <nav className="lesson__pager" aria-label={t('learning.pager')}>
              {previous ? (
                <Link
                  className="button button--ghost"
                  rel="prev"
                  href={pathInLanguage(language, paths.learning(entry.condition, previous.slug))}
                >
                  <span aria-hidden="true">← </span>
                  {t('learning.previous', { title: previous.title })}
                </Link>
              ) : null}
              {next ? (
                <Link
                  className="button button--ghost"
                  rel="next"
                  href={pathInLanguage(language, paths.learning(entry.condition, next.slug))}
                >
                  {t('learning.next', { title: next.title })}
                  <span aria-hidden="true"> →</span>
                </Link>
              ) : null}
            </nav>
          </div>
        );
      }}
    </QueryRegion>
  );
}
