// /benefit/{idBenefit}/booking (decision 058): the service, where (when it has several places), a calendar of the
// days with free times, the free times of the chosen day, then a step that holds the time while the patient checks
// it, then the confirmation with "add to calendar". With `move` it moves that appointment instead of making one.
// Every time shown is in the appointment's zone (the patient's country's), named in full for screen readers.
// This file loads the flow and orders its steps (booking-choose, booking-review, booking-done).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import type { BookingAvailability, BookingHold, BookingView } from '@portal/contracts/booking';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { availabilityQuery, bookingsQuery, useReleaseHold } from '../api/booking-api.ts';
import { useBookingEndpoint, useIsOnBehalf } from '../booking-endpoint.ts';
import { Choose } from './booking-choose.tsx';
import { Done } from './booking-done.tsx';
import { Review } from './booking-review.tsx';
// After the steps' own styles (the calendar grid's), as before the split: the booking's rules win on equal weight.
import './booking.css';

interface FlowProps {
  availability: BookingAvailability;
  bookings: BookingView[];
  moveBookingId: number | undefined;
}

function Flow({ availability, bookings, moveBookingId }: FlowProps) {
  const t = useT();
  const { language } = useLanguage();
  // Read once, as the screen opened: the appointments refresh after the booking, and the screen must then show its
  // confirmation, not "you already have one".
  const [{ moving, existing }] = useState(() => ({
    moving: bookings.find((booking) => booking.bookingId === moveBookingId),
    existing: bookings.find((booking) => booking.service.benefitId === availability.service.benefitId),
  }));
  const [hold, setHold] = useState<BookingHold | null>(null);
  const [done, setDone] = useState<BookingView | null>(null);
  const [notice, setNotice] = useState<string>();
  const endpoint = useBookingEndpoint();
  const onBehalf = useIsOnBehalf();
  const release = useReleaseHold(endpoint);
  const queryClient = useQueryClient();
  if (done) return <Done booking={done} wasMove={moving !== undefined} />;
  // On a patient's behalf the console says it (no way into the patient's own pages).
  if (onBehalf && !moving && existing) return <EmptyState message={t('booking.errors.alreadyBooked')} />;
  if (moveBookingId !== undefined && (!moving || !moving.canChange))
    return <EmptyState message={t('booking.move.unavailable')} />;
  if (!moving && existing)
    return (
      <EmptyState
        message={t('booking.errors.alreadyBooked')}
        action={
          <Link className="button button--primary" href={pathInLanguage(language, paths.benefits())}>
            {t('booking.seeAppointments')}
          </Link>
        }
      />
    );
  return (
    <div className="booking stack">
      <section className="booking-service" aria-labelledby="booking-service-title">
        <h2 id="booking-service-title" className="booking__service-title">
          {t(availability.service.texts.title)}
        </h2>
        <p>{t(availability.service.texts.description)}</p>
        <p className="booking__note">
          {t('booking.rules', {
            notice: availability.service.minimumNoticeHours,
            cutoff: availability.service.cancellationCutoffHours,
          })}
        </p>
      </section>
      {hold ? (
        <Review
          availability={availability}
          hold={hold}
          moving={moving}
          onDone={setDone}
          onBack={() => {
            release.mutate(hold.holdId);
            setHold(null);
          }}
          onChooseAgain={(key) => {
            setNotice(t(key));
            setHold(null);
            void queryClient.invalidateQueries({
              queryKey: availabilityQuery(availability.service.benefitId, endpoint).queryKey,
            });
          }}
        />
      ) : (
        <Choose
          availability={availability}
          moving={moving}
          notice={notice}
          onHeld={(held) => {
            setNotice(undefined);
            setHold(held);
          }}
        />
      )}
    </div>
  );
}

/** The booking screen's region: the service's availability (and, when moving, the appointment being moved). */
export function BookingRegion({ benefitId, moveBookingId }: { benefitId: number; moveBookingId: number | undefined }) {
  const t = useT();
  const endpoint = useBookingEndpoint();
  const availability = useQuery(availabilityQuery(benefitId, endpoint));
  const bookings = useQuery(bookingsQuery(endpoint));
  // Not this patient's to book (another program's service, or one the plan does not give): said, not retried.
  if (availability.error instanceof ApiError && [403, 404].includes(availability.error.status))
    return <EmptyState message={t(errorKeyOf(availability.error))} />;
  return (
    <QueryRegion
      queries={{ availability, bookings }}
      errorKey="errors.bookingAvailability"
      loading={<Skeleton lines={10} />}
    >
      {({ availability: loaded, bookings: list }) => (
        <Flow availability={loaded} bookings={list} moveBookingId={moveBookingId} />
      )}
    </QueryRegion>
  );
}
