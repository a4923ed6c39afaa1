// The profile's caregiver block: the caregiver with Edit and Remove, or (none) a way to add one. A minor's
// caregiver cannot be removed: the server refuses and the block says why.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import type { CaregiverView } from '@portal/contracts/caregiver';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { caregiverQuery, useChangeCaregiver, useRemoveCaregiver } from '../api/caregiver-api.ts';
import { CaregiverSummary } from './caregiver-summary.tsx';
import { CaregiverEditor } from './caregiver-editor.tsx';
import { usePatientPlan } from '../../../patient/hooks/use-patient-plan.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { isFeatureEnabled } from '../../../lib/features.ts';
import { useProgram } from '../../../program/program-context.tsx';
import { useT } from '../../../program/use-t.ts';

function RemoveDialog({ caregiver, onClose }: { caregiver: CaregiverView; onClose: () => void }) {
  const t = useT();
  const snackbar = useSnackbar();
  const remove = useRemoveCaregiver();
  const refusal = remove.error instanceof ApiError ? remove.error.error : undefined;
  const isRefusedForMinor = refusal?.code === 'CAREGIVER_REQUIRED_FOR_MINOR';
  return (
    <ConfirmDialog
      title={t('caregiver.remove.title', { name: caregiver.displayName })}
      body={t('caregiver.remove.body')}
      error={remove.isError ? t(isRefusedForMinor ? refusal.message : 'errors.general') : undefined}
      confirmLabel={t('caregiver.remove.confirm')}
      pendingLabel={t('caregiver.remove.pending')}
      cancelLabel={t('caregiver.remove.cancel')}
      isPending={remove.isPending}
      canConfirm={!isRefusedForMinor}
      autoFocusCancel
      onConfirm={() =>
        remove.mutate(caregiver.id, {
          onSuccess: () => {
            snackbar(t('caregiver.remove.done'));
            onClose();
          },
        })
      }
      onCancel={onClose}
    />
  );
}

function EditCaregiver({ caregiver, onDone }: { caregiver: CaregiverView; onDone: () => void }) {
  const t = useT();
  const snackbar = useSnackbar();
  const patientPlan = usePatientPlan();
  const change = useChangeCaregiver();
  if (!patientPlan.data) return null;
  return (
    <div className="stack">
      <CaregiverEditor
        formId="caregiver-edit"
        patientPlan={patientPlan.data}
        initial={caregiver}
        submitLabel={t('caregiver.edit.save')}
        pendingLabel={t('caregiver.edit.pending')}
        isPending={change.isPending}
        onSubmit={async (body) => {
          await change.mutateAsync({ id: caregiver.id, body });
          snackbar(t('caregiver.edit.done'));
          onDone();
        }}
        onCancel={onDone}
      />
    </div>
  );
}

/**
 * The profile's caregiver block. Spec section 3: the block is absent when the patient has none; a link to add one
 * stands in its place.
 */
export function CaregiverSection() {
  const t = useT();
  const { language } = useLanguage();
  const { featureToggles } = useProgram();
  const caregiver = useQuery(caregiverQuery());
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  if (!isFeatureEnabled('caregiver', featureToggles)) return null;
  if (caregiver.data === null) {
    return (
      <p className="caregiver-add-link">
        <Link className="button button--ghost" href={pathInLanguage(language, paths.caregiverAdd)}>
          {t('caregiver.add.action')}
        </Link>
      </p>
    );
  }
  return (
    <Card title={t('caregiver.section.title')}>
      <QueryRegion query={caregiver} lines={4}>
        {(current) =>
          current === null ? null : mode === 'edit' ? (
            <EditCaregiver caregiver={current} onDone={() => setMode('view')} />
          ) : (
            <>
              <CaregiverSummary caregiver={current} />
              <div className="actions ui-card__actions">
                <Button className="button button--primary" onPress={() => setMode('edit')}>
                  {t('caregiver.edit.action')}
                </Button>
                <Button className="button button--ghost" onPress={() => setMode('remove')}>
                  {t('caregiver.remove.action')}
                </Button>
              </div>
              {mode === 'remove' ? <RemoveDialog caregiver={current} onClose={() => setMode('view')} /> : null}
            </>
          )
        }
      </QueryRegion>
    </Card>
  );
}
