// The home's treatments card: each live medicine with its dose and what comes next; an empty state that says what to do.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import type { TreatmentView } from '@portal/contracts/treatments';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { treatmentsQuery } from '../api/treatments-api.ts';
import { NoTreatments } from './no-treatments.tsx';
import { useTreatmentTexts } from './treatment-details.tsx';

/** The day a treatment's length ends (start + duration), YYYY-MM-DD. */
function treatmentEnd(item: Pick<TreatmentView, 'startDate' | 'duration'>): string | null {
  if (!item.startDate) return null;
  const end = new Date(`${item.startDate}T00:00:00Z`);
  const { amount, interval } = item.duration;
  if (interval === 'day') end.setUTCDate(end.getUTCDate() + amount);
  else if (interval === 'week') end.setUTCDate(end.getUTCDate() + amount * 7);
  else if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + amount);
  else end.setUTCFullYear(end.getUTCFullYear() + amount);
  return end.toISOString().slice(0, 10);
}

export function TreatmentsHomeCard() {
  const t = useT();
  const { language } = useLanguage();
  const texts = useTreatmentTexts();
  const treatments = useQuery(treatmentsQuery());
  const listHref = pathInLanguage(language, paths.treatments);
  return (
    <Card title={t('home.treatments.title')}>
      <QueryRegion query={treatments} lines={3}>
        {({ live }) =>
          live.length === 0 ? (
            <NoTreatments />
          ) : (
            <>
              <ul className="home-treatments">
                {live.map((item) => {
                  const end = treatmentEnd(item);
                  return (
                    <li key={item.id}>
                      <strong>{item.medicine}</strong>
                      <span>
                        {texts.dose(item)} · {texts.frequency(item)}
                      </span>
                      <span className="home-treatments__next">
                        {end ? t('home.treatments.until', { date: formatDate(end) }) : t('home.treatments.notStarted')}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <Link className="button button--ghost" href={listHref}>
                {t('home.treatments.manage')}
              </Link>
            </>
          )
        }
      </QueryRegion>
    </Card>
  );
}
