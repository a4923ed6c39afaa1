// The home's learning card: the next lesson of the program's own condition and its progress, one tap from the lesson.
// It reads the lesson index and the progress only (no Markdown, no search: those load on the learning routes).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { nextLessonOf } from '@portal/contracts/learning';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { learningProgressQuery, lessonIndexQuery } from '../api/learning-api.ts';
import { ProgressLine } from './progress-line.tsx';
import './learning.css';

export function LearningHomeCard() {
  const t = useT();
  const { language } = useLanguage();
  const { program } = useProgram();
  const index = useQuery(lessonIndexQuery(program.slug, language));
  const progress = useQuery(learningProgressQuery());
  return (
    <Card title={t('home.learning.title')}>
      <QueryRegion queries={{ index, progress }} lines={2} errorKey="learning.loadError">
        {({ index: lessonIndex, progress: mine }) => {
          const own = lessonIndex.conditions[0];
          const counts = mine.conditions.find((row) => row.condition === own?.condition);
          const last = mine.lastCompleted?.condition === own?.condition ? mine.lastCompleted?.lesson : undefined;
          const next = own
            ? own.lessons.find((l) => l.slug === nextLessonOf(own.lessons, counts?.completed ?? [], last))
            : undefined;
          return (
            <div className="stack">
              {own && own.lessons.length > 0 ? (
                <ProgressLine done={counts?.completedCount ?? 0} total={own.lessons.length} />
              ) : null}
              {next && own ? (
                <Link
                  className="learning-list__link"
                  href={pathInLanguage(language, paths.learning(own.condition, next.slug))}
                >
                  <span>{t('home.learning.next')}</span>
                  <strong>{next.title}</strong>
                  <span className="learning-list__meta">{t('learning.minutes', { minutes: next.minutes })}</span>
                </Link>
              ) : own && own.lessons.length > 0 ? (
                <p>{t('learning.allDone')}</p>
              ) : null}
              <Link className="button button--ghost" href={pathInLanguage(language, paths.learning())}>
                {t('home.learning.see')}
              </Link>
            </div>
          );
        }}
      </QueryRegion>
    </Card>
  );
}
