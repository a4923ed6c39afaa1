// The metrics (issue 37, decision 082) on both databases: a listener of their own that serves GET /metrics only, the
// app's port never serving them, no label holding anything a caller sent, promtool's lint, and the program's counters.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { createTestApp, createTestClock, hostOf, TEST_DB, TEST_LEARNING_DIR, type TestApp } from '../test/app.ts';
import { bookFirstSlot } from '../test/bookings.ts';
import { parseExposition, scrape, sumOf, type Sample } from '../test/metrics.ts';
import { callAs, enrolPatient, MANY_PATIENTS_ENV, type TestPatient } from '../test/patients.ts';
import { createTestPharmacy, pharmacyCall } from '../test/pharmacy.ts';
import { DOOR_LABELS, UNMATCHED_ROUTE } from './metrics.ts';
import { createPasswordHashing } from './passwords.ts';

const clock = createTestClock(new Date('2026-11-21T15:00:00Z'));
let t: TestApp;
let port: number;

/** What a caller may send that must never become a label: an e-mail, a code, a key, a search term, an id, free text. */
const SECRETS = {
  email: 'label.probe+secret@example.com',
  code: 'LBLPROBE7Q',
  key: 'psp_test_labelprobesecretkey0123456789',
  search: 'zzlabelprobesearch',
  id: '918273645',
  text: 'labelprobe free text',
};

