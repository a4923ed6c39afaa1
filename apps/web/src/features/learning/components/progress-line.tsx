// '3 of 5 completed', with a bar that only draws it (the sentence says it); and the progress call's own error.
import type { UseQueryResult } from '@tanstack/react-query';
import { RegionError } from '../../../components/ui/region-error.tsx';
import { useT } from '../../../program/use-t.ts';

export function ProgressLine({ done, total }: { done: number; total: number }) {
  const t = useT();
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="learning-progress">
      <p className="learning-progress__text">{t('learning.progress', { done, total })}</p>
      <div className="learning-progress__bar" aria-hidden="true">
        <div className={`learning-progress__fill learning-progress__fill--${Math.round(percent / 10) * 10}`} />
      </div>
    </div>
  );
}

/** The progress call failed while the lessons show: its own Try again, and the lessons stay readable. */
export function ProgressError({ progress }: { progress: UseQueryResult<unknown> }) {
  if (!progress.isError || progress.data) return null;
  return (
    <RegionError
      messageKey="learning.progressError"
      isRetrying={progress.isFetching}
      onRetry={() => void progress.refetch()}
    />
  );
}
