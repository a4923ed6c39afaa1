// Booking on a patient's behalf (decision 076), a section of the opened record, composed here from the staff console's
// session and the booking feature's screens (a feature does not import another): the patient's appointments to come,
// each with move and cancel until its cut-off, and a button per service their plan gives. Booking and moving open the
// patients' own booking screens in the console, calling the staff API (booking-endpoint.ts); the notices go to the
// patient. The screens load when the agent first books or moves.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { formatWhen, localeOf } from '@portal/contracts/booking-format';
import type { BookingView } from '@portal/contracts/booking';
import {
  StaffAttendanceResponseSchema,
  StaffBookingServicesResponseSchema,
  StaffPastAppointmentsResponseSchema,
  type StaffAttendance,
  type StaffPastAppointment,
} from '@portal/contracts/staff-booking';
import { PendingButton } from '../components/ui/pending-button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { QueryRegion } from '../components/ui/query-region.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { api } from '../lib/api.ts';
import { errorKeyOf } from '../lib/form-errors.ts';
import { useLanguage } from '../lib/language.tsx';
import { useT } from '../program/use-t.ts';
import { bookingsQuery, useCancelBooking, type BookingEndpoint } from '../features/booking/api/booking-api.ts';
import { BookingEndpointContext } from '../features/booking/booking-endpoint.ts';
import { staffBearer, withStaffSession } from '../features/staff/api/staff-api.ts';

