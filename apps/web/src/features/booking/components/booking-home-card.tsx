// The home's appointments card (HOME_CARDS, feature booking): the next appointments with change and cancel, and a way
// to the benefits, where the services are booked.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-aria-components';
import { Card } from '../../../components/ui/card.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { bookingsQuery } from '../api/booking-api.ts';
import { AppointmentsList } from './appointments.tsx';

export function BookingHomeCard() {
  const t = useT();
  const { language } = useLanguage();
  const bookings = useQuery(bookingsQuery());
  return (
    <Card title={t('booking.appointments.title')}>
      <QueryRegion query={bookings} lines={2} errorKey="booking.home.loadError">
        {(list) => (
          <>
            <AppointmentsList bookings={list} limit={2} />
            <Link className="button button--ghost" href={pathInLanguage(language, paths.benefits())}>
              {t('home.booking.see')}
            </Link>
          </>
        )}
      </QueryRegion>
    </Card>
  );
}
