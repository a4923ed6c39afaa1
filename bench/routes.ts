// Every door's calls in one table (issue 40, decision 091): each call of the patient, pharmacy and staff doors under the
// bench's load (50 connections) on PostgreSQL with 1,000 patients and 20 purchases each (the pharmacy bench's seeding),
// measured in BENCH_ROUTES_ROUNDS rounds (3) of BENCH_ROUTES_S seconds (3, after 1 s of warm-up), each round the bare
// Fastify of this run and then the call, back to back. A row gives the median of the rounds' ratios to bare Fastify,
// the rounds' own ratios (their spread), the median p99, and issue 40's goal: a read at least 0.10 of bare Fastify with
// a p99 of at most 25 ms, a write 0.03 with 50 ms. Reads and writes are apart, so a slow route is seen when it lands.
// `npm run bench:routes` alone, or a part of `npm run bench` (BENCH_ROUTES=false skips it); BENCH_ROUTES_ONLY=<text>
// measures the calls whose name holds the text (`pharmacy`, `GET /api/v1/benefits`). About 25 s a call.
// BENCH_ROUTES_SYNCHRONOUS_COMMIT=off is an experiment on the bench's own database (decision 091), never production's.
// Not a test: nothing here asserts a timing.
import pg from 'pg';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { agentSessions } from './adherence.ts';
import { addPharmacy, discountCodes, LIMITS, PRODUCT, seedPurchases } from './pharmacy.ts';
import { BENCH_PASSWORD } from './sized.ts';
import {
  bearerHeaders,
  CONNECTIONS,
  createBenchDatabase,
  measure,
  median,
  printTable,
  startBareFastify,
  startServer,
  type Row,
} from './support.ts';

const SIZE = Number(process.env.BENCH_ROUTES_PATIENTS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUTES_ROUNDS ?? 3);
const DURATION = { durationS: Number(process.env.BENCH_ROUTES_S ?? 3), warmupS: 1 };
/** alivio's bookable service in Costa Rica (the neurologist's video call). */
const SERVICE = 1201;
const GOALS = { read: { ratio: 0.1, p99Ms: 25 }, write: { ratio: 0.03, p99Ms: 50 } } as const;

interface Call {
  door: 'patient' | 'pharmacy' | 'staff';
  kind: keyof typeof GOALS;
  what: string;
  path: string;
  headers: Record<string, string>;
  method?: 'POST' | 'PUT';
  /** Each request's body and headers (the next counter's key, a receipt of its own). */
  setup?: () => { body?: string; headers?: Record<string, string> };
  body?: unknown;
}

