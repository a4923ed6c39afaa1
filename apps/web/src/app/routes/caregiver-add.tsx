// /caregiver/add: a patient without a caregiver adds one (the enrolment's caregiver questions and rules).
import { useQuery } from '@tanstack/react-query';
import { Button, Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { IdentificationType } from '@portal/contracts/enums';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { RegionError } from '../../components/ui/region-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSnackbar } from '../../components/ui/snackbar.tsx';
import { caregiverQuery, useAddCaregiver } from '../../features/caregiver/api/caregiver-api.ts';
import { usePatientPlan } from '../../features/signup/api/patient-plan.ts';
import { CaregiverForm } from '../../features/signup/components/caregiver-form.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useUser } from '../../lib/user.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function CaregiverAddScreen() {
  const t = useT();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { language } = useLanguage();
  const user = useUser();
  const patientPlan = usePatientPlan();
  const caregiver = useQuery(caregiverQuery());
  const add = useAddCaregiver();
  const profileHref = pathInLanguage(language, paths.profile);

  let content;
  if (user.isError || patientPlan.isError || caregiver.isError) {
    content = (
      <RegionError
        onRetry={() => {
          patientPlan.retry();
          if (caregiver.isError) void caregiver.refetch();
        }}
      />
    );
  } else if (!user.data || !patientPlan.plan || caregiver.isPending) {
    content = <Skeleton lines={6} label={t('app.loading')} />;
  } else if (caregiver.data) {
    content = (
      <EmptyState
        message={t('caregiver.errors.alreadyHasOne')}
        action={
          <Link className="button button--primary" href={profileHref}>
            {t('caregiver.add.toProfile')}
          </Link>
        }
      />
    );
  } else {
    content = (
      <div className="card stack">
        <p>{t('caregiver.intro')}</p>
        <CaregiverForm
          formId="caregiver-add"
          country={patientPlan.plan.country}
          types={patientPlan.plan.identificationTypes}
          patientIdentification={{ type: user.data.typeIdentification as IdentificationType, number: user.data.legalIdentification }}
          language={language}
          onSubmit={async (body) => {
            await add.mutateAsync(body);
            snackbar(t('caregiver.added'));
            void navigate(profileHref);
          }}
        />
        <div className="actions">
          <PendingButton type="submit" form="caregiver-add" isPending={add.isPending} pendingLabel={t('caregiver.add.pending')}>
            {t('caregiver.submit')}
          </PendingButton>
          <Button className="button button--ghost" onPress={() => navigate(-1)} isDisabled={add.isPending}>
            {t('caregiver.remove.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return <AppPage title={t('pages.caregiverAdd.title')}>{content}</AppPage>;
}
