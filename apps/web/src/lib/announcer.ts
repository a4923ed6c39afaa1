// react-aria's live announcer keeps announcements that name elements by id (role="img" aria-labelledby); when a
// screen or a form goes away those elements go too, and the stale announcements are unlabelled images to a screen reader.
import { useEffect } from 'react';
import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';

export function clearStaleAnnouncements(): void {
  clearAnnouncer('assertive');
  clearAnnouncer('polite');
}

/** Clears the announcements a component's widgets made when it unmounts (a flow that ends without a navigation). */
export function useClearAnnouncementsOnUnmount(): void {
  useEffect(() => clearStaleAnnouncements, []);
}
