// Test helper: a throw-away redis-server of the test's own, on a free port, that the test stops and starts
// again (Redis outages for real). scripts/test.mjs installs Debian's redis-server when it is missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './free-port.ts';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export function hasRedisServer(): boolean {
  return spawnSync(REDIS_SERVER, ['--version']).status === 0;
}

/** Resolves once the server answers PING (raw RESP, no client library needed). */
async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface TestRedisServer {
  url: string;
  /** Starts (again) on the same port; resolves when it answers. */
  start(): Promise<void>;
  /** Stops the server; resolves when the process is gone. */
  stop(): Promise<void>;
}

export async function createTestRedisServer(): Promise<TestRedisServer> {
  if (!hasRedisServer())
    throw new Error(
      `${REDIS_SERVER} is not installed: npm test installs Debian's redis-server package when run as root`,
    );
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: TestRedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let tries = 0; tries < 100; tries += 1) {
        if (await answersPing(port)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not answer on port ${port}`);
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = undefined;
      if (running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
  await server.start();
  return server;
}
