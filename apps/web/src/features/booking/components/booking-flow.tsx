// /benefit/{idBenefit}/booking (decision 058): the service, where (when it has several places), a calendar of the
// days with free times, the free times of the chosen day, then a step that holds the time while the patient checks
// it, then the confirmation with "add to calendar". With `move` it moves that appointment instead of making one.
// Every time shown is in the appointment's zone (the patient's country's), named in full for screen readers.
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Heading,
  I18nProvider,
  Link,
  Radio,
  RadioGroup,
  Label,
} from 'react-aria-components';
import type { BookingAvailability, BookingHold, BookingView, FreeSlot } from '@portal/contracts/booking';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useSignedInUser } from '../../../lib/signed-in-user.ts';
import { useT } from '../../../program/use-t.ts';
import {
  availabilityQuery,
  bookingsQuery,
  useConfirmBooking,
  useHoldSlot,
  useReleaseHold,
  useRescheduleBooking,
} from '../api/booking-api.ts';
import { formatDay, formatTime, formatWhen, localeOf } from '@portal/contracts/booking-format';
import { AddToCalendarButton } from './add-to-calendar.tsx';
import { PlaceDetails, usePlaceName } from './place-details.tsx';
import '../../../components/ui/calendar-grid.css';
import './booking.css';

/** The refusals that mean "this time is gone or wrong": the patient chooses again from fresh slots. */
const CHOOSE_AGAIN = new Set([
  'BOOKING_SLOT_FULL',
  'BOOKING_HOLD_EXPIRED',
  'BOOKING_INSIDE_NOTICE',
  'BOOKING_OUTSIDE_HORIZON',
  'BOOKING_CLOSED_DAY',
  'BOOKING_OUTSIDE_HOURS',
]);

function usePatientLocale() {
  const { language } = useLanguage();
  return localeOf(language, useSignedInUser()?.country);
}

/** A step of the flow, named by its title; the title is focused when the step shows: a screen reader hears where the
 * flow went. */
function Step({ name, title, children }: { name: 'review' | 'done'; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`booking-${name}`} aria-labelledby={`booking-${name}-title`}>
      <h2 id={`booking-${name}-title`} ref={heading} tabIndex={-1} className="booking__step-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Done({ booking, wasMove }: { booking: BookingView; wasMove: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = usePatientLocale();
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
      <div className="actions">
        <AddToCalendarButton booking={booking} />
        <Link className="button button--primary" href={pathInLanguage(language, paths.benefits())}>
          {t('booking.seeAppointments')}
        </Link>
      </div>
    </Step>
  );
}

interface ReviewProps {
  availability: BookingAvailability;
  hold: BookingHold;
  moving: BookingView | undefined;
  onBack: () => void;
  onDone: (booking: BookingView) => void;
  onChooseAgain: (errorKey: string) => void;
}

