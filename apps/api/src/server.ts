// Starts the portal: validated configuration, listen, graceful shutdown.
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { applyServerTimeouts } from './platform/json-body.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const app = await buildApp(config);
  applyServerTimeouts(app.server, config.REQUEST_TIMEOUT_MS);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
  const base = `http://localhost:${config.PORT}`;
  app.log.info(
    `portal ready at ${base} (programs: ${app.programs
      .all()
      .map((p) => `http://${p.slug}.localhost:${config.PORT}`)
      .join(', ')}); database: ${app.database.kind}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
