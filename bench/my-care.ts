// My care under load: GET /api/v1/user and GET /api/v1/treatments as a patient, on PostgreSQL, with 1,000 and with
// 100,000 seeded patients, each against the bare Fastify of the same run (ratios, never absolute timings); the goal
// is that the larger set is not slower than 1.2x the smaller. `npm run bench:my-care` alone, or as the last part of
// `npm run bench` (BENCH_PATIENTS_SMALL / BENCH_PATIENTS_LARGE change the sizes).
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { apiRow, CONNECTIONS, createBenchDatabase, DURATION_S, measure, printTable, startBareFastify, startServer, type Measured, type Row } from './support.ts';

const SIZES = [Number(process.env.BENCH_PATIENTS_SMALL ?? 1_000), Number(process.env.BENCH_PATIENTS_LARGE ?? 100_000)] as const;
const PASSWORD = 'Bench-pass-2026';
const SLOWDOWN_GOAL = 1.2;
const CALLS = [['GET /api/v1/user?expand=USER,PERIOD,CAREGIVER', '/api/v1/user?expand=USER,PERIOD,CAREGIVER'], ['GET /api/v1/treatments', '/api/v1/treatments']] as const;

export async function runMyCare(): Promise<Row[]> {
  const database = await createBenchDatabase(`portal_bench_care_${process.pid}`);
  const bareProcess = await startBareFastify();
  const rows: Row[] = [];
  const figures = new Map<string, Measured>();
  try {
    for (const size of SIZES) {
      // The server migrates and seeds the programs on its first start; the patients go in before each measurement.
      let server = await startServer({ DATABASE_URL: database.url });
      await server.stop();
      await seedBenchPatients(database.url, size, PASSWORD);
      server = await startServer({ DATABASE_URL: database.url });
      try {
        const host = { host: `alivio.localhost:${server.port}` };
        const login = await fetch(`${server.origin}/api/v1/login`, { method: 'POST', headers: { ...host, 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench-${Math.ceil(size / 2)}@bench.example`, password: PASSWORD }) });
        const token = ((await login.json()) as { data: { AccessToken: string } }).data.AccessToken;
        const auth = { ...host, authorization: `Bearer ${token}` };
        const bare = await measure(bareProcess.origin);
        for (const [name, path] of CALLS) {
          const row = await measure(`${server.origin}${path}`, auth);
          figures.set(`${name}@${size}`, row);
          rows.push(apiRow(`${name}, ${size.toLocaleString('en')} patients`, row, bare));
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await bareProcess.stop();
    await database.drop();
  }
  const [small, large] = SIZES;
  for (const [name] of CALLS) {
    // Time per request is the inverse of req/s at the same concurrency.
    const slowdown = (figures.get(`${name}@${small}`)?.rps ?? 0) / (figures.get(`${name}@${large}`)?.rps ?? 1);
    rows.push({ what: `${name}: time per request, ${large.toLocaleString('en')} / ${small.toLocaleString('en')} patients`, figure: `${slowdown.toFixed(2)}x`, goal: `≤ ${SLOWDOWN_GOAL.toFixed(2)}x`, met: slowdown <= SLOWDOWN_GOAL });
  }
  printTable(`My care on PostgreSQL (${CONNECTIONS} connections, ${DURATION_S} s each)`, rows);
  return rows;
}

if (process.argv[1]?.endsWith('my-care.ts')) await runMyCare();
