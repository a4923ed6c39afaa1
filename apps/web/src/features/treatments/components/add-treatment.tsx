// A new treatment with the enrolment's treatment questions; medicines already registered are never offered.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { TreatmentFlow } from '../../../patient/components/treatment-flow.tsx';
import { usePatientPlan } from '../../../patient/hooks/use-patient-plan.ts';
import { useT } from '../../../program/use-t.ts';
import { treatmentsQuery, useAddTreatment } from '../api/treatments-api.ts';

export function AddTreatment() {
  const t = useT();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { language } = useLanguage();
  const patientPlan = usePatientPlan();
  const treatments = useQuery(treatmentsQuery());
  const add = useAddTreatment();
  const listHref = pathInLanguage(language, paths.treatments);
  return (
    <QueryRegion queries={{ patientPlan, treatments }} loading={<Skeleton lines={5} label={t('app.loading')} />}>
      {({ patientPlan: plan, treatments: { live } }) => {
        // The registered product ids: the live treatments (the server refuses a duplicate anyway).
        const registered = live.map((item) => ({ productId: item.productId }));
        const available = plan.products.filter((product) => !registered.some((item) => item.productId === product.id));
        return available.length === 0 ? (
          <EmptyState
            message={t('treatments.add.noneLeft')}
            action={
              <Link className="button button--primary" href={listHref}>
                {t('treatments.add.backToList')}
              </Link>
            }
          />
        ) : (
          <TreatmentFlow
            patientPlan={plan}
            registered={registered}
            language={language}
            submitLabel={t('treatments.add.save')}
            pendingLabel={t('treatments.add.pending')}
            onSubmit={async (body) => {
              await add.mutateAsync(body);
              snackbar(t('treatments.added'));
              void navigate(listHref);
            }}
            onCancel={() => void navigate(listHref)}
          />
        );
      }}
    </QueryRegion>
  );
}
