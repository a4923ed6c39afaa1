// `npm run lint:api` (decision 057): writes the OpenAPI document the server serves at /api/docs/json (the app built
// in process on a throw-away embedded database, never listening on a port, with the web build it serves: the answer
// of that very route, issue 37) and runs Redocly CLI's recommended rules on it (redocly.yaml): any error or warning
// fails. `--out <file>` only writes the document.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The document as a deployment at `publicUrl` serves it (no demo data, no mail worker, nothing listening). The lint
 * reads it as a production deployment's (`https://<program>.portal.example`), not a developer's localhost.
 */
export async function generateOpenApiDocument(publicUrl = 'https://portal.example'): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PGLITE_DATA_DIR: 'memory://',
    SEED_DEMO: 'false',
    MAIL_WORKER: 'false',
    SESSION_CACHE: 'false',
    PUBLIC_URL: publicUrl,
  });
  const app = await buildApp(config);
  try {
    const served = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (served.statusCode !== 200) throw new Error(`/api/docs/json answered ${served.statusCode}`);
    return served.json();
  } finally {
    await app.close();
  }
}

async function main() {
  const outIndex = process.argv.indexOf('--out');
  const file = outIndex > 0 ? path.resolve(process.argv[outIndex + 1] ?? '') : path.join(root, '.data/openapi.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(await generateOpenApiDocument(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(root, file)}`);
  if (outIndex > 0) return;
  // JSON, to count the warnings too (Redocly fails on errors only), then one line per problem.
  const lint = spawnSync(
    path.join(root, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  let report: RedoclyReport;
  try {
    report = JSON.parse(lint.stdout) as RedoclyReport;
  } catch {
    console.error(`redocly lint gave no report (exit ${String(lint.status)}):\n${lint.stdout}`);
    process.exitCode = 1;
    return;
  }
  for (const problem of report.problems)
    console.log(`${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
  const { errors, warnings } = report.totals;
  console.log(`redocly lint (recommended rules): ${errors} errors, ${warnings} warnings`);
  process.exitCode = errors + warnings === 0 && lint.status === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
