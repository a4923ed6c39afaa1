// A patient without a caregiver adds one (the enrolment's caregiver questions and rules); one who has one is sent
// to the profile.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { usePatientPlan } from '../../../patient/hooks/use-patient-plan.ts';
import { useT } from '../../../program/use-t.ts';
import { caregiverQuery, useAddCaregiver } from '../api/caregiver-api.ts';
import { CaregiverEditor } from './caregiver-editor.tsx';

export function AddCaregiver() {
  const t = useT();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { language } = useLanguage();
  const patientPlan = usePatientPlan();
  const caregiver = useQuery(caregiverQuery());
  const add = useAddCaregiver();
  const profileHref = pathInLanguage(language, paths.profile);
  return (
    <QueryRegion queries={{ patientPlan, caregiver }} loading={<Skeleton lines={6} label={t('app.loading')} />}>
      {(data) =>
        data.caregiver ? (
          <EmptyState
            message={t('caregiver.errors.alreadyHasOne')}
            action={
              <Link className="button button--primary" href={profileHref}>
                {t('caregiver.add.toProfile')}
              </Link>
            }
          />
        ) : (
          <div className="card stack">
            <p>{t('caregiver.intro')}</p>
            <CaregiverEditor
              formId="caregiver-add"
              patientPlan={data.patientPlan}
              submitLabel={t('caregiver.submit')}
              pendingLabel={t('caregiver.add.pending')}
              isPending={add.isPending}
              onSubmit={async (body) => {
                await add.mutateAsync(body);
                snackbar(t('caregiver.added'));
                void navigate(profileHref);
              }}
              onCancel={() => void navigate(-1)}
            />
          </div>
        )
      }
    </QueryRegion>
  );
}
