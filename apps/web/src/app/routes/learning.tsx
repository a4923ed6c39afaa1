// /learning/{condition?}/{lesson?} (decision 049): the program's conditions and search, a condition's lessons, or a
// lesson; an unknown condition or lesson says "not found" with a way back to /learning. Loaded only on these routes
// (the Markdown renderer and the search with it).
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryRegion } from '../../components/ui/query-region.tsx';
import { ConditionLessons } from '../../features/learning/components/condition-lessons.tsx';
import { LearningNotFound } from '../../features/learning/components/learning-not-found.tsx';
import { LearningOverview } from '../../features/learning/components/learning-overview.tsx';
import { LessonView } from '../../features/learning/components/lesson-view.tsx';
import { lessonIndexQuery } from '../../features/learning/api/learning-api.ts';
import '../../features/learning/components/learning.css';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

function ConditionOrLesson({ condition, lesson }: { condition: string; lesson?: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { program } = useProgram();
  const index = useQuery(lessonIndexQuery(program.slug, language));
  const entry = index.data?.conditions.find((row) => row.condition === condition);
  const found = entry && (lesson === undefined || entry.lessons.some((row) => row.slug === lesson));
  const lessonEntry = entry?.lessons.find((row) => row.slug === lesson);
  const conditionName = entry ? t(`learning.conditions.${entry.condition}`) : t('pages.learning.title');
  const title = !index.data
    ? t('pages.learning.title')
    : !found
      ? t('learning.notFound.title')
      : (lessonEntry?.title ?? conditionName);
  const back =
    lesson && entry
      ? { href: pathInLanguage(language, paths.learning(condition)), label: conditionName }
      : { href: pathInLanguage(language, paths.learning()), label: t('pages.learning.title') };
  return (
    <AppPage
      title={title}
      back={back}
      lead={lessonEntry ? t('learning.minutes', { minutes: lessonEntry.minutes }) : undefined}
    >
      <QueryRegion query={index} errorKey="learning.loadError">
        {() =>
          !entry || !found ? (
            <LearningNotFound />
          ) : lesson ? (
            <LessonView key={`${condition}/${lesson}`} entry={entry} lesson={lesson} />
          ) : (
            <ConditionLessons entry={entry} />
          )
        }
      </QueryRegion>
    </AppPage>
  );
}

export default function LearningScreen() {
  const t = useT();
  const { conditionSearchQuery, lessonSearchQuery } = useParams();
  if (conditionSearchQuery) return <ConditionOrLesson condition={conditionSearchQuery} lesson={lessonSearchQuery} />;
  return (
    <AppPage title={t('pages.learning.title')} lead={t('learning.intro')}>
      <LearningOverview />
    </AppPage>
  );
}
