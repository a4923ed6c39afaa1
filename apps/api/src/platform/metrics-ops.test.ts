// ops/ (decision 082): the alert rules pass `promtool check rules` and their unit tests, and every metric the rules and
// the Grafana dashboard read is one the app exports.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import type { Database } from './db.ts';
import { createMetrics, processMetrics, registerRequestMetrics } from './metrics.ts';
import type { PasswordHashing } from './passwords.ts';
import type { ProgramRegistry } from './programs.ts';

const OPS_DIR = path.join(REPO_ROOT, 'ops');

function promtool(...args: string[]) {
  const run = spawnSync('promtool', args, { cwd: OPS_DIR, encoding: 'utf8' });
  expect(run.error).toBeUndefined();
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/**
 * Every metric name the app can export: the process's, and the app's with every optional part present (a PostgreSQL pool, Redis),
 * read without collecting (nothing here has a database). Histograms also as their series' names.
 */
function exportedNames(): Set<string> {
  const database = {
    poolStats: () => ({ total: 0, idle: 0, waiting: 0 }),
    observeQueries: () => () => undefined,
  } as unknown as Database;
  const metrics = createMetrics({
    database,
    programs: { all: () => [] } as unknown as ProgramRegistry,
    passwords: {} as PasswordHashing,
    clock: () => new Date(),
    redisReady: () => true,
  });
  registerRequestMetrics(Fastify(), metrics);
  const names = new Set<string>();
  for (const metric of [...processMetrics().getMetricsAsArray(), ...metrics.registry.getMetricsAsArray()]) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  metrics.stop();
  return names;
}

/** The metric names in a PromQL expression, read loosely: identifiers of the app's and the runtime's families. */
function metricNamesIn(expression: string): string[] {
  return [...expression.matchAll(/\b(?:portal|nodejs|process)_[a-zA-Z0-9_]+/g)].map((match) => match[0]);
}

/** The expressions of ops/alerts.yml (`expr:` lines and the block under them). */
function ruleExpressions(): string[] {
  const text = readFileSync(path.join(OPS_DIR, 'alerts.yml'), 'utf8');
  return [...text.matchAll(/expr: (?:\|\n((?: {10,}.*\n)+)|(.*))/g)].map((match) => match[1] ?? match[2] ?? '');
}

/** Every `expr` and variable query of the dashboard, wherever it sits. */
function dashboardExpressions(): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'expr' || key === 'definition') && typeof inner === 'string') found.push(inner);
        else visit(inner);
      }
  };
  visit(JSON.parse(readFileSync(path.join(OPS_DIR, 'grafana-dashboard.json'), 'utf8')));
  return found;
}

describe('the alert rules', () => {
  it('pass promtool check rules', () => {
    const checked = promtool('check', 'rules', 'alerts.yml');
    expect(checked.output).toContain('SUCCESS');
    expect(checked.status).toBe(0);
  });

  it("fire each alert on made-up series, and nothing on healthy ones (promtool's unit tests)", () => {
    const tested = promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.output).toContain('SUCCESS');
    expect(tested.status).toBe(0);
    // Every alert of the rules has a test that fires it.
    const alerts = [...readFileSync(path.join(OPS_DIR, 'alerts.yml'), 'utf8').matchAll(/- alert: (\S+)/g)].map(
      (match) => match[1],
    );
    const tests = readFileSync(path.join(OPS_DIR, 'alerts.test.yml'), 'utf8');
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const alert of alerts)
      expect(tests, alert).toMatch(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:\\n\\s+- `));
  });
});

describe('ops/ reads only what the app exports', () => {
  const exported = exportedNames();

  it('the rules', () => {
    const used = ruleExpressions().flatMap(metricNamesIn);
    expect(used.length).toBeGreaterThan(5);
    for (const name of used) expect(exported, name).toContain(name);
  });

  it('the dashboard: golden signals per route, jobs, outbox and every program counter', () => {
    const used = dashboardExpressions().flatMap(metricNamesIn);
    for (const name of used) expect(exported, name).toContain(name);
    for (const name of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds_bucket',
      'portal_job_runs_total',
      'portal_outbox_oldest_pending_age_seconds',
      'portal_purchases_total',
      'portal_enrolments_total',
      'portal_logins_total',
    ])
      expect(used, name).toContain(name);
  });
});
