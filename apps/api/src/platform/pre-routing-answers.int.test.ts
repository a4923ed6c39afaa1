// The answers made before any route runs, on a listening server: the security headers on each, and how soon a
// slow request is cut. A raw socket, because fetch and inject cannot send malformed or slow requests.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { applyServerTimeouts } from './json-body.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  elapsedMs: number;
}

/** Sends the chunks on a new connection, `gapMs` apart, and reads the answer until the server closes it. */
function exchange(port: number, chunks: string[], gapMs = 0): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let data = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      const sendNext = (index: number) => {
        if (index >= chunks.length || socket.destroyed) return;
        socket.write(chunks[index] ?? '');
        timer = setTimeout(() => sendNext(index + 1), gapMs);
      };
      sendNext(0);
    });
    socket.on('data', (chunk) => (data += String(chunk)));
    // The server may reset the connection after its answer while we still write.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const headEnd = data.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        reject(new Error(`no answer: ${JSON.stringify(data)}`));
        return;
      }
      const [statusLine = '', ...lines] = data.slice(0, headEnd).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: data.slice(headEnd + 4),
        elapsedMs: Date.now() - started,
      });
    });
  });
}

function expectSecurityHeaders(answer: RawAnswer): void {
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
}

function errorCodeOf(answer: RawAnswer): string {
  return ErrorBodySchema.parse(JSON.parse(answer.body)).error.code;
}

/** The limit this file lowers REQUEST_TIMEOUT_MS to, so that a slow request is cut in seconds. */
const REQUEST_TIMEOUT_MS = 1000;

describe(`answers made before routing (${TEST_DB})`, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    applyServerTimeouts(t.app.server, t.app.appConfig.REQUEST_TIMEOUT_MS);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('answers a malformed request line with 400, the error shape and the security headers', async () => {
    const answer = await exchange(port, ['GET /healthz HTTP/1.1 junk\r\nHost: alivio.localhost\r\n\r\n']);
    expect(answer.status).toBe(400);
    expect(errorCodeOf(answer)).toBe('BAD_REQUEST');
    expectSecurityHeaders(answer);
  });

  it('answers headers beyond the size Node accepts with 431 and the security headers', async () => {
    const answer = await exchange(port, [
      `GET /healthz HTTP/1.1\r\nHost: alivio.localhost\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
    ]);
    expect(answer.status).toBe(431);
    expect(errorCodeOf(answer)).toBe('HEADERS_TOO_LARGE');
    expectSecurityHeaders(answer);
  });

  it('answers an HTTP/1.1 request without Host with 400 and the security headers, and closes the connection', async () => {
    const answer = await exchange(port, ['GET /healthz HTTP/1.1\r\n\r\n']);
    expect(answer.status).toBe(400);
    expect(errorCodeOf(answer)).toBe('BAD_REQUEST');
    expect(answer.headers.connection).toBe('close');
    expectSecurityHeaders(answer);
  });

  it('answers an Expect it does not know with 417 and the security headers', async () => {
    const answer = await exchange(port, [
      'GET /healthz HTTP/1.1\r\nHost: alivio.localhost\r\nExpect: something-else\r\nConnection: close\r\n\r\n',
    ]);
    expect(answer.status).toBe(417);
    expectSecurityHeaders(answer);
  });

  it('answers a malformed URL (a framework refusal) with the security headers', async () => {
    const answer = await exchange(port, [
      'GET /api/v1/%E0%A4%A HTTP/1.1\r\nHost: alivio.localhost\r\nConnection: close\r\n\r\n',
    ]);
    expect(answer.status).toBe(400);
    expect(errorCodeOf(answer)).toBe('BAD_REQUEST');
    expect(answer.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(answer);
  });

  it('cuts a request whose headers trickle in slower than REQUEST_TIMEOUT_MS with 408, within a few seconds of it', async () => {
    // One byte every 100 ms: the whole head would take about 5 s, well past the 1 s limit.
    const head = `GET /healthz HTTP/1.1\r\nHost: ${hostOf('alivio')}\r\nX-Slow: ${'s'.repeat(20)}\r\n\r\n`;
    const answer = await exchange(port, [...head], 100);
    expect(answer.status).toBe(408);
    expect(errorCodeOf(answer)).toBe('REQUEST_TIMEOUT');
    expectSecurityHeaders(answer);
    // The limit plus Node's checking interval (1 s) and slack for a busy machine; with Node's default interval
    // (30 s) the cut came 30 s or more after the start.
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(answer.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + 6000);
  }, 40_000);

  it('answers a connection that sends nothing with 408 after the same limit', async () => {
    const answer = await exchange(port, []);
    expect(answer.status).toBe(408);
    expectSecurityHeaders(answer);
    expect(answer.elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS + 6000);
  }, 40_000);

  it('gives the server the configured limit for headers and for the whole request', () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBe(REQUEST_TIMEOUT_MS);
  });
});