beforeAll(async () => {
  t = await createTestApp(
    { ...MANY_PATIENTS_ENV, METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', DISCOUNT_CODE_PER_MINUTE: '1000' },
    { clock, learningDir: TEST_LEARNING_DIR },
  );
  port = t.app.metricsServer!.port();
});
afterAll(async () => t.close());

async function samples(): Promise<Sample[]> {
  return parseExposition(await scrape(port));
}

describe('the metrics listener', () => {
  it('serves GET /metrics in the exposition format, on its own port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE portal_http_requests_total counter');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('serves nothing else: no app route, no other path', async () => {
    for (const path of ['/', '/api/v1/user', '/healthz', '/metrics/', '/api/docs/json']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('portal_');
    }
    const post = await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it("is never served on the app's port", async () => {
    for (const url of ['/metrics', '/api/v1/metrics', '/api/metrics']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: hostOf('alivio') } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('portal_http_requests_total');
    }
  });

  it('is off unless METRICS_PORT is set', async () => {
    const other = await createTestApp();
    try {
      expect(other.app.metricsServer).toBeUndefined();
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("keeps each app's metrics apart (two apps in one process)", async () => {
    const other = await createTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    try {
      await other.app.inject({ method: 'GET', url: '/api/v1/resource/countries', headers: { host: hostOf('alivio') } });
      const before = sumOf(await samples(), 'portal_http_requests_total', { route: '/api/v1/resource/countries' });
      await other.app.inject({ method: 'GET', url: '/api/v1/resource/countries', headers: { host: hostOf('alivio') } });
      expect(sumOf(await samples(), 'portal_http_requests_total', { route: '/api/v1/resource/countries' })).toBe(
        before,
      );
      const theirs = parseExposition(await scrape(other.app.metricsServer!.port()));
      expect(sumOf(theirs, 'portal_http_requests_total', { route: '/api/v1/resource/countries' })).toBe(2);
    } finally {
      await other.close();
    }
  });
});

describe('requests', () => {
  it('are counted by method, route template, status class and door', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const before = await samples();
    const labels = { method: 'GET', route: '/api/v1/user', status_class: '2xx', door: 'patient' };
    await callAs(t, patient, 'GET', '/api/v1/user');
    await callAs(t, { slug: 'alivio' }, 'GET', '/api/v1/user');
    const after = await samples();
    expect(
      sumOf(after, 'portal_http_requests_total', labels) - sumOf(before, 'portal_http_requests_total', labels),
    ).toBe(1);
    const refused = { ...labels, status_class: '4xx' };
    expect(
      sumOf(after, 'portal_http_requests_total', refused) - sumOf(before, 'portal_http_requests_total', refused),
    ).toBe(1);
    expect(sumOf(after, 'portal_http_request_duration_seconds_count', labels)).toBeGreaterThan(0);
    // The requests' queries were timed, on either database; the pool exists on PostgreSQL only.
    expect(
      sumOf(after, 'portal_db_query_duration_seconds_count') - sumOf(before, 'portal_db_query_duration_seconds_count'),
    ).toBeGreaterThan(0);
    expect(after.some((sample) => sample.name === 'portal_db_pool_waiting_requests')).toBe(TEST_DB === 'postgres');
    expect(
      after.some((sample) => sample.name === 'portal_db_pool_connections' && sample.labels.state === 'in_use'),
    ).toBe(TEST_DB === 'postgres');
    expect(
      after.some(
        (sample) => sample.name === 'portal_http_request_duration_seconds_bucket' && sample.labels.le === '+Inf',
      ),
    ).toBe(true);
  });

  it('never carry an id, an e-mail, a code, a key, a search term or free text in a label', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    await sendSecretsThroughEveryRoute(patient, counter.key);
    const all = await samples();
    const routes = new Set<string>();
    for (const sample of all)
      for (const [name, value] of Object.entries(sample.labels)) {
        for (const secret of Object.values(SECRETS))
          expect(value.toLowerCase(), `${sample.name} ${name}`).not.toContain(secret.toLowerCase());
        if (name === 'route') routes.add(value);
        if (name === 'door') expect(DOOR_LABELS).toContain(value);
        if (name === 'status_class') expect(value).toMatch(/^[1-5]xx$/);
        if (name === 'method')
          expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']).toContain(value);
        if (name === 'program') expect(t.app.programs.all().map((program) => program.slug)).toContain(value);
      }
    // Every route label is a template the app has (or the one value of an unmatched request), never a path as sent.
    expect(routes).toContain(UNMATCHED_ROUTE);
    expect(routes).toContain('/api/v1/treatments/:id');
    for (const route of routes) {
      if (route === UNMATCHED_ROUTE) continue;
      const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
      expect(
        methods.some((method) => t.app.hasRoute({ method, url: route })),
        route,
      ).toBe(true);
    }
  });
});

/** Calls every operation of the API document, anonymous and with credentials, with the secrets in every place a caller can put them. */
async function sendSecretsThroughEveryRoute(patient: TestPatient, pharmacyKey: string): Promise<void> {
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  const body = {
    email: SECRETS.email,
    code: SECRETS.code,
    search: SECRETS.search,
    query: SECRETS.search,
    text: SECRETS.text,
    id: SECRETS.id,
    password: SECRETS.text,
  };
  const calls: { method: string; url: string }[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const method of Object.keys(operations)) {
      let filled = 0;
      const url = path.replace(/\{[^}]+\}/g, () => [SECRETS.id, SECRETS.email, SECRETS.code][filled++ % 3]!);
      calls.push({ method: method.toUpperCase(), url: `${url}?q=${SECRETS.search}&email=${SECRETS.email}` });
    }
  calls.push(
    { method: 'GET', url: `/api/v1/x/${SECRETS.email}` },
    { method: 'POST', url: `/api/v1/${SECRETS.code}/${SECRETS.id}` },
    { method: 'GET', url: `/${SECRETS.email}` },
    { method: 'GET', url: `/program/alivio/${SECRETS.search}.json` },
    { method: 'GET', url: `/en/${SECRETS.text.replaceAll(' ', '%20')}` },
    { method: 'PROPFIND', url: `/api/v1/${SECRETS.key}` },
  );
  const credentials = [
    {},
    { authorization: patient.authorization },
    { 'x-api-key': pharmacyKey },
    { 'x-api-key': SECRETS.key, authorization: `Bearer ${SECRETS.key}` },
  ];
  for (const call of calls)
    for (const headers of credentials) {
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(call.method);
      await t.app.inject({
        method: call.method as 'GET',
        url: call.url,
        headers: {
          host: hostOf('alivio'),
          'user-agent': SECRETS.text,
          referer: `https://x/${SECRETS.email}`,
          ...headers,
        },
        ...(hasBody ? { payload: body } : {}),
      });
    }
}

describe('promtool', () => {
  it('finds nothing to say about the exposition (`promtool check metrics`)', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/resource/countries', headers: { host: hostOf('alivio') } });
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(port), encoding: 'utf8' });
    expect(checked.error).toBeUndefined();
    expect(`${checked.stdout}${checked.stderr}`).toBe('');
    expect(checked.status).toBe(0);
  });
});

describe("the program's counters", () => {
  it('count a purchase and a redemption once, not their replays, by program', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const made = await callAs(t, patient, 'PUT', '/api/v1/benefits/products/1101/discount-code');
    expect(made.statusCode, made.body).toBe(201);
    const { code } = DiscountCodeResponseSchema.parse(made.json()).data.code;
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const before = await samples();
    for (const receipt of ['m-1', 'm-1', 'm-2', 'm-3', 'm-4']) {
      const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
        code,
        productId: 1101,
        quantity: 1,
        unitPrice: '100.00',
        receiptId: receipt,
        purchasedAt: clock().toISOString(),
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const redeemed = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/redemptions', {
      code,
      productId: 1101,
      receiptId: 'm-free',
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const after = await samples();
    const delta = (name: string, labels: Record<string, string>) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(delta('portal_purchases_total', { program: 'alivio' })).toBe(4);
    expect(delta('portal_purchases_total', { program: 'equilibrio' })).toBe(0);
    expect(delta('portal_redemptions_total', { program: 'alivio' })).toBe(1);
    expect(
      delta('portal_http_requests_total', {
        route: '/api/v1/pharmacy/purchases',
        door: 'pharmacy',
        status_class: '2xx',
      }),
    ).toBe(5);
  });
});

