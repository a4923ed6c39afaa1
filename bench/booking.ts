// Booking under load (issue 25, decision 058): the booking screen's availability call and the patient's appointments,
// on PostgreSQL with 100 and with 10,000 live bookings of the same service, each against the bare Fastify of the same
// run (ratios, never absolute timings); the goal is that availability with 10,000 is not slower than 1.2x with 100.
// `npm run bench:booking` alone, or a part of `npm run bench` (BENCH_BOOKING=false skips it). The bookings are seeded
// in plain SQL, two seats a slot as the service's capacity, from tomorrow on, so that the horizon's slots are full and
// the rest lie beyond it. Writes (a hold and its confirmation) are measured for correctness by the race tests, not here.
// Not a test: nothing here asserts a timing.
import pg from 'pg';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import {
  apiRow,
  bearerHeaders,
  CONNECTIONS,
  createBenchDatabase,
  DURATION_S,
  measure,
  median,
  printTable,
  startBareFastify,
  startServer,
  type Measured,
  type Row,
} from './support.ts';

const SIZES = [
  Number(process.env.BENCH_BOOKINGS_SMALL ?? 100),
  Number(process.env.BENCH_BOOKINGS_LARGE ?? 10_000),
] as const;
const PASSWORD = 'Bench-pass-2026';
/** alivio's neurologist by video call: 30-minute slots, two patients a slot, 60 days ahead (its config.json). */
const SERVICE = { id: 1201, place: 'video-cr', slotMinutes: 30, capacity: 2 };
const SLOWDOWN_GOAL = 1.2;
const ROUNDS = Number(process.env.BENCH_BOOKING_ROUNDS ?? 3);
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

export async function runBooking(): Promise<Row[]> {
  const databases = await Promise.all(
    SIZES.map((size) => createBenchDatabase(`portal_bench_booking_${size}_${process.pid}`)),
  );
  const bareProcess = await startBareFastify();
  const figures = new Map<string, Measured[]>();
  const bares: Measured[] = [];
  try {
    for (const [index, size] of SIZES.entries()) {
      const url = databases[index]!.url;
      const server = await startServer({ DATABASE_URL: url });
      await server.stop();
      // One patient more than the bookings: the last one, without an appointment, is the one measured.
      await seedBenchPatients(url, size + 1, PASSWORD);
      await seedBookings(url, size);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      bares.push(await measure(bareProcess.origin));
      for (const [index, size] of SIZES.entries()) {
        const server = await startServer({ DATABASE_URL: databases[index]!.url, BOOKING_PER_MINUTE: '100000000' });
        try {
          const host = { host: `alivio.localhost:${server.port}` };
          const auth = await bearerHeaders(server.origin, host, `bench-${size + 1}@bench.example`, PASSWORD);
          for (const [name, path] of CALLS) {
            const key = `${name}@${size}`;
            figures.set(key, [...(figures.get(key) ?? []), await measure(`${server.origin}${path}`, auth)]);
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await bareProcess.stop();
    await Promise.all(databases.map((database) => database.drop()));
  }
  const medianOf = (runs: Measured[]): Measured => ({
    rps: median(runs.map((run) => run.rps)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  });
  const bare = medianOf(bares);
  const rows: Row[] = [];
  for (const size of SIZES)
    for (const [name] of CALLS)
      rows.push(
        apiRow(
          `${name}, ${size.toLocaleString('en')} live bookings (median of ${ROUNDS})`,
          medianOf(figures.get(`${name}@${size}`) ?? []),
          bare,
        ),
      );
  const [small, large] = SIZES;
  const perRound = (figures.get(`${CALLS[0][0]}@${small}`) ?? []).map(
    (run, round) => run.rps / (figures.get(`${CALLS[0][0]}@${large}`)?.[round]?.rps ?? Number.NaN),
  );
  const slowdown = median(perRound);
  rows.push({
    what: `availability: time per request, ${large.toLocaleString('en')} / ${small.toLocaleString('en')} live bookings (median of the rounds: ${perRound.map((ratio) => ratio.toFixed(2)).join(', ')})`,
    figure: `${slowdown.toFixed(2)}x`,
    goal: `≤ ${SLOWDOWN_GOAL.toFixed(2)}x`,
    met: slowdown <= SLOWDOWN_GOAL,
  });
  printTable(
    `Booking on PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} alternating rounds)`,
    rows,
  );
  return rows;
}

if (process.argv[1]?.endsWith('booking.ts')) await runBooking();
