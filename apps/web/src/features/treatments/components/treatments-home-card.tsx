// The home's treatments card: each live medicine with its dose and what comes next; an empty state that says what to do.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { treatmentsQuery } from '../api/treatments-api.ts';
import { treatmentTime, type TreatmentTime } from '@portal/contracts/treatment-time';
import { patientToday } from '../treatment-end.ts';
import { NoTreatments } from './no-treatments.tsx';
import { useTreatmentTexts } from './treatment-details.tsx';

/** What comes next for a treatment: until when it runs, that it has not started, or that it ended and what to do. */
function NextForTreatment({ time }: { time: TreatmentTime }) {
  const t = useT();
  if (time.kind === 'notStarted')
    return <span className="home-treatments__next">{t('home.treatments.notStarted')}</span>;
  if (time.kind === 'running')
    return (
      <span className="home-treatments__next">{t('home.treatments.until', { date: formatDate(time.until) })}</span>
    );
  return (
    <span className="home-treatments__next home-treatments__next--ended">
      <strong>{t('home.treatments.ended', { date: formatDate(time.on) })}</strong> {t('home.treatments.endedWhatToDo')}
    </span>
  );
}

export function TreatmentsHomeCard() {
  const t = useT();
  const { program } = useProgram();
  const today = patientToday(useSignedInUser()?.country, program.defaultCountry);
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
                {live.map((item) => (
                  <li key={item.id}>
                    <strong>{item.medicine}</strong>
                    <span>
                      {texts.dose(item)} · {texts.frequency(item)}
                    </span>
                    <NextForTreatment time={treatmentTime(item, today)} />
                  </li>
                ))}
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
