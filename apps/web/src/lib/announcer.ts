// react-aria's live announcer keeps announcements that name elements by id (role="img" aria-labelledby); when a
// screen or a form goes away those elements go too, and the stale announcements are unlabelled images to a screen reader.
// The announcer is imported on first use: the login route loads no react-aria (decision 023), and a page
// that never loaded react-aria has nothing to clear.
import { useEffect } from 'react';

export function clearStaleAnnouncements(): Promise<void> {
  return import('react-aria/private/live-announcer/LiveAnnouncer').then(({ clearAnnouncer }) => {
    clearAnnouncer('assertive');
    clearAnnouncer('polite');
  });
}

/** Clears the announcements a component's widgets made when it unmounts (a flow that ends without a navigation). */
export function useClearAnnouncementsOnUnmount(): void {
  useEffect(
    () => () => {
      void clearStaleAnnouncements();
    },
    [],
  );
}