const BookingRegion = lazy(() =>
  import('../features/booking/components/booking-flow.tsx').then((module) => ({ default: module.BookingRegion })),
);
const ConfirmDialog = lazy(() =>
  import('../components/ui/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

const servicesQuery = (endpoint: BookingEndpoint) =>
  queryOptions({
    queryKey: [...endpoint.key, 'services'],
    queryFn: () =>
      withStaffSession(() =>
        api.get(`${endpoint.base}/booking/services`, {
          ...staffBearer(),
          schema: StaffBookingServicesResponseSchema.shape.data,
        }),
      ),
  });

const pastQuery = (endpoint: BookingEndpoint) =>
  queryOptions({
    queryKey: [...endpoint.key, 'past'],
    queryFn: () =>
      withStaffSession(() =>
        api.get(`${endpoint.base}/bookings/past`, {
          ...staffBearer(),
          schema: StaffPastAppointmentsResponseSchema.shape.data,
        }),
      ),
  });

/**
 * The appointments whose time has come (the last 90 days), each with whether the patient came: the staff note a
 * missed one, which puts the patient on the outreach list, and may take it back (decision 085).
 */
function PastAppointments({ endpoint }: { endpoint: BookingEndpoint }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const past = useQuery(pastQuery(endpoint));
  const [notice, setNotice] = useState<string>();
  const mark = useMutation({
    mutationFn: ({ bookingId, attendance }: { bookingId: number; attendance: StaffAttendance }) =>
      withStaffSession(() =>
        api.post(
          `${endpoint.base}/bookings/${bookingId}/attendance`,
          { attendance },
          { ...staffBearer(), schema: StaffAttendanceResponseSchema.shape.data },
        ),
      ),
    onSuccess: (marked) => {
      const service = t(marked.service.texts.title);
      setNotice(
        t(marked.attendance === 'missed' ? 'staff.booking.past.markedMissed' : 'staff.booking.past.markedAttended', {
          service,
        }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pastQuery(endpoint).queryKey }),
  });
  const whenOf = (appointment: StaffPastAppointment) =>
    formatWhen(appointment.startsAt, appointment.timeZone, localeOf(language, endpoint.country));
  return (
    <section className="staff-past" aria-labelledby="staff-past-title">
      <h4 id="staff-past-title">{t('staff.booking.past.title')}</h4>
      <p>{t('staff.booking.past.lead')}</p>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {mark.isError ? <FormAlert tone="error">{t(errorKeyOf(mark.error))}</FormAlert> : null}
      <QueryRegion queries={{ past }} errorKey="staff.booking.loadError" lines={2}>
        {({ past: { appointments } }) =>
          appointments.length === 0 ? (
            <p className="staff-record__empty">{t('staff.booking.past.none')}</p>
          ) : (
            <ul className="staff-record__list">
              {appointments.map((appointment) => {
                const service = t(appointment.service.texts.title);
                const when = whenOf(appointment);
                const missed = appointment.attendance === 'missed';
                const next: StaffAttendance = missed ? 'attended' : 'missed';
                const isThis = mark.isPending && mark.variables.bookingId === appointment.bookingId;
                return (
                  <li key={appointment.bookingId} className="staff-appointment">
                    <p>
                      <strong>{service}</strong>: {when}
                      {missed ? <span className="staff-badge">{t('staff.booking.past.missed')}</span> : null}
                    </p>
                    <div className="actions">
                      <PendingButton
                        variant="ghost"
                        isPending={isThis}
                        pendingLabel={t('staff.booking.past.saving')}
                        aria-label={t(
                          missed ? 'staff.booking.past.markAttendedNamed' : 'staff.booking.past.markMissedNamed',
                          { service, when },
                        )}
                        onPress={() => {
                          setNotice(undefined);
                          mark.mutate({ bookingId: appointment.bookingId, attendance: next });
                        }}
                      >
                        {t(missed ? 'staff.booking.past.markAttended' : 'staff.booking.past.markMissed')}
                      </PendingButton>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryRegion>
    </section>
  );
}

function Appointment({
  booking,
  endpoint,
  onMove,
  onCancelled,
}: {
  booking: BookingView;
  endpoint: BookingEndpoint;
  onMove: () => void;
  onCancelled: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const cancel = useCancelBooking(endpoint);
  const [isCancelling, setCancelling] = useState(false);
  const when = formatWhen(booking.startsAt, booking.timeZone, localeOf(language, endpoint.country));
  const service = t(booking.service.texts.title);
  return (
    <li className="staff-appointment">
      <p>
        <strong>{service}</strong>: {when}
      </p>
      {booking.canChange ? (
        <div className="actions">
          <Button
            className="button button--ghost"
            onPress={onMove}
            aria-label={t('booking.appointments.moveNamed', { service, when })}
          >
            {t('booking.appointments.move')}
          </Button>
          <Button
            className="button button--ghost"
            onPress={() => setCancelling(true)}
            aria-label={t('booking.appointments.cancelNamed', { service, when })}
          >
            {t('booking.appointments.cancel')}
          </Button>
        </div>
      ) : (
        <p className="booking__note">{t('booking.appointments.locked')}</p>
      )}
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
                  onCancelled();
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

export function StaffAppointments({ patientId, country }: { patientId: number; country: string }) {
  const t = useT();
  const endpoint = useMemo<BookingEndpoint>(
    () => ({
      base: `/api/v1/staff/patients/${patientId}`,
      key: ['staff', patientId, 'booking'],
      options: staffBearer,
      wrap: withStaffSession,
      country,
    }),
    [patientId, country],
  );
  const services = useQuery(servicesQuery(endpoint));
  const bookings = useQuery(bookingsQuery(endpoint));
  const [flow, setFlow] = useState<{ benefitId: number; moveBookingId?: number }>();
  const [notice, setNotice] = useState<string>();

  return (
    <section className="staff-record__section staff-action" aria-labelledby="staff-booking-title">
      <h3 id="staff-booking-title">{t('staff.booking.title')}</h3>
      <p>{t('staff.booking.lead')}</p>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {flow ? (
        <BookingEndpointContext.Provider value={endpoint}>
          <Suspense fallback={<Skeleton lines={6} />}>
            <BookingRegion benefitId={flow.benefitId} moveBookingId={flow.moveBookingId} />
          </Suspense>
          <div className="actions">
            <Button className="button button--ghost" onPress={() => setFlow(undefined)}>
              {t('staff.booking.close')}
            </Button>
          </div>
        </BookingEndpointContext.Provider>
      ) : (
        <QueryRegion queries={{ services, bookings }} errorKey="staff.booking.loadError" lines={3}>
          {({ services: given, bookings: upcoming }) => {
            const bookable = given.services.filter(
              (service) => !upcoming.some((booking) => booking.service.benefitId === service.benefitId),
            );
            return (
              <>
                {upcoming.length === 0 ? (
                  <p className="staff-record__empty">{t('staff.booking.none')}</p>
                ) : (
                  <ul className="staff-record__list">
                    {upcoming.map((booking) => (
                      <Appointment
                        key={booking.bookingId}
                        booking={booking}
                        endpoint={endpoint}
                        onMove={() => {
                          setNotice(undefined);
                          setFlow({ benefitId: booking.service.benefitId, moveBookingId: booking.bookingId });
                        }}
                        onCancelled={() => setNotice(t('staff.booking.cancelled'))}
                      />
                    ))}
                  </ul>
                )}
                {given.services.length === 0 ? (
                  <p className="staff-record__empty">{t('staff.booking.noServices')}</p>
                ) : (
                  <div className="actions">
                    {bookable.map((service) => (
                      <Button
                        key={service.benefitId}
                        className="button button--primary"
                        onPress={() => {
                          setNotice(undefined);
                          setFlow({ benefitId: service.benefitId });
                        }}
                      >
                        {t('staff.booking.book', { service: t(service.texts.title) })}
                      </Button>
                    ))}
                  </div>
                )}
              </>
            );
          }}
        </QueryRegion>
      )}
      {flow ? null : <PastAppointments endpoint={endpoint} />}
    </section>
  );
}
