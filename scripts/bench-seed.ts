// Bench-only seeding: adds N confirmed alivio patients (Costa Rica plan 101), each with one treatment, in batches of
// plain SQL. The dates are relative to the day it runs, in the shape every bench figure so far was measured on (a plan
// year that started 330 days ago and a six-month treatment that started 318 days ago), so that a bench run in January
// seeds what one in November did. `node --import tsx scripts/bench-seed.ts <DATABASE_URL> <count> <password>`. Never for a real database.
import pg from 'pg';
import { hashPassword } from '../apps/api/src/platform/passwords.ts';

const BATCH = 10_000;

export async function seedBenchPatients(databaseUrl: string, count: number, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pool_id: number; program_id: number }>(
      `select p.id as pool_id, g.id as program_id from identity_pool p join program g on g.id = p.program_id where g.slug = 'alivio'`,
    );
    const pool = rows[0];
    if (!pool) throw new Error('bench-seed: program alivio is not seeded');
    const { rows: existing } = await client.query<{ n: string }>(
      `select count(*) as n from user_account where email like 'bench-%@bench.example'`,
    );
    const passwordHash = await hashPassword(password);
    for (let start = Number(existing[0]?.n ?? 0) + 1; start <= count; start += BATCH) {
      const end = Math.min(count, start + BATCH - 1);
      await client.query(
        `with accounts as (
           insert into user_account (pool_id, email, password_hash, status, language)
           select $1, 'bench-' || g || '@bench.example', $2, 'CONFIRMED', 'es' from generate_series($3::int, $4::int) g
           returning id, email
         ), patients as (
           insert into patient (user_id, program_id, first_name, last_name, birth_date, gender, country, type_identification, legal_identification, phone_country, phone_number)
           select a.id, $5, 'Paciente', 'Prueba', '1980-01-01', 'FEMALE', 'CR', 'PASSPORT', 'BENCH' || split_part(split_part(a.email, '@', 1), '-', 2), 'CR', '88001234'
           from accounts a
           returning id
         ), plans as (
           insert into plan_patient (patient_id, support_plan_id, start_period, end_period)
           select id, 101, current_date - 330, current_date + 35 from patients
           returning id
         )
         insert into treatment (plan_patient_id, product_id, unit_amount, frequency_amount, frequency_interval, duration_amount, duration_interval, start_date)
         select id, 1101, 1, 1, 'day', 6, 'month', current_date - 318 from plans`,
        [pool.pool_id, passwordHash, start, end, pool.program_id],
      );
    }
    // Vacuumed as well as analyzed: the database a patient meets has been, and without it PostgreSQL's autovacuum
    // (which inserts wake since version 13) would vacuum the new rows during the measurement that follows.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('bench-seed.ts')) {
  const [url, count, password] = process.argv.slice(2);
  if (!url || !count || !password) {
    console.error('usage: bench-seed.ts <DATABASE_URL> <count> <password>');
    process.exit(2);
  }
  await seedBenchPatients(url, Number(count), password);
  console.log(`bench-seed: ${count} patients`);
}
