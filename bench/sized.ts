// A scenario measured at two sizes of data (my care's patients, booking's live bookings, the pharmacy's purchases): one
// PostgreSQL database per size, seeded first; then alternating rounds, each measuring the bare Fastify and both sizes
// back to back, so that the machine's drift falls on both alike. Each call's figure is the median of its rounds, as a
// ratio to the bare Fastify; the slow-down of the larger size is the median of the rounds' own ratios (time per request
// is the inverse of req/s at the same concurrency). Not a test: nothing here asserts a timing.
import {
  apiRow,
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
  type Running,
} from './support.ts';

/** The password of every seeded bench patient (scripts/bench-seed.ts). */
export const BENCH_PASSWORD = 'Bench-pass-2026';

export interface SizedScenario {
  /** The table's title, before "(connections, duration, rounds)". */
  title: string;
  /** A part of the databases' names. */
  name: string;
  sizes: readonly [number, number];
  rounds: number;
  /** What a size is, for the rows ("1,000 patients"). */
  label: (size: number) => string;
  /** Seeds a size's database, once the server has migrated it and seeded the programs. */
  prepare: (databaseUrl: string, size: number) => Promise<void>;
  /** The server's environment while measuring (limits lifted beyond startServer's). */
  env?: Record<string, string>;
  /** Measures every call once on a running server of that size: the figures by call. */
  measureRound: (
    server: Running,
    size: number,
    round: number,
    databaseUrl: string,
  ) => Promise<[call: string, figure: Measured][]>;
  /**
   * The calls whose larger size may be at most `goal` times slower than the smaller: in time per request (the default)
   * or in p99 latency.
   */
  slowdown: { calls: readonly string[]; goal: number; of?: 'time' | 'p99' };
  /** A call's goal, when the issue sets one: its share of the bare Fastify and its p99. */
  goals?: (call: string) => { ratio?: number; p99Ms?: number } | undefined;
}

const medianOf = (runs: Measured[]): Measured => ({
  rps: median(runs.map((run) => run.rps)),
  p99: median(runs.map((run) => run.p99)),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
});

export async function runSized(scenario: SizedScenario): Promise<Row[]> {
  const { sizes, rounds, label } = scenario;
  const databases = await Promise.all(
    sizes.map((size) => createBenchDatabase(`portal_bench_${scenario.name}_${size}_${process.pid}`)),
  );
  const bareProcess = await startBareFastify();
  const figures = new Map<string, Measured[]>();
  const bares: Measured[] = [];
  const calls: string[] = [];
  try {
    for (const [index, size] of sizes.entries()) {
      // The server migrates and seeds the programs on its first start; the scenario's data goes in after.
      const server = await startServer({ DATABASE_URL: databases[index]!.url });
      await server.stop();
      await scenario.prepare(databases[index]!.url, size);
    }
    for (let round = 0; round < rounds; round += 1) {
      bares.push(await measure(bareProcess.origin));
      for (const [index, size] of sizes.entries()) {
        const server = await startServer({ DATABASE_URL: databases[index]!.url, ...scenario.env });
        try {
          for (const [call, figure] of await scenario.measureRound(server, size, round, databases[index]!.url)) {
            if (!calls.includes(call)) calls.push(call);
            figures.set(`${call}@${size}`, [...(figures.get(`${call}@${size}`) ?? []), figure]);
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
  const bare = medianOf(bares);
  const rows: Row[] = [];
  for (const size of sizes)
    for (const call of calls)
      rows.push(
        apiRow(
          `${call}, ${label(size)} (median of ${rounds})`,
          medianOf(figures.get(`${call}@${size}`) ?? []),
          bare,
          scenario.goals?.(call),
        ),
      );
  const [small, large] = sizes;
  const byP99 = scenario.slowdown.of === 'p99';
  for (const call of scenario.slowdown.calls) {
    const perRound = (figures.get(`${call}@${small}`) ?? []).map((run, round) => {
      const larger = figures.get(`${call}@${large}`)?.[round];
      if (!larger) return Number.NaN;
      return byP99 ? larger.p99 / run.p99 : run.rps / larger.rps;
    });
    const slowdown = median(perRound);
    rows.push({
      what: `${call}: ${byP99 ? 'p99 latency' : 'time per request'}, ${label(large)} / ${label(small)} (median of the rounds: ${perRound.map((ratio) => ratio.toFixed(2)).join(', ')})`,
      figure: `${slowdown.toFixed(2)}x`,
      goal: `≤ ${scenario.slowdown.goal.toFixed(2)}x`,
      met: slowdown <= scenario.slowdown.goal,
    });
  }
  printTable(
    `${scenario.title} (${CONNECTIONS} connections, ${DURATION_S} s each, ${rounds} alternating rounds)`,
    rows,
  );
  return rows;
}
