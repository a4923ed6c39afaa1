// My care under load: GET /api/v1/user and GET /api/v1/treatments as a patient, on PostgreSQL, with 1,000 and with
// 100,000 seeded patients, each against the bare Fastify of the same run (ratios, never absolute timings); the goal
// is that the larger set is not slower than 1.2x the smaller. `npm run bench:my-care` alone, or as the last part of
// `npm run bench` (BENCH_PATIENTS_SMALL / BENCH_PATIENTS_LARGE change the sizes).
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
  Number(process.env.BENCH_PATIENTS_SMALL ?? 1_000),
  Number(process.env.BENCH_PATIENTS_LARGE ?? 100_000),
] as const;
const PASSWORD = 'Bench-pass-2026';
const SLOWDOWN_GOAL = 1.2;
const CALLS = [
  ['GET /api/v1/user?expand=USER,PERIOD,CAREGIVER', '/api/v1/user?expand=USER,PERIOD,CAREGIVER'],
  ['GET /api/v1/treatments', '/api/v1/treatments'],
] as const;

/** Rounds of measurement: each measures both sizes in turn, so that the machine's drift falls on both alike. */
const ROUNDS = Number(process.env.BENCH_MY_CARE_ROUNDS ?? 3);

export async function runMyCare(): Promise<Row[]> {
  // One database per size, both seeded first; then ROUNDS rounds alternate between them and each figure is the median
  // of its rounds. (Measured one size after the other, a change in the machine's load between the two was the ratio.)
  const databases = await Promise.all(
    SIZES.map((size) => createBenchDatabase(`portal_bench_care_${size}_${process.pid}`)),
  );
  const bareProcess = await startBareFastify();
  const rows: Row[] = [];
  const figures = new Map<string, Measured[]>();
  const bares: Measured[] = [];
  try {
    for (const [index, size] of SIZES.entries()) {
      // The server migrates and seeds the programs on its first start; the patients go in after.
      const server = await startServer({ DATABASE_URL: databases[index]!.url });
      await server.stop();
      await seedBenchPatients(databases[index]!.url, size, PASSWORD);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      bares.push(await measure(bareProcess.origin));
      for (const [index, size] of SIZES.entries()) {
        const server = await startServer({ DATABASE_URL: databases[index]!.url });
        try {
          const host = { host: `alivio.localhost:${server.port}` };
          const auth = await bearerHeaders(server.origin, host, `bench-${Math.ceil(size / 2)}@bench.example`, PASSWORD);
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
  for (const size of SIZES)
    for (const [name] of CALLS)
      rows.push(
        apiRow(
          `${name}, ${size.toLocaleString('en')} patients (median of ${ROUNDS})`,
          medianOf(figures.get(`${name}@${size}`) ?? []),
          bare,
        ),
      );
  const [small, large] = SIZES;
  for (const [name] of CALLS) {
    // Time per request is the inverse of req/s at the same concurrency. Each round measures both sizes back to back,
    // so the ratio within a round is free of the drift between rounds: the figure is the median of those ratios.
    const perRound = (figures.get(`${name}@${small}`) ?? []).map(
      (run, round) => run.rps / (figures.get(`${name}@${large}`)?.[round]?.rps ?? Number.NaN),
    );
    const slowdown = median(perRound);
    rows.push({
      what: `${name}: time per request, ${large.toLocaleString('en')} / ${small.toLocaleString('en')} patients (median of the rounds: ${perRound.map((ratio) => ratio.toFixed(2)).join(', ')})`,
      figure: `${slowdown.toFixed(2)}x`,
      goal: `≤ ${SLOWDOWN_GOAL.toFixed(2)}x`,
      met: slowdown <= SLOWDOWN_GOAL,
    });
  }
  printTable(
    `My care on PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} alternating rounds)`,
    rows,
  );
  return rows;
}

if (process.argv[1]?.endsWith('my-care.ts')) await runMyCare();
