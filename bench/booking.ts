// Booking under load (issue 25, decision 058): the booking screen's availability call and the patient's appointments,
// on PostgreSQL with 100 and with 10,000 live bookings, each against the bare Fastify of the same run (ratios, never
// absolute timings; bench/sized.ts runs it); the goal is that availability with 10,000 is not slower than 1.2x with
// 100. `npm run bench:booking` alone, or a part of `npm run bench` (BENCH_BOOKING=false skips it). The bookings are
// those patients would make: on the real slots of the four booked services' places, the earliest seats first (so the
// measured place's horizon fills as the table grows). Writes (a hold and its confirmation) are measured for
// correctness by the race tests, not here. Not a test: nothing here asserts a timing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BookingBlockSchema } from '../packages/contracts/src/booking-block.ts';
import { bookableSlots, timeZoneOfPlace } from '../packages/contracts/src/booking-schedule.ts';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { BENCH_PASSWORD, runSized } from './sized.ts';
import { bearerHeaders, measure, ROOT, type Measured, type Row } from './support.ts';

/** alivio's neurologist by video call: 30-minute slots, two patients a slot, 60 days ahead (its config.json). */
const SERVICE = { id: 1201 };
const CALLS = [
  ['GET /api/v1/booking/availability', `/api/v1/booking/availability?benefitId=${SERVICE.id}`],
  ['GET /api/v1/bookings', '/api/v1/bookings'],
] as const;

/**
 * `count` confirmed bookings as patients would make them: on the real slots of every place of the four programs'
 * booked services (their opening hours, holidays and capacity, from now to the horizon), the earliest seats first,
 * each by another bench patient. The measured patient's place (alivio's neurologist in Costa Rica) gets its share.
 */
