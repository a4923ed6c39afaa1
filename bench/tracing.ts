// The cost of traces (decision 084) on GET /api/v1/user: tracing off (no OTLP endpoint: the SDK is not loaded) against
// a server of the same run without the instrumentation at all (PORTAL_BENCH_UNTRACED=1: the database's query wrappers
// are not installed), in paired rounds; and tracing on, sampling 100 %, to a collector that only answers 200, as its own
// row against the bare Fastify baseline and against tracing off. Part of `npm run bench` (bench/run.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerHeaders, GOAL_ROUNDS, measure, startServer, type Measured, type Row } from './support.ts';

const USER_PATH = '/api/v1/user?expand=USER,PERIOD,CAREGIVER';
const DEMO = { email: 'demo@alivio.example', password: 'Demo-pass-2026' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A collector that reads and drops every export: what the spans cost the app, not what a collector costs. */
async function startSink(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function tracingRows(env: Record<string, string>, bare: Measured): Promise<Row[]> {
  const sink = await startSink();
  const untraced = await startServer({ ...env, PORTAL_BENCH_UNTRACED: '1' });
  const off = await startServer(env);
  const on = await startServer({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'always_on' });
  try {
    const authOf = async (origin: string, port: number) =>
      bearerHeaders(origin, { host: `alivio.localhost:${port}` }, DEMO.email, DEMO.password);
    const [untracedAuth, offAuth, onAuth] = await Promise.all([
      authOf(untraced.origin, untraced.port),
      authOf(off.origin, off.port),
      authOf(on.origin, on.port),
    ]);
    const rounds: { ratio: number; off: Measured; untraced: Measured }[] = [];
    for (let round = 0; round < GOAL_ROUNDS; round += 1) {
      // Each server first in every other round: what runs second on two shared cores is not always the slower.
      const measureWithout = () => measure(`${untraced.origin}${USER_PATH}`, untracedAuth);
      const measureOff = () => measure(`${off.origin}${USER_PATH}`, offAuth);
      const withoutFirst = round % 2 === 0;
      const first = await (withoutFirst ? measureWithout() : measureOff());
      const second = await (withoutFirst ? measureOff() : measureWithout());
      const [withoutIt, tracingOff] = withoutFirst ? [first, second] : [second, first];
      rounds.push({ ratio: tracingOff.rps / withoutIt.rps, off: tracingOff, untraced: withoutIt });
    }
    const offRps = median(rounds.map((round) => round.off.rps));
    const tracingOn = await measure(`${on.origin}${USER_PATH}`, onAuth);
    return [
      {
        what: `GET /api/v1/user, tracing off against no instrumentation (median of ${GOAL_ROUNDS} paired rounds: ${rounds.map((round) => round.ratio.toFixed(3)).join(', ')})`,
        figure: `${median(rounds.map((round) => round.ratio)).toFixed(3)}x (${Math.round(offRps)} vs ${Math.round(median(rounds.map((round) => round.untraced.rps)))} req/s), p99 ${median(rounds.map((round) => round.off.p99))} ms`,
        goal: 'none set (1.0 within the noise)',
      },
      {
        what: 'GET /api/v1/user, tracing on (sampling 100 %, OTLP/HTTP to a sink)',
        figure: `${(tracingOn.rps / bare.rps).toFixed(3)}x bare, ${(tracingOn.rps / offRps).toFixed(3)}x tracing off (${Math.round(tracingOn.rps)} req/s), p99 ${tracingOn.p99} ms${tracingOn.errors > 0 ? `, ${tracingOn.errors} errors` : ''}`,
        goal: 'none set',
      },
    ];
  } finally {
    await Promise.all([untraced.stop(), off.stop(), on.stop()]);
    await sink.close();
  }
}
