// `npm start` and `npm run serve` (each production instance's command, docs/operations.md) stopped by their process id
// (SIGTERM or SIGINT to the npm process, as a process manager sends it): the server shuts down and frees its port.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/test/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether a new server can listen on `port` (the previous one let it go). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('npm start and npm run serve', () => {
  it.each([
    ['start', 'SIGTERM'],
    ['run serve', 'SIGTERM'],
    ['run serve', 'SIGINT'],
  ] as const)(
    'npm %s: stops the server and frees the port when the npm process gets %s',
    async (command, signal) => {
      const port = await freePort();
      // The build already there (or none: the API still answers); building is not what this test is about.
      const npm = spawn('npm', command.split(' '), {
        cwd: ROOT,
        env: {
          ...process.env,
          PORTAL_START_BUILD: 'false',
          PORT: String(port),
          PGLITE_DATA_DIR: 'memory://',
          NODE_ENV: 'development',
          // No demo data: what is tested is the process, not what it seeds.
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('portal ready at')) resolve();
        };
        npm.stdout.on('data', onData);
        npm.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`npm ${command} ended before the server was ready:\n${output}`)));
      });
      expect(await canListen(port)).toBe(false);

      npm.kill(signal);
      await exited;
      expect(output).toContain('shutting down');
      expect(await canListen(port)).toBe(true);
    },
    240_000,
  );
});