async function seedBookings(databaseUrl: string, count: number): Promise<void> {
  const now = new Date();
  const seats: {
    slug: string;
    benefitId: number;
    placeId: string;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    seat: number;
    capacity: number;
  }[] = [];
  for (const slug of ['alivio', 'piel', 'equilibrio']) {
    const config = JSON.parse(
      readFileSync(path.join(ROOT, 'programs', slug, 'configuration', 'config.json'), 'utf8'),
    ) as {
      benefits: { id: number; booking?: unknown }[];
    };
    for (const benefit of config.benefits) {
      const parsed = BookingBlockSchema.safeParse(benefit.booking);
      if (!parsed.success) continue;
      const block = parsed.data;
      for (const place of block.places)
        for (const slot of bookableSlots(block, place, now))
          for (let seat = 1; seat <= block.capacity; seat += 1)
            seats.push({
              slug,
              benefitId: benefit.id,
              placeId: place.id,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              timeZone: timeZoneOfPlace(place),
              seat,
              capacity: block.capacity,
            });
    }
  }
  seats.sort(
    (a, b) =>
      a.startsAt.localeCompare(b.startsAt) ||
      a.benefitId - b.benefitId ||
      a.placeId.localeCompare(b.placeId) ||
      a.seat - b.seat,
  );
  const chosen = seats.slice(0, count);
  if (chosen.length < count) console.log(`  bench:booking: only ${chosen.length} seats in the horizons, not ${count}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: programs } = await client.query<{ id: number; slug: string }>('select id, slug from program');
    const programOf = new Map(programs.map((row) => [row.slug, row.id]));
    const { rows: plans } = await client.query<{ id: number }>(
      `select pp.id from plan_patient pp join patient p on p.id = pp.patient_id join user_account u on u.id = p.user_id
       where u.email like 'bench-%@bench.example' order by pp.id limit $1`,
      [chosen.length],
    );
    const column = <T>(pick: (seat: (typeof chosen)[number], index: number) => T) => chosen.map(pick);
    await client.query(
      `insert into booking (program_id, plan_patient_id, benefit_id, place_id, starts_at, ends_at, time_zone, seat,
         capacity, status, confirmed_at)
       select program_id, plan_patient_id, benefit_id, place_id, starts_at, ends_at, time_zone, seat, capacity,
         'confirmed', now()
       from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::timestamptz[], $6::timestamptz[],
         $7::text[], $8::smallint[], $9::smallint[])
         as t(program_id, plan_patient_id, benefit_id, place_id, starts_at, ends_at, time_zone, seat, capacity)`,
      [
        column((seat) => programOf.get(seat.slug)),
        column((_, index) => plans[index]!.id),
        column((seat) => seat.benefitId),
        column((seat) => seat.placeId),
        column((seat) => seat.startsAt),
        column((seat) => seat.endsAt),
        column((seat) => seat.timeZone),
        column((seat) => seat.seat),
        column((seat) => seat.capacity),
      ],
    );
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** Patients who book in each round (then cancel, unmeasured, so that the next round finds the same free seats). */
const BOOKERS = 100;
const BOOKERS_AT_ONCE = 10;
const BOOKING_CALL = `POST /api/v1/booking/holds, then …/confirm: a booking (${BOOKERS_AT_ONCE} patients at a time)`;

/**
 * BOOKERS patients each book one of the measured place's free slots (a hold, then its confirmation: the booking a patient
 * makes), BOOKERS_AT_ONCE at a time: bookings a second and the p99 of a booking's two calls; then each cancels.
 */
async function measureBookings(
  origin: string,
  host: { host: string },
  size: number,
  measured: Record<string, string>,
): Promise<Measured> {
  const availability = (await (
    await fetch(`${origin}/api/v1/booking/availability?benefitId=${SERVICE.id}`, { headers: measured })
  ).json()) as { data: { days: { slots: { placeId: string; startsAt: string }[] }[] } };
  const free = availability.data.days.flatMap((day) => day.slots).slice(0, BOOKERS);
  const bookers: Record<string, string>[] = [];
  for (let index = 0; index < free.length; index += 1)
    bookers.push(await bearerHeaders(origin, host, `bench-${size + 2 + index}@bench.example`, BENCH_PASSWORD));
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const latencies: number[] = [];
  const made: { headers: Record<string, string>; id: number; sequence: number }[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BOOKERS_AT_ONCE }, async () => {
      for (let index = next++; index < free.length; index = next++) {
        const headers = bookers[index]!;
        const slot = free[index]!;
        const begun = performance.now();
        const hold = await post('/api/v1/booking/holds', headers, {
          benefitId: SERVICE.id,
          placeId: slot.placeId,
          startsAt: slot.startsAt,
        });
        if (!hold.ok) {
          if (errors++ === 0) console.log(`  a hold refused: ${hold.status} ${await hold.text()}`);
          continue;
        }
        const { holdId } = ((await hold.json()) as { data: { holdId: number } }).data;
        const confirmed = await post(`/api/v1/booking/holds/${holdId}/confirm`, headers, {});
        if (!confirmed.ok) {
          if (errors++ === 0) console.log(`  a confirmation refused: ${confirmed.status} ${await confirmed.text()}`);
          continue;
        }
        const booking = ((await confirmed.json()) as { data: { bookingId: number; sequence: number } }).data;
        latencies.push(performance.now() - begun);
        made.push({ headers, id: booking.bookingId, sequence: booking.sequence });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const { headers, id, sequence } of made) {
    const cancelled = await post(`/api/v1/bookings/${id}/cancel`, headers, { sequence });
    if (!cancelled.ok)
      throw new Error(`bench:booking: a cancellation refused: ${cancelled.status} ${await cancelled.text()}`);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
  return { rps: latencies.length / seconds, p99: Math.round(p99), errors };
}

export function runBooking(): Promise<Row[]> {
  return runSized({
    title: 'Booking on PostgreSQL',
    name: 'booking',
    sizes: [Number(process.env.BENCH_BOOKINGS_SMALL ?? 100), Number(process.env.BENCH_BOOKINGS_LARGE ?? 10_000)],
    rounds: Number(process.env.BENCH_BOOKING_ROUNDS ?? 3),
    label: (size) => `${size.toLocaleString('en')} live bookings`,
    // One patient more than the bookings, without an appointment, is the one measured; BOOKERS more book.
    prepare: async (url, size) => {
      await seedBenchPatients(url, size + 1 + BOOKERS, BENCH_PASSWORD);
      await seedBookings(url, size);
    },
    env: { BOOKING_PER_MINUTE: '100000000' },
    measureRound: async (server, size) => {
      const host = { host: `alivio.localhost:${server.port}` };
      const auth = await bearerHeaders(server.origin, host, `bench-${size + 1}@bench.example`, BENCH_PASSWORD);
      const figures: [string, Measured][] = [];
      for (const [name, path] of CALLS) figures.push([name, await measure(`${server.origin}${path}`, auth)]);
      figures.push([BOOKING_CALL, await measureBookings(server.origin, host, size, auth)]);
      return figures;
    },
    slowdown: { calls: [CALLS[0][0]], goal: 1.2 },
  });
}

if (process.argv[1]?.endsWith('booking.ts')) await runBooking();
