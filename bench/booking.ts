// Booking under load (issue 25, decision 058): the booking screen's availability call and the patient's appointments,
// on PostgreSQL with 100 and with 10,000 live bookings of the same service, each against the bare Fastify of the same
// run (ratios, never absolute timings; bench/sized.ts runs it); the goal is that availability with 10,000 is not
// slower than 1.2x with 100.
// `npm run bench:booking` alone, or a part of `npm run bench` (BENCH_BOOKING=false skips it). The bookings are seeded
// in plain SQL, two seats a slot as the service's capacity, from tomorrow on, so that the horizon's slots are full and
// the rest lie beyond it. Writes (a hold and its confirmation) are measured for correctness by the race tests, not here.
// Not a test: nothing here asserts a timing.
import pg from 'pg';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { BENCH_PASSWORD, runSized } from './sized.ts';
import { bearerHeaders, measure, type Measured, type Row } from './support.ts';

/** alivio's neurologist by video call: 30-minute slots, two patients a slot, 60 days ahead (its config.json). */
const SERVICE = { id: 1201, place: 'video-cr', slotMinutes: 30, capacity: 2 };
const CALLS = [
  ['GET /api/v1/booking/availability', `/api/v1/booking/availability?benefitId=${SERVICE.id}`],
  ['GET /api/v1/bookings', '/api/v1/bookings'],
] as const;

/** One confirmed booking for each of the first `count` bench patients, filling the slots from tomorrow on. */
async function seedBookings(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into booking (program_id, plan_patient_id, benefit_id, place_id, starts_at, ends_at, time_zone, seat,
         capacity, status, confirmed_at)
       select p.program_id, pp.id, $1, $2, slot, slot + $3 * interval '1 minute', 'America/Costa_Rica', n % $4 + 1, $4,
         'confirmed', now()
       from (
         select pp.id, row_number() over (order by pp.id) - 1 as n
         from plan_patient pp join patient p on p.id = pp.patient_id join user_account u on u.id = p.user_id
         where u.email like 'bench-%@bench.example'
         order by pp.id limit $5
       ) numbered
       join plan_patient pp on pp.id = numbered.id
       join patient p on p.id = pp.patient_id
       cross join lateral (select date_trunc('day', now()) + interval '1 day'
         + (numbered.n / $4) * $3 * interval '1 minute' as slot) slots`,
      [SERVICE.id, SERVICE.place, SERVICE.slotMinutes, SERVICE.capacity, count],
    );
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

export function runBooking(): Promise<Row[]> {
  return runSized({
    title: 'Booking on PostgreSQL',
    name: 'booking',
    sizes: [Number(process.env.BENCH_BOOKINGS_SMALL ?? 100), Number(process.env.BENCH_BOOKINGS_LARGE ?? 10_000)],
    rounds: Number(process.env.BENCH_BOOKING_ROUNDS ?? 3),
    label: (size) => `${size.toLocaleString('en')} live bookings`,
    // One patient more than the bookings: the last one, without an appointment, is the one measured.
    prepare: async (url, size) => {
      await seedBenchPatients(url, size + 1, BENCH_PASSWORD);
      await seedBookings(url, size);
    },
    env: { BOOKING_PER_MINUTE: '100000000' },
    measureRound: async (server, size) => {
      const host = { host: `alivio.localhost:${server.port}` };
      const auth = await bearerHeaders(server.origin, host, `bench-${size + 1}@bench.example`, BENCH_PASSWORD);
      const figures: [string, Measured][] = [];
      for (const [name, path] of CALLS) figures.push([name, await measure(`${server.origin}${path}`, auth)]);
      return figures;
    },
    slowdown: { calls: [CALLS[0][0]], goal: 1.2 },
  });
}

if (process.argv[1]?.endsWith('booking.ts')) await runBooking();
