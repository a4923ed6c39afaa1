// The booking's last step: what was booked (or where it moved), until when it can change, and "add to calendar".
import { Link } from 'react-aria-components';
import type { BookingView } from '@portal/contracts/booking';
import { formatWhen } from '@portal/contracts/booking-format';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { useIsOnBehalf } from '../booking-endpoint.ts';
import { usePatientLocale } from '../hooks/use-patient-locale.ts';
import { AddToCalendarButton } from './add-to-calendar.tsx';
import { Step } from './booking-step.tsx';
import { PlaceDetails } from './place-details.tsx';

export function Done({ booking, wasMove }: { booking: BookingView; wasMove: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = usePatientLocale();
  const onBehalf = useIsOnBehalf();
  return (
    <Step name="done" title={t(wasMove ? 'booking.done.moved' : 'booking.done.title')}>
      <DetailsList
        rows={[
          [t('booking.summary.service'), t(booking.service.texts.title)],
          [t('booking.summary.when'), formatWhen(booking.startsAt, booking.timeZone, locale)],
          [t('booking.summary.place'), <PlaceDetails key="place" place={booking.place} />],
        ]}
      />
      <p>{t('booking.done.change', { when: formatWhen(booking.changeableUntil, booking.timeZone, locale) })}</p>
      {onBehalf ? (
        // The patient gets the confirmation and its calendar file by mail; the console goes back to the record.
        <p>{t('booking.onBehalf.patientNotified')}</p>
      ) : (
        <div className="actions">
          <AddToCalendarButton booking={booking} />
          <Link className="button button--primary" href={pathInLanguage(language, paths.benefits())}>
            {t('booking.seeAppointments')}
          </Link>
        </div>
      )}
    </Step>
  );
}