describe("the program's counters, of the patient's side", () => {
  it('count enrolments, logins by result, codes issued, appointments and lessons, each once', async () => {
    const before = await samples();
    const patient = await enrolPatient(t, 'alivio'); // an enrolment and a login
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { host: hostOf('alivio') },
        payload: { email: patient.email, password },
      });
    // Four wrong passwords fail, the fifth starts the lock, and the right one during the lock is locked too.
    for (let index = 0; index < 4; index += 1) {
      const refused = await login('wrong-password-1');
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await login('wrong-password-1')).statusCode).toBe(400);
    expect((await login(patient.password)).statusCode).toBe(400);
    // The same live code twice is one code; a renewal is another.
    for (const method of ['PUT', 'PUT', 'POST'] as const) {
      const url = `/api/v1/benefits/products/1101/discount-code${method === 'POST' ? '/renew' : ''}`;
      const answer = await callAs(t, patient, method, url);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
    const booked = await bookFirstSlot(t, patient, 1201, 1);
    for (let index = 0; index < 2; index += 1) {
      const cancelled = await callAs(t, patient, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, {
        sequence: booked.sequence,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    for (let index = 0; index < 2; index += 1) {
      const marked = await callAs(t, patient, 'PUT', '/api/v1/learning/progress/completed', {
        condition: 'migraine',
        lesson: 'what-is-migraine',
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    expect((await callAs(t, patient, 'GET', '/api/v1/user')).statusCode).toBe(200);
    const after = await samples();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);
    const alivio = { program: 'alivio' };
    expect(delta('portal_enrolments_total', alivio)).toBe(1);
    expect(delta('portal_logins_total', { ...alivio, result: 'succeeded' })).toBe(1);
    expect(delta('portal_logins_total', { ...alivio, result: 'failed' })).toBe(4);
    expect(delta('portal_logins_total', { ...alivio, result: 'locked' })).toBe(2);
    expect(delta('portal_codes_issued_total', alivio)).toBe(2);
    expect(delta('portal_appointments_booked_total', alivio)).toBe(1);
    expect(delta('portal_appointments_cancelled_total', alivio)).toBe(1);
    expect(delta('portal_lessons_completed_total', alivio)).toBe(1);
    expect(delta('portal_enrolments_total', { program: 'equilibrio' })).toBe(0);
    expect(delta('portal_session_cache_lookups_total')).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('count 429s by kind: per address, per subject', async () => {
    const limited = await createTestApp({
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '3',
      EMAIL_CHECK_PER_MINUTE: '1',
    });
    try {
      const call = (url: string, remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url, headers: { host: hostOf('alivio') }, remoteAddress });
      const check = `/api/v1/cognito/check?email=${encodeURIComponent(SECRETS.email)}`;
      expect((await call(check, '10.70.0.1')).statusCode).toBe(200);
      expect((await call(check, '10.70.0.2')).statusCode).toBe(429);
      for (let index = 0; index < 3; index += 1)
        expect((await call('/api/v1/resource/countries', '10.70.0.3')).statusCode).toBe(200);
      expect((await call('/api/v1/resource/countries', '10.70.0.3')).statusCode).toBe(429);
      const counted = parseExposition(await scrape(limited.app.metricsServer!.port()));
      expect(sumOf(counted, 'portal_rate_limit_refusals_total', { kind: 'subject' })).toBe(1);
      expect(sumOf(counted, 'portal_rate_limit_refusals_total', { kind: 'address' })).toBe(1);
      expect(sumOf(counted, 'portal_rate_limit_refusals_total', { kind: 'lockout' })).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it("count the hash queue's 503s, which are no login's result", async () => {
    // No thread and no place to wait: every hash is refused at once (decision 043).
    const passwords = createPasswordHashing({ threads: 0, maxWaiting: 0 });
    const full = await createTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }, { passwords });
    try {
      const login = await full.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { host: hostOf('alivio') },
        payload: { email: 'demo@alivio.example', password: 'Demo-pass-2026' },
      });
      expect(login.statusCode, login.body).toBe(503);
      const counted = parseExposition(await scrape(full.app.metricsServer!.port()));
      expect(sumOf(counted, 'portal_password_hash_refusals_total')).toBe(1);
      expect(sumOf(counted, 'portal_logins_total')).toBe(0);
      expect(sumOf(counted, 'portal_password_hash_queue_waiting')).toBe(0);
    } finally {
      await full.close();
      await passwords.close();
    }
  });
});
