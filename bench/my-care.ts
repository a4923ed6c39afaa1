// My care under load: GET /api/v1/user and GET /api/v1/treatments as a patient, on PostgreSQL, with 1,000 and with
// 100,000 seeded patients, each against the bare Fastify of the same run (ratios, never absolute timings); the goal
// is that the larger set is not slower than 1.2x the smaller. `npm run bench:my-care` alone, or as a part of
// `npm run bench` (BENCH_PATIENTS_SMALL / BENCH_PATIENTS_LARGE change the sizes; bench/sized.ts runs it).
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { BENCH_PASSWORD, runSized } from './sized.ts';
import { bearerHeaders, measure, type Row } from './support.ts';

const CALLS = [
  ['GET /api/v1/user?expand=USER,PERIOD,CAREGIVER', '/api/v1/user?expand=USER,PERIOD,CAREGIVER'],
  ['GET /api/v1/treatments', '/api/v1/treatments'],
] as const;

export function runMyCare(): Promise<Row[]> {
  return runSized({
    title: 'My care on PostgreSQL',
    name: 'care',
    sizes: [Number(process.env.BENCH_PATIENTS_SMALL ?? 1_000), Number(process.env.BENCH_PATIENTS_LARGE ?? 100_000)],
    rounds: Number(process.env.BENCH_MY_CARE_ROUNDS ?? 3),
    label: (size) => `${size.toLocaleString('en')} patients`,
    prepare: (url, size) => seedBenchPatients(url, size, BENCH_PASSWORD),
    measureRound: async (server, size) => {
      const host = { host: `alivio.localhost:${server.port}` };
      const auth = await bearerHeaders(
        server.origin,
        host,
        `bench-${Math.ceil(size / 2)}@bench.example`,
        BENCH_PASSWORD,
      );
      const figures: [string, Awaited<ReturnType<typeof measure>>][] = [];
      for (const [name, path] of CALLS) figures.push([name, await measure(`${server.origin}${path}`, auth)]);
      return figures;
    },
    slowdown: { calls: CALLS.map(([name]) => name), goal: 1.2 },
  });
}

if (process.argv[1]?.endsWith('my-care.ts')) await runMyCare();
