// Where an appointment is: a partner's name, address and map link, a video call, or the patient's home.
import type { BookingPlaceView } from '@portal/contracts/booking';
import { useT } from '../../../program/use-t.ts';

export function usePlaceName() {
  const t = useT();
  return (place: BookingPlaceView) =>
    place.kind === 'video'
      ? t('booking.place.video')
      : place.kind === 'home'
        ? t('booking.place.home')
        : (place.name ?? t('booking.place.address'));
}

export function PlaceDetails({ place }: { place: BookingPlaceView }) {
  const t = useT();
  const nameOf = usePlaceName();
  return (
    <span className="place-details">
      <span>{nameOf(place)}</span>
      {place.address ? <span className="place-details__address">{place.address}</span> : null}
      {place.mapUrl ? (
        <a className="place-details__map" href={place.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('booking.place.map')}
        </a>
      ) : null}
    </span>
  );
}
