// /treatments/new: add a treatment with the sign-up's treatment steps; medicines already registered are never offered.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RegionError } from '../../components/ui/region-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useSnackbar } from '../../components/ui/snackbar.tsx';
import { usePatientPlan } from '../../features/signup/api/patient-plan.ts';
import { TreatmentFlow } from '../../features/signup/components/treatment-flow.tsx';
import { treatmentsQuery, useAddTreatment } from '../../features/treatments/api/treatments-api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import { Link } from 'react-aria-components';

export default function TreatmentsNewScreen() {
  const t = useT();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { language } = useLanguage();
  const patientPlan = usePatientPlan();
  const treatments = useQuery(treatmentsQuery());
  const add = useAddTreatment();
  const listHref = pathInLanguage(language, paths.treatments);

  let content;
  if (patientPlan.isError || treatments.isError) {
    content = (
      <RegionError
        onRetry={() => {
          patientPlan.retry();
          if (treatments.isError) void treatments.refetch();
        }}
      />
    );
  } else if (patientPlan.isPending || treatments.isPending || !patientPlan.plan || !patientPlan.products || !patientPlan.birthDate) {
    content = <Skeleton lines={5} label={t('app.loading')} />;
  } else {
    // The registered product ids: the live treatments (the server refuses a duplicate anyway).
    const registered = treatments.data.live.map((item) => ({ productId: item.productId }));
    const available = patientPlan.products.filter((product) => !registered.some((item) => item.productId === product.id));
    content =
      available.length === 0 ? (
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
          plan={patientPlan.plan}
          products={patientPlan.products}
          registered={registered}
          birthDate={patientPlan.birthDate}
          today={patientPlan.today}
          language={language}
          submitLabel={t('treatments.add.save')}
          pendingLabel={t('treatments.add.pending')}
          onSubmit={async (body) => {
            await add.mutateAsync(body);
            snackbar(t('treatments.added'));
            void navigate(listHref);
          }}
          onCancel={() => navigate(listHref)}
        />
      );
  }
  return <AppPage title={t('pages.treatmentsNew.title')}>{content}</AppPage>;
}
