// A product's 4+1 progress as the counter needs it (decision 060): the free units to give now first, then the boxes
// towards the next one, and a cap that stops the free units this month or year.
import type { ExchangeProgress } from '@portal/contracts/exchange-progress';
import { useT } from '../../../program/use-t.ts';

export function CounterProgress({ progress }: { progress: ExchangeProgress }) {
  const t = useT();
  const filled = progress.unitsTowardNext;
  return (
    <div className="counter-progress">
      <p className="counter-progress__free" data-ready={progress.freeUnitsAvailable > 0 ? '' : undefined}>
        {t('pharmacy.progress.free', { count: progress.freeUnitsAvailable })}
      </p>
      <ol className="counter-progress__boxes" aria-hidden="true">
        {Array.from({ length: progress.unitsPerFreeUnit }, (_, index) => (
          <li key={index} className="counter-progress__box" data-filled={index < filled ? '' : undefined}>
            {index < filled ? '✓' : index + 1}
          </li>
        ))}
      </ol>
      <p className="counter-progress__count">
        {t('pharmacy.progress.count', { count: filled, total: progress.unitsPerFreeUnit })}
      </p>
      {progress.capReached ? (
        <p>{t(`pharmacy.progress.cap.${progress.capReached}`, { capPer: progress.capPer })}</p>
      ) : null}
    </div>
  );
}
