// /treatments: the patient's live treatments (modify with the doctor's authorisation, delete with a reason) and the history.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import type { TreatmentView } from '@portal/contracts/treatments';
import { Card } from '../../components/ui/card.tsx';
import { QueryRegion } from '../../components/ui/query-region.tsx';
import { RegionError } from '../../components/ui/region-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSnackbar } from '../../components/ui/snackbar.tsx';
import { usePatientPlan } from '../../features/signup/api/patient-plan.ts';
import { TreatmentFlow } from '../../features/signup/components/treatment-flow.tsx';
import { treatmentsQuery, useModifyTreatment } from '../../features/treatments/api/treatments-api.ts';
import { AuthorizationDialog } from '../../features/treatments/components/authorization-dialog.tsx';
import { NoTreatments } from '../../features/treatments/components/no-treatments.tsx';
import { DeleteTreatmentDialog } from '../../features/treatments/components/delete-treatment-dialog.tsx';
import { DELETE_REASON_KEYS, TreatmentDetails } from '../../features/treatments/components/treatment-details.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

type Mode = { kind: 'list' } | { kind: 'authorize'; item: TreatmentView } | { kind: 'modify'; item: TreatmentView } | { kind: 'delete'; item: TreatmentView };

/** A treatment view as the steps' draft, so that the form opens with the values as they are. */
function draftOf(item: TreatmentView) {
  return {
    productId: item.productId,
    unitAmount: item.unitAmount,
    frequency: { amount: String(item.frequency.amount), interval: item.frequency.interval },
    duration: { amount: String(item.duration.amount), interval: item.duration.interval },
    restTime: item.restTime ? { amount: String(item.restTime.amount), interval: item.restTime.interval } : undefined,
    startDate: item.startDate ?? undefined,
    notStarted: item.startDate === null,
    doctor: item.doctor ? { firstName: item.doctor.firstName ?? '', lastName: item.doctor.lastName ?? '' } : undefined,
    healthCenter: item.healthCenter ? { name: item.healthCenter.name, type: item.healthCenter.type ?? undefined } : undefined,
    customTherapy: { hasCode: Boolean(item.customTherapyCode), code: item.customTherapyCode ?? '' },
  };
}

function ModifyTreatment({ item, onDone, onCancel }: { item: TreatmentView; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const patientPlan = usePatientPlan();
  const modify = useModifyTreatment();
  if (patientPlan.isError) return <RegionError onRetry={patientPlan.retry} />;
  if (patientPlan.isPending || !patientPlan.plan || !patientPlan.products || !patientPlan.birthDate) return <Skeleton lines={4} label={t('app.loading')} />;
  // The medicine stays: the steps offer only the treatment's own product.
  const own = patientPlan.products.filter((product) => product.id === item.productId);
  return (
    <TreatmentFlow
      plan={patientPlan.plan}
      products={own.length ? own : [{ id: item.productId, medicine: item.medicine, presentation: item.presentation, unit: item.unit, minAgeYears: 0, maxAgeYears: 120, maxUnitAmount: Number.MAX_SAFE_INTEGER }]}
      birthDate={patientPlan.birthDate}
      today={patientPlan.today}
      language={language}
      initial={draftOf(item)}
      submitLabel={t('treatments.modify.save')}
      pendingLabel={t('treatments.modify.pending')}
      onSubmit={async (body) => {
        const { productId: _same, ...treatment } = body;
        await modify.mutateAsync({ id: item.id, treatment });
        onDone();
      }}
      onCancel={onCancel}
    />
  );
}

export default function TreatmentsScreen() {
  const t = useT();
  const { language } = useLanguage();
  const treatments = useQuery(treatmentsQuery());
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const snackbar = useSnackbar();
  const addHref = pathInLanguage(language, paths.treatmentsNew);

  if (mode.kind === 'modify') {
    return (
      <AppPage title={t('treatments.modifyTitle')}>
        <ModifyTreatment
          item={mode.item}
          onCancel={() => setMode({ kind: 'list' })}
          onDone={() => {
            setMode({ kind: 'list' });
            snackbar(t('treatments.modified'));
          }}
        />
      </AppPage>
    );
  }

  return (
    <AppPage title={t('pages.treatments.title')}>
      <QueryRegion query={treatments} lines={6}>
        {({ live, deleted }) => (
          <div className="stack">
            {live.length === 0 ? (
              <NoTreatments />
            ) : (
              <>
                <ul className="card-list" aria-label={t('treatments.live.label')}>
                  {live.map((item) => (
                    <li key={item.id}>
                      <Card
                        title={item.medicine}
                        actions={
                          <>
                            <Button className="button button--primary" onPress={() => setMode({ kind: 'authorize', item })}>
                              {t('treatments.modify')}
                            </Button>
                            <Button className="button button--ghost" onPress={() => setMode({ kind: 'delete', item })}>
                              {t('treatments.delete')}
                            </Button>
                          </>
                        }
                      >
                        <p className="card__subtitle">{item.presentation}</p>
                        <TreatmentDetails item={item} />
                      </Card>
                    </li>
                  ))}
                </ul>
                <Link className="button button--ghost" href={addHref}>
                  {t('treatments.add')}
                </Link>
              </>
            )}
            {deleted.length > 0 ? (
              <details className="history">
                <summary>{t('treatments.history.title', { count: deleted.length })}</summary>
                <ul className="history__list">
                  {deleted.map((item) => (
                    <li key={item.id}>
                      <strong>{item.medicine}</strong> · {item.presentation}
                      <br />
                      {t('treatments.history.deleted', { date: formatDate(item.deletedAt ?? item.updatedAt), reason: t(DELETE_REASON_KEYS[item.deletedReason ?? 'OTHER']) })}
                      {item.deletedNote ? <span className="history__note"> — {item.deletedNote}</span> : null}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        )}
      </QueryRegion>
      {mode.kind === 'authorize' ? (
        <AuthorizationDialog medicine={mode.item.medicine} onClose={() => setMode({ kind: 'list' })} onConfirm={() => setMode({ kind: 'modify', item: mode.item })} />
      ) : null}
      {mode.kind === 'delete' ? (
        <DeleteTreatmentDialog
          item={mode.item}
          onClose={() => setMode({ kind: 'list' })}
          onDeleted={() => {
            setMode({ kind: 'list' });
            snackbar(t('treatments.deleted'));
          }}
        />
      ) : null}
    </AppPage>
  );
}
