// /benefits/{productSearchQuery?}: the patient's benefits (features/benefits) in the app's frame.
import { useParams } from 'react-router';
import { BenefitsOverviewRegion } from '../../features/benefits/components/benefits-overview.tsx';
import { AppointmentsRegion } from '../../features/booking/components/appointments.tsx';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function BenefitsScreen() {
  const t = useT();
  const { productSearchQuery } = useParams();
  const { featureToggles } = useProgram();
  return (
    <AppPage title={t('pages.benefits.title')} lead={t('benefits.intro')}>
      <div className="stack">
        {/* The appointments first: what the patient has booked comes before what they could. */}
        {featureToggles && isFeatureEnabled('booking', featureToggles) ? <AppointmentsRegion /> : null}
        <BenefitsOverviewRegion productSearchQuery={productSearchQuery} />
      </div>
    </AppPage>
  );
}
