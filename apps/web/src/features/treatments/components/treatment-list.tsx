// The treatments screen's lists: the live treatments, each with Modify and Delete, and the history of deleted ones.
import { Button, Link } from 'react-aria-components';
import type { TreatmentView } from '@portal/contracts/treatments';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';
import { treatmentTime } from '@portal/contracts/treatment-time';
import { patientToday } from '../treatment-end.ts';
import { NoTreatments } from './no-treatments.tsx';
import { DELETE_REASON_KEYS, TreatmentDetails } from './treatment-details.tsx';

interface LiveProps {
  live: TreatmentView[];
  onModify: (item: TreatmentView) => void;
  onDelete: (item: TreatmentView) => void;
}

export function LiveTreatments({ live, onModify, onDelete }: LiveProps) {
  const t = useT();
  const { language } = useLanguage();
  const { program } = useProgram();
  const today = patientToday(useSignedInUser()?.country, program.defaultCountry);
  if (live.length === 0) return <NoTreatments />;
  return (
    <>
      <ul className="card-list" aria-label={t('treatments.live.label')}>
        {live.map((item) => (
          <li key={item.id}>
            <Card
              title={item.medicine}
              actions={
                <>
                  <Button className="button button--primary" onPress={() => onModify(item)}>
                    {t('treatments.modify')}
                  </Button>
                  <Button className="button button--ghost" onPress={() => onDelete(item)}>
                    {t('treatments.delete')}
                  </Button>
                </>
              }
            >
              <p className="card__subtitle">{item.presentation[language]}</p>
              <TreatmentEnded item={item} today={today} />
              <TreatmentDetails item={item} />
            </Card>
          </li>
        ))}
      </ul>
      <Link className="button button--ghost" href={pathInLanguage(language, paths.treatmentsNew)}>
        {t('treatments.add')}
      </Link>
    </>
  );
}

/** An ended treatment says so, with what to do: renew it with the doctor and modify it, or remove it. */
function TreatmentEnded({ item, today }: { item: TreatmentView; today: string }) {
  const t = useT();
  const time = treatmentTime(item, today);
  if (time.kind !== 'ended') return null;
  return (
    <div className="treatment-ended" role="note">
      <p>
        <strong>{t('treatments.ended.title', { date: formatDate(time.on) })}</strong>
      </p>
      <p>{t('treatments.ended.whatToDo')}</p>
    </div>
  );
}

export function TreatmentHistory({ deleted }: { deleted: TreatmentView[] }) {
  const t = useT();
  const { language } = useLanguage();
  if (deleted.length === 0) return null;
  return (
    <details className="history">
      <summary>{t('treatments.history.title', { count: deleted.length })}</summary>
      <ul className="history__list">
        {deleted.map((item) => (
          <li key={item.id}>
            <strong>{item.medicine}</strong> · {item.presentation[language]}
            <br />
            {t('treatments.history.deleted', {
              date: formatDate(item.deletedAt ?? item.updatedAt),
              reason: t(DELETE_REASON_KEYS[item.deletedReason ?? 'OTHER']),
            })}
            {item.deletedNote ? <span className="history__note"> — {item.deletedNote}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
