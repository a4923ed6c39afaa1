// Real PostgreSQL for tests: an isolated database per run (a migrated, seeded template), one copy per test file.
import pg from 'pg';

export const TEST_PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function isPostgresReachable(): Promise<boolean> {
  try {
    await withAdminClient((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}
