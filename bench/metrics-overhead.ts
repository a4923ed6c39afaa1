// What the metrics cost a request (decision 082): GET /api/v1/user with METRICS_PORT set (and a scrape every second,
// more often than Prometheus's usual 15 s) against the same server without it, in alternating rounds of their own
// processes on PGlite; the ratios of throughput and p99 per round and their medians. Not part of `npm run bench` yet:
// `node --import tsx bench/metrics-overhead.ts` (BENCH_METRICS_ROUNDS, 3 by default; BENCH_DURATION_S as the others).
import { freePort } from '../apps/api/src/test/free-port.ts';
import { bearerHeaders, measure, median, startServer, type Measured } from './support.ts';

const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 3);
const SCRAPE_EVERY_MS = 1000;

const throughput: number[] = [];
const p99: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const figures = new Map<'on' | 'off', Measured>();
  // Alternating which goes first, so that a machine getting busier does not favour one.
  for (const variant of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
    const metricsPort = await freePort();
    const server = await startServer({
      PGLITE_DATA_DIR: 'memory://',
      ...(variant === 'on' ? { METRICS_PORT: String(metricsPort) } : {}),
    });
    const headers = await bearerHeaders(
      server.origin,
      { host: 'alivio.localhost' },
      'demo@alivio.example',
      'Demo-pass-2026',
    );
    const scraper =
      variant === 'on'
        ? setInterval(() => {
            fetch(`http://127.0.0.1:${metricsPort}/metrics`)
              .then((response) => response.text())
              .catch(() => undefined);
          }, SCRAPE_EVERY_MS)
        : undefined;
    const measured = await measure(`${server.origin}/api/v1/user`, headers);
    clearInterval(scraper);
    figures.set(variant, measured);
    console.log(
      `round ${round + 1}, metrics ${variant}: ${Math.round(measured.rps)} req/s, p99 ${measured.p99} ms, ${measured.errors} errors`,
    );
    await server.stop();
  }
  const on = figures.get('on')!;
  const off = figures.get('off')!;
  throughput.push(on.rps / off.rps);
  p99.push(on.p99 / off.p99);
}
const listed = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
console.log(`throughput, metrics on ÷ off: ${listed(throughput)} (median ${median(throughput).toFixed(2)})`);
console.log(`p99, metrics on ÷ off: ${listed(p99)} (median ${median(p99).toFixed(2)})`);
