// The 4+1 progress drawn as the boxes it counts: the bought ones filled, then the free one, with the sentence a
// screen reader reads (the boxes themselves are decoration).
import type { PackageKind } from '@portal/contracts/enums';
import type { ExchangeProgress } from '@portal/contracts/exchange-progress';
import { useT } from '../../../program/use-t.ts';
import './purchases.css';

/** How many boxes show as bought: all of them while a free unit waits and nothing counts towards the next. */
export function boxesFilled(progress: ExchangeProgress): number {
  if (progress.freeUnitsAvailable > 0 && progress.unitsTowardNext === 0) return progress.unitsPerFreeUnit;
  return progress.unitsTowardNext;
}

/** The sentence under the boxes, counting in the presentation's own word (a box, a pen, a vial…; decision 087). */
export function progressMessage(progress: ExchangeProgress, kind: PackageKind, t: ReturnType<typeof useT>): string {
  if (progress.freeUnitsAvailable > 0)
    return t('purchases.progress.free', { count: progress.freeUnitsAvailable, kind });
  // The caps are the offer's, across its medicines, unless the program caps each medicine (decision 066).
  if (progress.capReached) return t(`purchases.progress.cap.${progress.capReached}`, { capPer: progress.capPer, kind });
  const filled = boxesFilled(progress);
  return t('purchases.progress.count', {
    count: filled,
    total: progress.unitsPerFreeUnit,
    remaining: progress.unitsPerFreeUnit - filled,
    kind,
  });
}

export function FourPlusOne({ progress, packageKind }: { progress: ExchangeProgress; packageKind: PackageKind }) {
  const t = useT();
  const filled = boxesFilled(progress);
  const isFree = progress.freeUnitsAvailable > 0;
  return (
    <div className="four-plus-one">
      <ol className="four-plus-one__boxes" aria-hidden="true">
        {Array.from({ length: progress.unitsPerFreeUnit }, (_, index) => (
          <li key={index} className="four-plus-one__box" data-filled={index < filled ? '' : undefined}>
            {index < filled ? '✓' : index + 1}
          </li>
        ))}
        <li className="four-plus-one__box four-plus-one__box--free" data-ready={isFree ? '' : undefined}>
          {t('purchases.progress.freeBox')}
        </li>
      </ol>
      <p className="four-plus-one__message" data-ready={isFree ? '' : undefined}>
        {progressMessage(progress, packageKind, t)}
      </p>
    </div>
  );
}
