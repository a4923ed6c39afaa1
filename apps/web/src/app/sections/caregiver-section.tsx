// The profile's caregiver block: the caregiver with Edit and Remove, or (none) a way to add one. A minor's
// caregiver cannot be removed: the server refuses and the block says why.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import type { CaregiverView } from '@portal/contracts/caregiver';
import type { IdentificationType } from '@portal/contracts/enums';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../components/ui/query-region.tsx';
import { useSnackbar } from '../../components/ui/snackbar.tsx';
import { caregiverQuery, useChangeCaregiver, useRemoveCaregiver } from '../../features/caregiver/api/caregiver-api.ts';
import { CaregiverSummary } from '../../features/caregiver/components/caregiver-summary.tsx';
import { CaregiverForm } from '../../features/signup/components/caregiver-form.tsx';
import { usePatientPlan } from '../../features/signup/api/patient-plan.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useUser } from '../../lib/user.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

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
  const { language } = useLanguage();
  const snackbar = useSnackbar();
  const user = useUser();
  const patientPlan = usePatientPlan();
  const change = useChangeCaregiver();
  if (!user.data || !patientPlan.plan) return null;
  return (
    <div className="stack">
      <CaregiverForm
        formId="caregiver-edit"
        initial={caregiver}
        country={patientPlan.plan.country}
        types={patientPlan.plan.identificationTypes}
        patientIdentification={{ type: user.data.typeIdentification as IdentificationType, number: user.data.legalIdentification }}
        language={language}
        onSubmit={async (body) => {
          await change.mutateAsync({ id: caregiver.id, body });
          snackbar(t('caregiver.edit.done'));
          onDone();
        }}
      />
      <div className="actions">
        <PendingButton type="submit" form="caregiver-edit" isPending={change.isPending} pendingLabel={t('caregiver.edit.pending')}>
          {t('caregiver.edit.save')}
        </PendingButton>
        <Button className="button button--ghost" onPress={onDone} isDisabled={change.isPending}>
          {t('caregiver.remove.cancel')}
        </Button>
      </div>
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
