import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PlacesApi from '../../../../patient/api/places-api.ts';
import { searchLocations } from '../../../../patient/api/places-api.ts';
import { renderStep, text, type } from '../../../../patient/components/steps/step-test-support.tsx';
import { AddressStep } from './address-step.tsx';
import { ContactStep } from './contact-step.tsx';

vi.mock('../../../../program/program-context.tsx', () => ({
  useProgram: () => ({ program: { name: 'Alivio', supportEmail: 'soporte@alivio.example', defaultCountry: 'CR' } }),
}));
// The search's factory as it is, calling the mocked search (a module's own calls are not replaced by a mock).
vi.mock('../../../../patient/api/places-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PlacesApi>();
  const searchLocations = vi.fn();
  return {
    ...actual,
    searchLocations,
    locationSearchQuery: (...args: Parameters<typeof actual.locationSearchQuery>) => ({
      ...actual.locationSearchQuery(...args),
      queryFn: () => searchLocations(args[0], args[2], args[1]),
    }),
  };
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('ContactStep', () => {
  it('refuses a too-short phone number for the country', async () => {
    const { onDone, submit } = renderStep(ContactStep);
    type(text('signup.contact.phone.label'), '8123');
    await submit();
    expect((await screen.findAllByText(text('signup.contact.phone.invalid'))).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks for the phone, and hands over the normalised numbers', async () => {
    const { onDone, submit } = renderStep(ContactStep);
    await submit();
    expect((await screen.findAllByText(text('signup.contact.phone.required'))).length).toBe(2);
    type(text('signup.contact.phone.label'), '+506 8312-4567');
    type(text('signup.contact.phoneAlternative.label'), '2222 3333');
    type(text('signup.contact.emailAlternative.label'), 'Otro@Example.com');
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        contact: {
          phone: { country: 'CR', phoneNumber: '83124567' },
          phoneAlternative: '22223333',
          emailAlternative: 'otro@example.com',
        },
      }),
    );
  });

  it('checks the alternative phone against the same country', async () => {
    const { onDone, submit } = renderStep(ContactStep);
    type(text('signup.contact.phone.label'), '83124567');
    type(text('signup.contact.phoneAlternative.label'), '123');
    await submit();
    expect((await screen.findAllByText(text('signup.contact.phoneAlternative.invalid'))).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('AddressStep', () => {
  it('refuses a typed location that was not chosen, and takes a chosen one', async () => {
    // react-aria's popover reads CSS.escape, which jsdom lacks.
    if (!globalThis.CSS?.escape)
      vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) });
    const place = {
      id: 'CR-san-jose-escazu',
      country: 'CR' as const,
      region: 'San José',
      city: 'Escazú',
      label: 'Escazú, San José',
    };
    vi.mocked(searchLocations).mockResolvedValue([place]);
    const { onDone, submit } = renderStep(AddressStep);
    type(text('signup.address.line.label'), 'Calle 5, casa 12');
    const search = screen.getByRole('combobox', { name: text('signup.address.search.label') });
    fireEvent.change(search, { target: { value: 'Esca' } });
    await submit();
    expect((await screen.findAllByText(text('signup.address.search.required'))).length).toBe(2);
    expect(onDone).not.toHaveBeenCalled();

    // The refused Next put the focus on the error summary: the person goes back to the search box and types.
    act(() => search.focus());
    fireEvent.change(search, { target: { value: 'Escaz' } });
    const option = await screen.findByRole('option', { name: place.label }, { timeout: 2000 });
    expect(searchLocations).toHaveBeenCalledWith('CR', 'Escaz', 'en');
    fireEvent.click(option);
    await waitFor(() => expect((search as HTMLInputElement).value).toBe(place.label));
    await submit();
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({ address: { line: 'Calle 5, casa 12', location: place } }),
    );
  });
});
