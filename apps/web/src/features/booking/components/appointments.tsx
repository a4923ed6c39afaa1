// The patient's appointments (decision 058), on the benefits page and, shorter, on the home: each with its time in its
// zone and its place, "add to calendar", and, until the cut-off, change the date or cancel (asked first).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import type { BookingView } from '@portal/contracts/booking';
import { QueryRegion, type RegionQuery } from '../../../components/ui/query-region.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';
import { useT } from '../../../program/use-t.ts';
import { bookingsQuery, useCancelBooking } from '../api/booking-api.ts';
import { formatWhen, localeOf } from '@portal/contracts/booking-format';
import { AddToCalendarButton } from './add-to-calendar.tsx';
import { PlaceDetails } from './place-details.tsx';
import './booking.css';

// The dialog (react-aria's Modal) loads when the patient asks to cancel: the home's card does not carry it.
const ConfirmDialog = lazy(() =>
  import('../../../components/ui/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

function Appointment({ booking, isCompact }: { booking: BookingView; isCompact: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = localeOf(language, useSignedInUser()?.country);
  const snackbar = useSnackbar();
  const cancel = useCancelBooking();
  const [isCancelling, setCancelling] = useState(false);
  const when = formatWhen(booking.startsAt, booking.timeZone, locale);
  const service = t(booking.service.texts.title);
  return (
    <li className="appointment">
      <p className="appointment__service">{service}</p>
      <p className="appointment__when">{when}</p>
      <PlaceDetails place={booking.place} />
      {isCompact ? null : booking.canChange ? (
        <p className="booking__note">
          {t('booking.done.change', { when: formatWhen(booking.changeableUntil, booking.timeZone, locale) })}
        </p>
      ) : (
        <p className="booking__note">{t('booking.appointments.locked')}</p>
      )}
      <div className="actions">
        {isCompact ? null : <AddToCalendarButton booking={booking} />}
        {booking.canChange ? (
          <>
            <Link
              className="button button--ghost"
              href={`${paths.booking(booking.service.benefitId)}?move=${booking.bookingId}`}
              aria-label={t('booking.appointments.moveNamed', { service, when })}
            >
              {t('booking.appointments.move')}
            </Link>
            <Button
              className="button button--ghost"
              onPress={() => setCancelling(true)}
              aria-label={t('booking.appointments.cancelNamed', { service, when })}
            >
              {t('booking.appointments.cancel')}
            </Button>
          </>
        ) : null}
      </div>
      {isCancelling ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('booking.cancel.title')}
            body={t('booking.cancel.body', { service, when })}
            error={cancel.isError ? t(errorKeyOf(cancel.error)) : undefined}
            confirmLabel={t('booking.appointments.cancel')}
            pendingLabel={t('booking.cancel.pending')}
            cancelLabel={t('booking.cancel.keep')}
            isPending={cancel.isPending}
            onConfirm={() =>
              cancel
                .mutateAsync({ bookingId: booking.bookingId, sequence: booking.sequence })
                .then(() => {
                  setCancelling(false);
                  snackbar(t('booking.cancelled'));
                })
                .catch(() => undefined)
            }
            onCancel={() => {
              cancel.reset();
              setCancelling(false);
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

/** The appointments to come; `limit` shows the first few (the home). */
export function AppointmentsList({ bookings, limit }: { bookings: BookingView[]; limit?: number }) {
  const t = useT();
  if (bookings.length === 0) return <p>{t('booking.appointments.none')}</p>;
  return (
    <ul className="appointments">
      {bookings.slice(0, limit).map((booking) => (
        <Appointment key={booking.bookingId} booking={booking} isCompact={limit !== undefined} />
      ))}
    </ul>
  );
}

/** The benefits page's section of appointments: its own region, so a failure never blanks the benefits. */
export function AppointmentsRegion({ waitFor }: { waitFor?: readonly RegionQuery<unknown>[] }) {
  const t = useT();
  const bookings = useQuery(bookingsQuery());
  return (
    <section className="benefits-section" aria-labelledby="appointments-title">
      <h2 id="appointments-title" className="benefits-section__title">
        {t('booking.appointments.title')}
      </h2>
      <QueryRegion query={bookings} lines={3} errorKey="errors.bookingAvailability" waitFor={waitFor}>
        {(list) => <AppointmentsList bookings={list} />}
      </QueryRegion>
    </section>
  );
}
