// The pharmacy loop under load (issue 26, decision 059): a counter's verify and purchase calls and the patient's
// purchases screen's call, then the patient's other reads (redemptions, refills, benefits, booking availability, lesson
// progress; decision 086) with issue 40's goals beside them, on PostgreSQL with 1,000 patients and 20,000 purchases and with 100,000 patients and
// 2,000,000 purchases, each against the bare Fastify of the same run (ratios, never absolute timings); the goal is that
// the purchases call at the larger size is not slower than 1.2x the smaller. `npm run bench:pharmacy` alone, or a part
// of `npm run bench` (BENCH_PHARMACY=false skips it; BENCH_PHARMACY_PATIENTS_SMALL / _LARGE change the sizes).
// Not a test: nothing here asserts a timing.
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { pharmacyCommand } from '../apps/api/src/modules/pharmacy/commands.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';
import { seedBenchPatients } from '../scripts/bench-seed.ts';
import { BENCH_PASSWORD, runSized } from './sized.ts';
import {
  bearerHeaders,
  CONNECTIONS,
  measure,
  SERVER_SECRETS,
  startServer,
  type Measured,
  type Row,
  type Running,
} from './support.ts';

export const CALLS = [
  'POST /api/v1/pharmacy/verifications',
  'POST /api/v1/pharmacy/purchases',
  'GET purchases screen',
  // The patient's other reads the issue names (decision 086), of the same patient.
  'GET /api/v1/redemptions',
  'GET /api/v1/purchases/refills',
  'GET /api/v1/benefits',
  'GET /api/v1/booking/availability',
  'GET /api/v1/learning/progress',
] as const;
/** Purchases a patient has: 20,000 and 2,000,000 rows at the default sizes (bench/adherence.ts's too). */
export const PURCHASES_EACH = 20;
/** Patients with a discount code for the purchase calls: the load spreads over them as over a day's counters. */
const BUYERS = 50;
export const PRODUCT = 1101;
/** alivio's bookable service in Costa Rica (the neurologist's video call). */
const SERVICE = 1201;
/** The rate limits lifted for the load (each has its own, per key or per patient). */
export const LIMITS = {
  PHARMACY_VERIFY_PER_MINUTE: '100000000',
  PHARMACY_IDENTIFICATION_PER_MINUTE: '100000000',
  DISCOUNT_CODE_PER_MINUTE: '100000000',
};

/**
 * A pharmacy of alivio in Costa Rica with `keyCount` keys, made with the operators' own commands (the load's: a key for
 * each connection, as a counter verifies one code at a time and a key with many unknown codes in flight is held back).
 */
export async function addPharmacy(databaseUrl: string, keyCount: number): Promise<{ id: string; keys: string[] }> {
  const config = loadConfig({ ...SERVER_SECRETS, NODE_ENV: 'production', DATABASE_URL: databaseUrl });
  const database = await openDatabase({ databaseUrl, pgliteDataDir: config.PGLITE_DATA_DIR });
  try {
    const deps = { db: database.db, config, now: new Date() };
    const keyOf = (stdout: string) => {
      const key = stdout.split('\n').find((line) => line.startsWith('psp_'));
      if (!key) throw new Error(`no key in: ${stdout}`);
      return key;
    };
    const added = await pharmacyCommand('add', ['alivio', 'Farmacia Bench', 'CR'], deps);
    const id = /pharmacy (\d+)/.exec(added.stdout)?.[1];
    if (added.status !== 0 || !id) throw new Error(`pharmacies:add failed: ${added.stdout} ${added.stderr}`);
    const keys = [keyOf(added.stdout)];
    while (keys.length < keyCount) keys.push(keyOf((await pharmacyCommand('key', [id], deps)).stdout));
    return { id, keys };
  } finally {
    await database.close();
  }
}

/**
 * PURCHASES_EACH purchases of a box of the product for every bench patient, in plain SQL, in batches of 10,000 plans:
 * the g-th (1 to PURCHASES_EACH) `g × everyDays + (plan's id mod spreadDays)` days ago. The pharmacy loop's are one every
 * 9 days, all patients alike; adherence's (bench/adherence.ts) one every 35, spread over 60 days by patient.
 */
export async function seedPurchases(
  databaseUrl: string,
  { everyDays, spreadDays }: { everyDays: number; spreadDays: number } = { everyDays: 9, spreadDays: 1 },
  /** Run on the same connection before the purchases, with the bench plans' lowest and highest id. */
  before?: (client: pg.Client, plans: { low: number; high: number }) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; program_id: number }>(
      `select id, program_id from pharmacy where name = 'Farmacia Bench'`,
    );
    const counter = rows[0]!;
    const { rows: range } = await client.query<{ low: number; high: number }>(
      `select min(pp.id)::int as low, max(pp.id)::int as high from plan_patient pp
       join patient p on p.id = pp.patient_id join user_account u on u.id = p.user_id
       where u.email like 'bench-%@bench.example'`,
    );
    const { low, high } = range[0]!;
    await before?.(client, { low, high });
    for (let start = low; start <= high; start += 10_000) {
      await client.query(
        `insert into purchase (program_id, pharmacy_id, plan_patient_id, product_id, receipt_id, request_hash, quantity,
           unit_price, discount_percent, discount_amount, total, currency, purchased_at, created_at)
         select $1, $2, pp.id, $3, 'SEED-' || pp.id || '-' || g, 'seed', 1, 12500.00, 10, 1250.00, 11250.00, 'CRC',
           now() - ((pp.id % $7::int) + g * $8::int) * interval '1 day',
           now() - ((pp.id % $7::int) + g * $8::int) * interval '1 day'
         from plan_patient pp
         join patient p on p.id = pp.patient_id
         join user_account u on u.id = p.user_id
         cross join generate_series(1, $4::int) g
         where pp.id between $5 and $6 and u.email like 'bench-%@bench.example'`,
        [
          counter.program_id,
          counter.id,
          PRODUCT,
          PURCHASES_EACH,
          start,
          Math.min(high, start + 9_999),
          spreadDays,
          everyDays,
        ],
      );
    }
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** The discount codes of BUYERS bench patients (and the one whose screen is measured), made through the API. */
export async function discountCodes(origin: string, host: { host: string }, size: number) {
  const codes: string[] = [];
  for (let index = 0; index < BUYERS; index += 1) {
    const who = Math.max(1, Math.floor(((index + 1) * size) / (BUYERS + 1)));
    const auth = await bearerHeaders(origin, host, `bench-${who}@bench.example`, BENCH_PASSWORD);
    const made = await fetch(`${origin}/api/v1/benefits/products/${PRODUCT}/discount-code`, {
      method: 'PUT',
      headers: auth,
    });
    const body = (await made.json()) as { data: { code: { code: string } } };
    codes.push(body.data.code.code);
  }
  return codes;
}

