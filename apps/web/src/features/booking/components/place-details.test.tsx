// Where an appointment is, as the booking screens and the appointments list show it (issue 38, decision 087): a video
// call says how its link comes, a home visit shows the patient's address with the way to change it in the profile.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BookingPlaceView } from '@portal/contracts/booking';
import { renderInEnglish } from '../../../components/ui/ui-test-support.tsx';
import { PATIENT_BOOKING, type BookingEndpoint } from '../api/booking-api.ts';
import { BookingEndpointContext } from '../booking-endpoint.ts';
import { PlaceDetails } from './place-details.tsx';

vi.mock('../../../program/program-context.tsx', async () => {
  const { testProgram } = await import('../../../components/ui/ui-test-support.tsx');
  return { useProgram: () => testProgram };
});
vi.mock('../../../lib/language.tsx', () => ({ useLanguage: () => ({ language: 'en' }) }));

const place = (values: Partial<BookingPlaceView>): BookingPlaceView => ({
  id: 'somewhere',
  kind: 'address',
  name: null,
  address: null,
  mapUrl: null,
  ...values,
});

describe('where an appointment is', () => {
  it('a video call says how the link comes: from the program’s team, not through the portal', () => {
    renderInEnglish(<PlaceDetails place={place({ kind: 'video' })} />);
    expect(screen.getByText('Video call')).toBeTruthy();
    expect(
      screen.getByText(
        'How to join: the video call’s link does not come through this portal. The Alivio team sends it to your e-mail or phone before the appointment’s time. If you do not have it by then, contact us.',
      ),
    ).toBeTruthy();
  });

  it('a home visit shows the patient’s address and the way to change it in the profile', () => {
    renderInEnglish(<PlaceDetails place={place({ kind: 'home', address: 'Avenida Central 100, Escazú' })} />);
    expect(screen.getByText('At your home')).toBeTruthy();
    expect(screen.getByText('Avenida Central 100, Escazú')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change my address in my profile' }).getAttribute('href')).toBe(
      '/en/profile',
    );
    expect(screen.queryByText(/How to join/)).toBeNull();
  });

  it('a home visit without an address in the profile asks for one', () => {
    renderInEnglish(<PlaceDetails place={place({ kind: 'home' })} />);
    expect(
      screen.getByText('Your profile does not have your address yet. Add it so that we know where to go.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add my address in my profile' })).toBeTruthy();
  });

  it('on a patient’s behalf, the staff member gets the address but no link into the patient’s profile', () => {
    const staff = { ...PATIENT_BOOKING } as BookingEndpoint;
    renderInEnglish(
      <BookingEndpointContext.Provider value={staff}>
        <PlaceDetails place={place({ kind: 'home', address: 'Avenida Central 100, Escazú' })} />
      </BookingEndpointContext.Provider>,
    );
    expect(screen.getByText('Avenida Central 100, Escazú')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
