// Where an appointment is: a partner's name, address and map link, a video call with how to join it, or the patient's
// home with the address a visit goes to (their profile's) and the way to change it (decision 087).
import { Link } from 'react-aria-components';
import type { BookingPlaceView } from '@portal/contracts/booking';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { useIsOnBehalf } from '../booking-endpoint.ts';

export function usePlaceName() {
  const t = useT();
  return (place: BookingPlaceView) =>
    place.kind === 'video'
      ? t('booking.place.video')
      : place.kind === 'home'
        ? t('booking.place.home')
        : (place.name ?? t('booking.place.address'));
}

/** A home visit's address, or that the profile has none yet; with the way to the profile for the patient. */
export function HomeAddress({ address }: { address: string | null }) {
  const t = useT();
  const { language } = useLanguage();
  // A staff member booking on the patient's behalf has no way into the patient's profile.
  const isOnBehalf = useIsOnBehalf();
  return (
    <>
      <span className="place-details__address">{address ?? t('booking.place.homeMissing')}</span>
      {isOnBehalf ? null : (
        <Link className="place-details__map" href={pathInLanguage(language, paths.profile)}>
          {t(address ? 'booking.place.homeChange' : 'booking.place.homeAdd')}
        </Link>
      )}
    </>
  );
}

export function PlaceDetails({ place }: { place: BookingPlaceView }) {
  const t = useT();
  const nameOf = usePlaceName();
  return (
    <span className="place-details">
      <span>{nameOf(place)}</span>
      {place.kind === 'home' ? (
        <HomeAddress address={place.address} />
      ) : place.address ? (
        <span className="place-details__address">{place.address}</span>
      ) : null}
      {place.kind === 'video' ? <span className="place-details__note">{t('booking.video.join')}</span> : null}
      {place.mapUrl ? (
        <a className="place-details__map" href={place.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('booking.place.map')}
        </a>
      ) : null}
    </span>
  );
}
