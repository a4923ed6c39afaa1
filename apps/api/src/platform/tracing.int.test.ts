// Traces (decision 084): the spans reach an OTLP/HTTP receiver of the test's own, one request's tree is whole, an
// incoming traceparent is honoured only behind a trusted proxy, and the request's log lines carry its trace_id.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { mailKind } from '../test/mail-kinds.ts';
import { startTestSmtpServer } from '../test/smtp.ts';
import { runRound } from './jobs.ts';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
}

/** A collector of our own: POST /v1/traces with OTLP's JSON encoding, every span kept. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes'> & { attributes?: OtlpAttribute[] })[] }[];
        }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              attributes: Object.fromEntries(
                (span.attributes ?? []).map(({ key, value }) => [
                  key,
                  value.stringValue ??
                    (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
                    value.boolValue ??
                    value.doubleValue ??
                    '',
                ]),
              ),
            });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A route that reads the database twice: a query of the pool's own, and one in a transaction. */
function addTracedRoute(t: TestApp) {
  t.app.get('/api/v1/test-trace/:accountId', async (request) => {
    const { accountId } = request.params as { accountId: string };
    const [row] = await t.database.db
      .select({ id: userAccount.id })
      .from(userAccount)
      .where(eq(userAccount.email, `${accountId}@trace.example`));
    const count = await t.database.db.transaction(async (tx) => (await tx.select().from(userAccount).limit(1)).length);
    request.log.info('traced route answered');
    return { found: row !== undefined, count };
  });
}

const isRoot = (span: ReceivedSpan) => !span.parentSpanId;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe(`traces (${TEST_DB})`, () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver.close());

  /** Builds an app that traces everything to the receiver, makes `send`'s requests, closes it (which flushes). */
  async function traceRequests(env: Record<string, string>, send: (t: TestApp) => Promise<void>) {
    receiver.spans.length = 0;
    const t = await createTestApp({
      MAIL_WORKER: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_SERVICE_NAME: 'portal-test',
      ...env,
    });
    addTracedRoute(t);
    await send(t);
    const logs = t.logs();
    await t.close();
    return { spans: [...receiver.spans], logs };
  }

  it("sends a request's span named by its route template, with its queries as children of the same trace", async () => {
    const personal = `maria.${hex(4)}`;
    const { spans, logs } = await traceRequests({}, async (t) => {
      const response = await t.app.inject({
        url: `/api/v1/test-trace/${personal}?email=${personal}`,
        headers: { host: hostOf('alivio') },
      });
      expect(response.statusCode).toBe(200);
    });
    const root = spans.find((span) => span.name === 'GET /api/v1/test-trace/:accountId');
    expect(root).toBeDefined();
    expect(isRoot(root!)).toBe(true);
    expect(root!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/v1/test-trace/:accountId',
      'http.response.status_code': 200,
    });
    const children = spans.filter((span) => span.parentSpanId === root!.spanId);
    for (const child of children) expect(child.traceId).toBe(root!.traceId);
    const queries = children.filter((span) => span.attributes['db.operation.name'] !== undefined);
    // The pool's query and the transaction's (PostgreSQL's BEGIN and COMMIT are queries too; PGlite's are not).
    expect(queries.filter((span) => span.name === 'SELECT user_account')).toHaveLength(2);
    for (const query of queries)
      expect(query.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'portal.db.engine': TEST_DB,
      });
    // Nothing the caller sent appears in any span: not the path's value, not the query string.
    expect(JSON.stringify(spans)).not.toContain(personal);
    // The request's log lines carry its trace.
    const lines = logs
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; trace_id?: string; span_id?: string });
    const answered = lines.find((line) => line.msg === 'traced route answered');
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(answered).toMatchObject({ trace_id: root!.traceId, span_id: root!.spanId });
    expect(completed).toMatchObject({ trace_id: root!.traceId });
  });

  const parentTraceId = hex(16);
  const parentSpanId = hex(8);
  const sendWithTraceparent = async (t: TestApp) => {
    const response = await t.app.inject({
      url: '/readyz',
      headers: { traceparent: `00-${parentTraceId}-${parentSpanId}-01` },
    });
    expect(response.statusCode).toBe(200);
  };

  it('continues the trace of an incoming traceparent behind a trusted proxy (TRUST_PROXY)', async () => {
    const { spans } = await traceRequests({ TRUST_PROXY: 'true' }, sendWithTraceparent);
    const request = spans.find((span) => span.name === 'GET /readyz');
    expect(request).toMatchObject({ traceId: parentTraceId, parentSpanId });
    expect(spans.some((span) => span.parentSpanId === request!.spanId && span.name === 'SELECT')).toBe(true);
  });

  it('starts a trace of its own, whatever traceparent says, without a trusted proxy', async () => {
    const { spans } = await traceRequests({}, sendWithTraceparent);
    const request = spans.find((span) => span.name === 'GET /readyz');
    expect(request).toBeDefined();
    expect(request!.traceId).not.toBe(parentTraceId);
    expect(isRoot(request!)).toBe(true);
  });

  it('sends a span per mail sent and per job round, with their queries as children', async () => {
    const smtp = await startTestSmtpServer();
    const recipient = `paciente.${hex(4)}@example.com`;
    try {
      const { spans } = await traceRequests({ SMTP_URL: smtp.url }, async (t) => {
        const programId = t.app.programs.get('alivio')!.id;
        await t.database.db.transaction(async (tx) =>
          t.app.mail.enqueue(tx, {
            programId,
            kind: mailKind('password-reset'),
            recipient,
            language: 'es',
            payload: { link: `http://alivio.localhost:3000/password/recover?n=${hex(8)}&s=sig` },
          }),
        );
        expect(await t.app.mail.worker.drainOnce()).toBe(1);
        const job = {
          name: 'trace-test',
          intervalMs: 60_000,
          run: async () => (await t.database.db.select().from(userAccount).limit(1)).length,
        };
        expect(await runRound(t.database.db, job, new Date(), t.app.log)).toBe(1);
      });
      expect(smtp.received).toHaveLength(1);
      const mail = spans.find((span) => span.name === 'mail send');
      expect(mail?.attributes).toMatchObject({ 'portal.mail.kind': 'password-reset', 'portal.mail.channel': 'email' });
      const round = spans.find((span) => span.name === 'job trace-test');
      expect(round).toBeDefined();
      expect(spans.some((span) => span.parentSpanId === round!.spanId && span.name === 'SELECT user_account')).toBe(
        true,
      );
      expect(JSON.stringify(spans)).not.toContain(recipient);
    } finally {
      await smtp.close();
    }
  });
});
