// /benefits/{productSearchQuery?}: the patient's benefits (features/benefits) in the app's frame.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { benefitsQuery } from '../../features/benefits/api/benefits-api.ts';
import { BenefitsOverviewRegion } from '../../features/benefits/components/benefits-overview.tsx';
import { bookingsQuery } from '../../features/booking/api/booking-api.ts';
import { AppointmentsRegion } from '../../features/booking/components/appointments.tsx';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function BenefitsScreen() {
  const t = useT();
  const { productSearchQuery } = useParams();
  const { featureToggles } = useProgram();
  const hasBooking = Boolean(featureToggles && isFeatureEnabled('booking', featureToggles));
  // The two regions appear together (decision 093): the appointments' list, coming first, does not push the benefits
  // down under the patient's eyes. The same queries as the regions' own (one call each).
  const bookings = useQuery({ ...bookingsQuery(), enabled: hasBooking });
  const benefits = useQuery(benefitsQuery());
  return (
    <AppPage title={t('pages.benefits.title')} lead={t('benefits.intro')}>
      <div className="stack">
        {/* The appointments first: what the patient has booked comes before what they could. */}
        {hasBooking ? <AppointmentsRegion waitFor={[benefits]} /> : null}
        <BenefitsOverviewRegion productSearchQuery={productSearchQuery} waitFor={hasBooking ? [bookings] : []} />
      </div>
    </AppPage>
  );
}
