import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { QueryRegion } from './query-region.tsx';
import { RegionError } from './region-error.tsx';
import { Skeleton } from './skeleton.tsx';
import { renderInEnglish } from './ui-test-support.tsx';

vi.mock('../../program/program-context.tsx', async () => {
  const { testProgram } = await import('./ui-test-support.tsx');
  return { useProgram: () => testProgram };
});

function Treatments({ fetchNames }: { fetchNames: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['names'], queryFn: fetchNames, retry: false });
  return (
    <main>
      <h1>Home</h1>
      <QueryRegion query={query}>
        {(names) => (
          <ul>
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </QueryRegion>
    </main>
  );
}

const withClient = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
);

/** Two regions one above the other, the first waiting for the second's first answer (decision 093). */
function TwoRegions({ first, second }: { first: () => Promise<string>; second: () => Promise<string> }) {
  const above = useQuery({ queryKey: ['above'], queryFn: first, retry: false });
  const below = useQuery({ queryKey: ['below'], queryFn: second, retry: false });
  return (
    <main>
      <QueryRegion query={above} waitFor={[below]}>
        {(text) => <p>{text}</p>}
      </QueryRegion>
      <QueryRegion query={below} waitFor={[above]}>
        {(text) => <p>{text}</p>}
      </QueryRegion>
    </main>
  );
}

describe('QueryRegion', () => {
  it('waits for the region it appears with: the first answer does not push the other region down alone', async () => {
    let answerBelow: (text: string) => void = () => undefined;
    renderInEnglish(
      withClient(
        <TwoRegions
          first={() => Promise.resolve('Appointments')}
          second={() => new Promise((resolve) => (answerBelow = resolve))}
        />,
      ),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // The first region's answer is in, and it still shows its skeleton beside the other's.
    expect(screen.queryByText('Appointments')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(2);
    answerBelow('Benefits');
    expect(await screen.findByText('Benefits')).toBeTruthy();
    expect(screen.getByText('Appointments')).toBeTruthy();
  });

  it('does not wait for a region whose call failed', async () => {
    renderInEnglish(
      withClient(
        <TwoRegions first={() => Promise.resolve('Appointments')} second={() => Promise.reject(new Error('down'))} />,
      ),
    );
    expect(await screen.findByText('Appointments')).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('shows a skeleton at once, then the data', async () => {
    let answer: (names: string[]) => void = () => undefined;
    renderInEnglish(withClient(<Treatments fetchNames={() => new Promise((resolve) => (answer = resolve))} />));
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    answer(['Migrex 50 mg']);
    expect(await screen.findByText('Migrex 50 mg')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows its own error without blanking the page, and Try again loads again', async () => {
    const fetchNames = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(['Dermix']);
    renderInEnglish(withClient(<Treatments fetchNames={fetchNames} />));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your information.');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('Dermix')).toBeTruthy();
    expect(fetchNames).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offline, says that it needs the connection (no error, no endless skeleton), and loads when it is back', async () => {
    onlineManager.setOnline(false);
    try {
      const fetchNames = vi.fn().mockResolvedValue(['Dermix']);
      renderInEnglish(withClient(<Treatments fetchNames={fetchNames} />));
      expect((await screen.findByRole('status')).textContent).toContain('This part needs an internet connection.');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(fetchNames).not.toHaveBeenCalled();
      act(() => onlineManager.setOnline(true));
      expect(await screen.findByText('Dermix')).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('names a call that never reached the server as the connection, not as a failure', async () => {
    const fetchNames = vi.fn().mockRejectedValueOnce(new ApiError(0, { cause: 'TypeError' }));
    renderInEnglish(withClient(<Treatments fetchNames={fetchNames} />));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is no internet connection, so this part could not load.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

function Booking({
  fetchSlots,
  fetchPlaces,
}: {
  fetchSlots: () => Promise<string[]>;
  fetchPlaces: () => Promise<string[]>;
}) {
  const slots = useQuery({ queryKey: ['slots'], queryFn: fetchSlots, retry: false });
  const places = useQuery({ queryKey: ['places'], queryFn: fetchPlaces, retry: false });
  return (
    <main>
      <h1>Booking</h1>
      <QueryRegion queries={{ slots, places }}>
        {(data) => <p>{`${data.slots.join(', ')} at ${data.places.join(', ')}`}</p>}
      </QueryRegion>
      <QueryRegion queries={[slots, places]}>
        {([slotNames, placeNames]) => <p>{`${slotNames.length} slots, ${placeNames.length} places`}</p>}
      </QueryRegion>
    </main>
  );
}

describe('QueryRegion with several queries', () => {
  it('shows a skeleton until every query has loaded, then all their data (record or array)', async () => {
    let answerPlaces: (names: string[]) => void = () => undefined;
    renderInEnglish(
      withClient(
        <Booking
          fetchSlots={async () => ['10:30']}
          fetchPlaces={() => new Promise((resolve) => (answerPlaces = resolve))}
        />,
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2));
    expect(screen.queryByText(/10:30/)).toBeNull();
    answerPlaces(['San José']);
    expect(await screen.findByText('10:30 at San José')).toBeTruthy();
    expect(screen.getByText('1 slots, 1 places')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one error when one fails, and Try again fetches again only the failed one', async () => {
    const fetchSlots = vi.fn().mockResolvedValue(['10:30']);
    const fetchPlaces = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(['Heredia']);
    renderInEnglish(withClient(<Booking fetchSlots={fetchSlots} fetchPlaces={fetchPlaces} />));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]!.textContent).toContain('Could not load your information.');
    expect(screen.getByRole('heading', { name: 'Booking' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!));
    expect(await screen.findByText('10:30 at Heredia')).toBeTruthy();
    expect(fetchPlaces).toHaveBeenCalledTimes(2);
    expect(fetchSlots).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('RegionError and Skeleton', () => {
  it('says a specific message when given one and calls onRetry', async () => {
    const onRetry = vi.fn();
    renderInEnglish(<RegionError messageKey="errors.benefitsLoad" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Unable to load benefits.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('draws the asked number of lines, hidden from screen readers, under one busy status', () => {
    const { container } = renderInEnglish(<Skeleton lines={5} hasTitle={false} label="Loading your treatments" />);
    expect(container.querySelectorAll('.skeleton__bar[aria-hidden="true"]')).toHaveLength(5);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading your treatments');
  });
});
