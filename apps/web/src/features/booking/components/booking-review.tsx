// The booking's review step: the held time while the patient checks it, then its confirmation (or the move); a time
// that is gone sends the patient back to choose again.
import { Button } from 'react-aria-components';
import type { BookingAvailability, BookingHold, BookingView } from '@portal/contracts/booking';
import { formatTime, formatWhen } from '@portal/contracts/booking-format';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { useConfirmBooking, useRescheduleBooking } from '../api/booking-api.ts';
import { useBookingEndpoint } from '../booking-endpoint.ts';
import { usePatientLocale } from '../hooks/use-patient-locale.ts';
import { Step } from './booking-step.tsx';
import { PlaceDetails } from './place-details.tsx';

/** The refusals that mean "this time is gone or wrong": the patient chooses again from fresh slots. */
const CHOOSE_AGAIN = new Set([
  'BOOKING_SLOT_FULL',
  'BOOKING_HOLD_EXPIRED',
  'BOOKING_INSIDE_NOTICE',
  'BOOKING_OUTSIDE_HORIZON',
  'BOOKING_CLOSED_DAY',
  'BOOKING_OUTSIDE_HOURS',
]);

interface ReviewProps {
  availability: BookingAvailability;
  hold: BookingHold;
  moving: BookingView | undefined;
  onBack: () => void;
  onDone: (booking: BookingView) => void;
  onChooseAgain: (errorKey: string) => void;
}

export function Review({ availability, hold, moving, onBack, onDone, onChooseAgain }: ReviewProps) {
  const t = useT();
  const locale = usePatientLocale();
  const endpoint = useBookingEndpoint();
  const confirm = useConfirmBooking(endpoint);
  const reschedule = useRescheduleBooking(endpoint);
  const place = availability.places.find((candidate) => candidate.id === hold.placeId);
  const failure = confirm.error ?? reschedule.error;
  const submit = () =>
    (moving
      ? reschedule.mutateAsync({ bookingId: moving.bookingId, holdId: hold.holdId, sequence: moving.sequence })
      : confirm.mutateAsync(hold.holdId)
    )
      .then(onDone)
      .catch((error: unknown) => {
        if (error instanceof ApiError && CHOOSE_AGAIN.has(error.code)) onChooseAgain(errorKeyOf(error));
      });
  return (
    <Step name="review" title={t(moving ? 'booking.review.moveTitle' : 'booking.review.title')}>
      <DetailsList
        rows={[
          [t('booking.summary.service'), t(availability.service.texts.title)],
          moving && [t('booking.summary.before'), formatWhen(moving.startsAt, moving.timeZone, locale)],
          [t('booking.summary.when'), formatWhen(hold.startsAt, hold.timeZone, locale)],
          [t('booking.summary.duration'), t('booking.minutes', { minutes: availability.service.slotMinutes })],
          place ? [t('booking.summary.place'), <PlaceDetails key="place" place={place} />] : null,
        ]}
      />
      <p className="booking__note">
        {t('booking.review.held', { time: formatTime(hold.heldUntil, hold.timeZone, locale) })}
      </p>
      {failure ? <FormAlert tone="error">{t(errorKeyOf(failure))}</FormAlert> : null}
      <div className="actions">
        <PendingButton
          isPending={confirm.isPending || reschedule.isPending}
          pendingLabel={t('booking.confirming')}
          onPress={submit}
        >
          {t(moving ? 'booking.moveConfirm' : 'booking.confirm')}
        </PendingButton>
        <Button
          className="button button--ghost"
          onPress={onBack}
          isDisabled={confirm.isPending || reschedule.isPending}
        >
          {t('booking.back')}
        </Button>
      </div>
    </Step>
  );
}
