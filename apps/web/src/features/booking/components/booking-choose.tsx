// The booking's first step: where (when the service has several places), a calendar of the days with free times, the
// free times of the chosen day, and "continue", which holds the chosen time.
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useMemo, useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Heading,
  I18nProvider,
  Radio,
  RadioGroup,
  Label,
} from 'react-aria-components';
import type { BookingAvailability, BookingHold, BookingView, FreeSlot } from '@portal/contracts/booking';
import { formatDay, formatTime, formatWhen } from '@portal/contracts/booking-format';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useT } from '../../../program/use-t.ts';
import { useHoldSlot } from '../api/booking-api.ts';
import { useBookingEndpoint } from '../booking-endpoint.ts';
import { usePatientLocale } from '../hooks/use-patient-locale.ts';
import { HomeAddress, usePlaceName } from './place-details.tsx';
import '../../../components/ui/calendar-grid.css';

interface ChooseProps {
  availability: BookingAvailability;
  moving: BookingView | undefined;
  notice: string | undefined;
  onHeld: (hold: BookingHold) => void;
}

export function Choose({ availability, moving, notice, onHeld }: ChooseProps) {
  const t = useT();
  const locale = usePatientLocale();
  const placeName = usePlaceName();
  const hold = useHoldSlot(useBookingEndpoint());
  const [placeId, setPlaceId] = useState(availability.places[0]?.id ?? '');
  const days = useMemo(
    () =>
      availability.days
        .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.placeId === placeId) }))
        .filter((day) => day.slots.length > 0),
    [availability, placeId],
  );
  const [date, setDate] = useState<CalendarDate | null>(null);
  const chosenPlace = availability.places.find((place) => place.id === placeId);
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
                {place.address && place.kind !== 'home' ? <span>{place.address}</span> : null}
              </span>
            </Radio>
          ))}
        </RadioGroup>
      ) : null}
      {chosenPlace?.kind === 'home' ? (
        <p className="booking__note place-details">
          <span>{t('booking.place.homeIntro')}</span>
          <HomeAddress address={chosenPlace.address} />
        </p>
      ) : chosenPlace?.kind === 'video' ? (
        <p className="booking__note">{t('booking.video.join')}</p>
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