/**
 * The loop's calls on a running server, each a measurement to run: the counters' verify and purchase, then the patient's
 * purchases screen. Each request from the next counter (its own key); a purchase has a receipt of its own and the next
 * buyer's code: 50 counters at work for 50 patients.
 */
export async function pharmacyCalls(
  server: Running,
  size: number,
  round: number,
  buyers: string[],
  counters: string[],
): Promise<[(typeof CALLS)[number], () => Promise<Measured>][]> {
  const host = { host: `alivio.localhost:${server.port}` };
  let next = 0;
  const counter = () => ({ 'x-api-key': counters[(next += 1) % counters.length]! });
  const purchasedAt = new Date().toISOString();
  // The purchases screen of a patient who is not among the buyers (the last one): their 20 purchases, not the hundreds
  // the purchase call's load adds to each buyer's.
  const patient = size;
  const auth = await bearerHeaders(server.origin, host, `bench-${patient}@bench.example`, BENCH_PASSWORD);
  return [
    [
      CALLS[0],
      () =>
        measure(`${server.origin}/api/v1/pharmacy/verifications`, host, {
          method: 'POST',
          body: '{}',
          setup: () => ({ headers: counter(), body: JSON.stringify({ code: buyers[next % buyers.length] }) }),
        }),
    ],
    [
      CALLS[1],
      () =>
        measure(`${server.origin}/api/v1/pharmacy/purchases`, host, {
          method: 'POST',
          body: '{}',
          setup: () => ({
            headers: counter(),
            body: JSON.stringify({
              code: buyers[next % buyers.length],
              productId: PRODUCT,
              quantity: 1,
              unitPrice: '12500.00',
              receiptId: `B${round}-${next}-${process.pid}`,
              purchasedAt,
            }),
          }),
        }),
    ],
    [CALLS[2], () => measure(`${server.origin}/api/v1/purchases/products/${PRODUCT}`, auth)],
    [CALLS[3], () => measure(`${server.origin}/api/v1/redemptions`, auth)],
    [CALLS[4], () => measure(`${server.origin}/api/v1/purchases/refills`, auth)],
    [CALLS[5], () => measure(`${server.origin}/api/v1/benefits`, auth)],
    [CALLS[6], () => measure(`${server.origin}/api/v1/booking/availability?benefitId=${SERVICE}`, auth)],
    [CALLS[7], () => measure(`${server.origin}/api/v1/learning/progress`, auth)],
  ];
}

export function runPharmacy(): Promise<Row[]> {
  /** Each size's counters' keys and its buyers' codes, made while preparing. */
  const keys = new Map<number, string[]>();
  const codes = new Map<number, string[]>();
  return runSized({
    title: 'The pharmacy loop on PostgreSQL',
    name: 'pharmacy',
    sizes: [
      Number(process.env.BENCH_PHARMACY_PATIENTS_SMALL ?? 1_000),
      Number(process.env.BENCH_PHARMACY_PATIENTS_LARGE ?? 100_000),
    ],
    rounds: Number(process.env.BENCH_PHARMACY_ROUNDS ?? 3),
    label: (size) => `${size.toLocaleString('en')} patients, ${(size * PURCHASES_EACH).toLocaleString('en')} purchases`,
    prepare: async (url, size) => {
      await seedBenchPatients(url, size, BENCH_PASSWORD);
      keys.set(size, (await addPharmacy(url, CONNECTIONS)).keys);
      await seedPurchases(url);
      const server = await startServer({ DATABASE_URL: url, ...LIMITS });
      try {
        codes.set(size, await discountCodes(server.origin, { host: `alivio.localhost:${server.port}` }, size));
      } finally {
        await server.stop();
      }
    },
    env: LIMITS,
    measureRound: async (server, size, round) => {
      const figures: [string, Measured][] = [];
      for (const [call, run] of await pharmacyCalls(server, size, round, codes.get(size)!, keys.get(size)!))
        figures.push([call, await run()]);
      return figures;
    },
    slowdown: { calls: [CALLS[2]], goal: 1.2 },
    // Issue 40's goals: a read at least 0.10 of bare Fastify with a p99 of 25 ms, a write 0.03 with 50 ms.
    goals: (call) => (call.startsWith('POST') ? { ratio: 0.03, p99Ms: 50 } : { ratio: 0.1, p99Ms: 25 }),
  });
}

if (process.argv[1]?.endsWith('pharmacy.ts')) await runPharmacy();