function Review({ availability, hold, moving, onBack, onDone, onChooseAgain }: ReviewProps) {
  const t = useT();
  const locale = usePatientLocale();
  const confirm = useConfirmBooking();
  const reschedule = useRescheduleBooking();
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

interface ChooseProps {
  availability: BookingAvailability;
  moving: BookingView | undefined;
  notice: string | undefined;
  onHeld: (hold: BookingHold) => void;
}

function Choose({ availability, moving, notice, onHeld }: ChooseProps) {
  const t = useT();
  const locale = usePatientLocale();
  const placeName = usePlaceName();
  const hold = useHoldSlot();
  const [placeId, setPlaceId] = useState(availability.places[0]?.id ?? '');
  const days = useMemo(
    () =>
      availability.days
        .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.placeId === placeId) }))
        .filter((day) => day.slots.length > 0),
    [availability, placeId],
  );
  const [date, setDate] = useState<CalendarDate | null>(null);
  const chosenDay = days.find((day) => date && day.date === date.toString()) ?? days[0];
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const slot: FreeSlot | undefined = chosenDay?.slots.find((candidate) => candidate.startsAt === startsAt);
  const freeDates = useMemo(() => new Set(days.map((day) => day.date)), [days]);

  if (days.length === 0 && availability.places.length <= 1) return <EmptyState message={t('booking.noSlots')} />;
  return (
    <div className="booking-choose stack">
      {notice ? <FormAlert tone="error">{notice}</FormAlert> : null}
      {availability.places.length > 1 ? (
        <RadioGroup
          className="booking-places"
          value={placeId}
          onChange={(value) => {
            setPlaceId(value);
            setDate(null);
            setStartsAt(null);
          }}
        >
          <Label className="booking__label">{t('booking.place.label')}</Label>
          {availability.places.map((place) => (
            <Radio key={place.id} value={place.id} className="booking-option">
              <span className="booking-option__text">
                <strong>{placeName(place)}</strong>
                {place.address ? <span>{place.address}</span> : null}
              </span>
            </Radio>
          ))}
        </RadioGroup>
      ) : null}
      {days.length === 0 || !chosenDay ? (
        <EmptyState message={t('booking.noSlots')} />
      ) : (
        <div className="booking-when">
          <I18nProvider locale={locale}>
            <Calendar
              className="booking-calendar"
              aria-label={t('booking.calendar.label')}
              value={parseDate(chosenDay.date)}
              onChange={(value) => {
                setDate(value);
                setStartsAt(null);
              }}
              minValue={parseDate(availability.firstDay)}
              maxValue={parseDate(availability.lastDay)}
              isDateUnavailable={(value) => !freeDates.has(value.toString())}
            >
              <div className="booking-calendar__header">
                <Button slot="previous" className="booking-calendar__nav" aria-label={t('booking.calendar.previous')}>
                  <span aria-hidden="true">‹</span>
                </Button>
                <Heading className="booking-calendar__heading" />
                <Button slot="next" className="booking-calendar__nav" aria-label={t('booking.calendar.next')}>
                  <span aria-hidden="true">›</span>
                </Button>
              </div>
              <CalendarGrid className="calendar-grid">
                {(value) => <CalendarCell date={value} className="calendar-cell booking-calendar__cell" />}
              </CalendarGrid>
            </Calendar>
          </I18nProvider>
          <RadioGroup
            className="booking-times"
            value={slot?.startsAt ?? null}
            onChange={setStartsAt}
            aria-describedby="booking-zone-note"
          >
            <Label className="booking__label">
              {t('booking.times.label', {
                day: formatDay(chosenDay.slots[0]!.startsAt, availability.timeZone, locale),
              })}
            </Label>
            <div className="booking-times__list">
              {chosenDay.slots.map((free) => (
                <Radio
                  key={free.startsAt}
                  value={free.startsAt}
                  className="booking-time"
                  aria-label={formatWhen(free.startsAt, availability.timeZone, locale)}
                >
                  {formatTime(free.startsAt, availability.timeZone, locale)}
                </Radio>
              ))}
            </div>
            <p id="booking-zone-note" className="booking__note">
              {t('booking.times.zone')}
            </p>
          </RadioGroup>
        </div>
      )}
      {hold.isError ? <FormAlert tone="error">{t(errorKeyOf(hold.error))}</FormAlert> : null}
      <div className="actions">
        <PendingButton
          isPending={hold.isPending}
          pendingLabel={t('booking.holding')}
          isDisabled={!slot}
          onPress={() =>
            slot
              ? hold
                  .mutateAsync({
                    benefitId: availability.service.benefitId,
                    placeId: slot.placeId,
                    startsAt: slot.startsAt,
                    ...(moving ? { bookingId: moving.bookingId } : {}),
                  })
                  .then(onHeld)
                  .catch(() => undefined)
              : undefined
          }
        >
          {t('booking.continue')}
        </PendingButton>
      </div>
      {!slot ? <p className="booking__note">{t('booking.times.choose')}</p> : null}
    </div>
  );
}

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
  const release = useReleaseHold();
  const queryClient = useQueryClient();
  if (done) return <Done booking={done} wasMove={moving !== undefined} />;
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
  if (done) return <Done booking={done} wasMove={moving !== undefined} />;
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
              queryKey: availabilityQuery(availability.service.benefitId).queryKey,
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
  const availability = useQuery(availabilityQuery(benefitId));
  const bookings = useQuery(bookingsQuery());
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
