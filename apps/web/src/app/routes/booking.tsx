// /benefit/{idBenefit}/booking (no language prefix, numeric id; spec section 2): book a service, or with ?move={id}
// move that appointment (features/booking, decision 058), in the app's frame.
import { useParams, useSearchParams } from 'react-router';
import { BookingRegion } from '../../features/booking/components/booking-flow.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';

export default function BookingScreen() {
  const t = useT();
  const { language } = useLanguage();
  const { idBenefit } = useParams();
  const [search] = useSearchParams();
  const move = search.get('move');
  const moveBookingId = move && /^\d{1,15}$/.test(move) ? Number(move) : undefined;
  return (
    <AppPage
      title={t(moveBookingId === undefined ? 'pages.booking.title' : 'booking.move.title')}
      back={{ href: pathInLanguage(language, paths.benefits()), label: t('pages.benefits.title') }}
    >
      <BookingRegion benefitId={Number(idBenefit)} moveBookingId={moveBookingId} />
    </AppPage>
  );
}
