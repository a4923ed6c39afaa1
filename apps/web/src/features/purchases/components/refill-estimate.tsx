// A medicine's refill estimate on the home's card (decision 061): "Your Migralen 50 mg should last until 12/03/2026",
// or that it may have run out, and the reminder as a calendar file. Dates mm/dd/yyyy in both languages (spec section 9).
// A supply that lasts beyond a year says so, never a date years ahead nor a reminder for it (issue 38).
import { Button } from 'react-aria-components';
import type { RefillEstimateView } from '@portal/contracts/purchases';
import { addDays } from '@portal/contracts/refill';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../program/use-t.ts';

/** How far ahead a last day is still shown as a date. */
const REFILL_SHOWN_AS_DATE_DAYS = 365;

export function RefillEstimate({ refill, today }: { refill: RefillEstimateView; today: string }) {
  const t = useT();
  const values = { medicine: refill.medicine, date: formatDate(refill.lastsUntil) };
  const ranOut = refill.lastsUntil < today;
  const overAYear = refill.lastsUntil > addDays(today, REFILL_SHOWN_AS_DATE_DAYS);
  const text = ranOut ? 'refill.ranOut' : overAYear ? 'refill.lastsOverAYear' : 'refill.lastsUntil';
  return (
    <div className="home-refill" data-ran-out={ranOut || undefined}>
      <p className="home-refill__text">{t(text, values)}</p>
      <p className="home-refill__basis">{t('refill.basis', { kind: refill.packageKind })}</p>
      {ranOut || overAYear ? null : (
        <Button
          className="button button--ghost"
          onPress={() =>
            void import('../refill-calendar.ts').then(({ downloadRefillReminder }) =>
              downloadRefillReminder(refill, {
                summary: t('refill.calendar.summary', values),
                description: t('refill.calendar.description', values),
              }),
            )
          }
        >
          {t('refill.addToCalendar')}
        </Button>
      )}
    </div>
  );
}
