// A real Prometheus server scrapes two app instances on one database (issue 37, decision 082) and answers, through its
// HTTP API, the sum of the purchase counter across both after purchases on each.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { freePort } from '../test/free-port.ts';
import { callAs, enrolPatient, MANY_PATIENTS_ENV } from '../test/patients.ts';
import { createTestPharmacy, pharmacyCall } from '../test/pharmacy.ts';

/** How long Prometheus may take to start, scrape both instances and answer (it scrapes every second). */
const PROMETHEUS_WAIT_MS = 60_000;
const POLL_MS = 250;

let first: TestApp;
let second: FastifyInstance;
let prometheus: ChildProcess | undefined;
let prometheusOutput = '';
let workDir: string;
let prometheusUrl: string;

beforeAll(async () => {
  first = await createTestApp({ ...MANY_PATIENTS_ENV, METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
  // A second instance of the same deployment: the same database, its own metrics port.
  second = await buildApp(first.config, {
    database: first.database,
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'portal-prometheus-'));
  const targets = [first.app, second].map((app) => `'127.0.0.1:${app.metricsServer!.port()}'`).join(', ');
  await writeFile(
    path.join(workDir, 'prometheus.yml'),
    `global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: portal\n    static_configs:\n      - targets: [${targets}]\n`,
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${path.join(workDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(workDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [prometheus.stdout, prometheus.stderr])
    stream?.on('data', (chunk: Buffer) => {
      prometheusOutput = `${prometheusOutput}${String(chunk)}`.slice(-4000);
    });
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await second.close();
  await first.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Purchases of one new patient's code at a new pharmacy, through the pharmacy API of `app`. */
async function purchasesOn(app: FastifyInstance, count: number) {
  const t = { ...first, app };
  const patient = await enrolPatient(t, 'alivio');
  const made = await callAs(t, patient, 'PUT', '/api/v1/benefits/products/1101/discount-code');
  expect(made.statusCode, made.body).toBe(201);
  const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
  const counter = await createTestPharmacy(t, 'alivio', 'CR');
  for (let index = 0; index < count; index += 1) {
    const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
      code,
      productId: 1101,
      quantity: 1,
      unitPrice: '100.00',
      receiptId: `prom-${index}`,
      purchasedAt: app.clock().toISOString(),
    });
    expect(bought.statusCode, bought.body).toBe(201);
  }
}

/** The value of an instant query, or undefined while Prometheus is not up or has no sample yet. */
async function query(expression: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`);
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { data?: { result?: { value: [number, string] }[] } };
    const value = answer.data?.result?.[0]?.value[1];
    return value === undefined ? undefined : Number(value);
  } catch {
    return undefined;
  }
}

/** Polls `expression` until it equals `expected`; the last value seen when the wait runs out. */
async function waitForValue(expression: string, expected: number): Promise<number | undefined> {
  const deadline = Date.now() + PROMETHEUS_WAIT_MS;
  let last: number | undefined;
  while (Date.now() < deadline) {
    last = await query(expression);
    if (last === expected) return last;
    if (prometheus?.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return last;
}

it(
  'sums the purchase counter of two instances scraped by a real Prometheus',
  async () => {
    expect(first.app.metricsServer!.port()).not.toBe(second.metricsServer!.port());
    // Both instances are scraped before anything is bought.
    expect(await waitForValue('count(up{job="portal"} == 1)', 2), prometheusOutput).toBe(2);
    await purchasesOn(first.app, 3);
    await purchasesOn(second, 2);
    expect(await waitForValue('sum(portal_purchases_total)', 5), prometheusOutput).toBe(5);
    expect(await query('sum(portal_purchases_total{program="alivio"})')).toBe(5);
    // Each instance counted its own.
    const perInstance = await query(
      `sum(portal_purchases_total{instance="127.0.0.1:${second.metricsServer!.port()}"})`,
    );
    expect(perInstance).toBe(2);
    expect(
      await waitForValue('sum(portal_http_requests_total{route="/api/v1/pharmacy/purchases",door="pharmacy"})', 5),
    ).toBe(5);
  },
  PROMETHEUS_WAIT_MS * 2 + 30_000,
);