/** The patient's id of a bench patient's e-mail. */
async function patientIdOf(url: string, email: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select p.id from patient p join user_account u on u.id = p.user_id where u.email = $1`,
      [email],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

export async function runRoutes(): Promise<Row[]> {
  const database = await createBenchDatabase(`portal_bench_routes_${process.pid}`);
  // An experiment on this bench-only database, never a setting of production: the writes without waiting for the
  // write-ahead log's flush (`BENCH_ROUTES_SYNCHRONOUS_COMMIT=off`), to see how much of a write's time is that flush.
  const synchronousCommit = process.env.BENCH_ROUTES_SYNCHRONOUS_COMMIT;
  if (synchronousCommit) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `alter database ${client.escapeIdentifier(client.database!)} set synchronous_commit = ${client.escapeLiteral(synchronousCommit)}`,
    );
    await client.end();
  }
  const bare = await startBareFastify();
  try {
    const first = await startServer({ DATABASE_URL: database.url });
    await first.stop();
    await seedBenchPatients(database.url, SIZE, BENCH_PASSWORD);
    const { keys } = await addPharmacy(database.url, CONNECTIONS);
    await seedPurchases(database.url);
    const agents = await agentSessions(database.url, CONNECTIONS);
    const server = await startServer({ DATABASE_URL: database.url, ...LIMITS });
    try {
      const host = { host: `alivio.localhost:${server.port}` };
      const buyers = await discountCodes(server.origin, host, SIZE);
      // The patient's calls are of one who is not among the buyers: their 20 purchases.
      const email = `bench-${SIZE}@bench.example`;
      const patient = await bearerHeaders(server.origin, host, email, BENCH_PASSWORD);
      const patientId = await patientIdOf(database.url, email);
      let next = 0;
      const counter = () => ({ 'x-api-key': keys[(next += 1) % keys.length]! });
      const agent = () => ({ authorization: agents[(next += 1) % agents.length]! });
      const purchasedAt = new Date().toISOString();
      const patientRead = (path: string): Call => ({
        door: 'patient',
        kind: 'read',
        what: `GET ${path}`,
        path,
        headers: patient,
      });
      const calls: Call[] = [
        patientRead('/api/v1/user?expand=USER,PERIOD,CAREGIVER'),
        patientRead('/api/v1/treatments'),
        patientRead('/api/v1/caregiver'),
        patientRead('/api/v1/benefits'),
        patientRead(`/api/v1/purchases/products/${PRODUCT}`),
        patientRead('/api/v1/redemptions'),
        patientRead('/api/v1/purchases/refills'),
        patientRead(`/api/v1/booking/availability?benefitId=${SERVICE}`),
        patientRead('/api/v1/learning/progress'),
        {
          door: 'patient',
          kind: 'write',
          what: `PUT /api/v1/benefits/products/${PRODUCT}/discount-code`,
          path: `/api/v1/benefits/products/${PRODUCT}/discount-code`,
          method: 'PUT',
          headers: patient,
        },
        {
          door: 'pharmacy',
          kind: 'read',
          what: 'GET /api/v1/pharmacy/me',
          path: '/api/v1/pharmacy/me',
          headers: {},
          setup: () => ({ headers: counter() }),
        },
        {
          door: 'pharmacy',
          kind: 'read',
          what: 'GET /api/v1/pharmacy/today',
          path: '/api/v1/pharmacy/today',
          headers: {},
          setup: () => ({ headers: counter() }),
        },
        {
          door: 'pharmacy',
          kind: 'write',
          what: 'POST /api/v1/pharmacy/verifications',
          path: '/api/v1/pharmacy/verifications',
          method: 'POST',
          headers: {},
          setup: () => ({ headers: counter(), body: JSON.stringify({ code: buyers[next % buyers.length] }) }),
        },
        {
          door: 'pharmacy',
          kind: 'write',
          what: 'POST /api/v1/pharmacy/purchases',
          path: '/api/v1/pharmacy/purchases',
          method: 'POST',
          headers: {},
          setup: () => ({
            headers: counter(),
            body: JSON.stringify({
              code: buyers[next % buyers.length],
              productId: PRODUCT,
              quantity: 1,
              unitPrice: '12500.00',
              receiptId: `R-${next}-${process.pid}`,
              purchasedAt,
            }),
          }),
        },
        {
          door: 'staff',
          kind: 'read',
          what: 'GET /api/v1/staff/me',
          path: '/api/v1/staff/me',
          headers: {},
          setup: () => ({ headers: agent() }),
        },
        {
          door: 'staff',
          kind: 'read',
          what: 'POST /api/v1/staff/patients/search (by e-mail)',
          path: '/api/v1/staff/patients/search',
          method: 'POST',
          headers: {},
          setup: () => ({ headers: agent(), body: JSON.stringify({ by: 'email', email }) }),
        },
        {
          door: 'staff',
          kind: 'write',
          what: 'POST /api/v1/staff/patients/{id}/open',
          path: `/api/v1/staff/patients/${patientId}/open`,
          method: 'POST',
          headers: {},
          setup: () => ({ headers: agent(), body: JSON.stringify({ reason: 'inbound-call' }) }),
        },
      ];
      const only = process.env.BENCH_ROUTES_ONLY;
      const rows: (Row & { door: Call['door']; kind: Call['kind'] })[] = [];
      for (const call of calls.filter((each) => !only || each.what.includes(only))) {
        const rounds: { ratio: number; rps: number; p99: number; errors: number }[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          const baseline = await measure(bare.origin, {}, DURATION);
          const measured = await measure(
            `${server.origin}${call.path}`,
            { ...host, ...call.headers },
            {
              ...DURATION,
              ...(call.method ? { method: call.method as 'POST' } : {}),
              ...(call.method ? { body: '{}' } : {}),
              ...(call.setup ? { setup: call.setup } : {}),
            },
          );
          rounds.push({ ...measured, ratio: measured.rps / baseline.rps });
        }
        const goal = GOALS[call.kind];
        const ratio = median(rounds.map((round) => round.ratio));
        const p99 = median(rounds.map((round) => round.p99));
        const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
        // A round where no answer came within its seconds says the machine's load, not the call: it is named.
        const empty = rounds.filter((round) => round.rps === 0).length;
        rows.push({
          door: call.door,
          kind: call.kind,
          what: `${call.door}: ${call.what}`,
          figure: `${ratio.toFixed(3)} of bare Fastify (rounds ${rounds.map((round) => round.ratio.toFixed(3)).join(', ')}; ${Math.round(median(rounds.map((round) => round.rps)))} req/s), p99 ${p99} ms (rounds ${rounds.map((round) => round.p99).join(', ')})${errors > 0 ? `, ${errors} errors` : ''}${empty > 0 ? `, ${empty} of ${ROUNDS} rounds without one answer` : ''}`,
          goal: `≥ ${goal.ratio.toFixed(2)} of bare Fastify, p99 ≤ ${goal.p99Ms} ms`,
          met: ratio >= goal.ratio && p99 <= goal.p99Ms && errors === 0 && empty === 0,
        });
      }
      const title = (kind: string) =>
        `Every door's ${kind} on PostgreSQL (${SIZE.toLocaleString('en')} patients, ${CONNECTIONS} connections, median of ${ROUNDS} paired rounds of ${DURATION.durationS} s)`;
      const reads = rows.filter((row) => row.kind === 'read');
      const writes = rows.filter((row) => row.kind === 'write');
      if (reads.length > 0) printTable(title('reads'), reads);
      if (writes.length > 0) printTable(title('writes'), writes);
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await bare.stop();
    await database.drop();
  }
}

if (process.argv[1]?.endsWith('routes.ts')) await runRoutes();
