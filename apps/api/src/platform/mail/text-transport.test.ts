import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTextTransport } from './text-transport.ts';

interface Received {
  headers: IncomingMessage['headers'];
  url: string | undefined;
  body: unknown;
}

describe('the SMS/WhatsApp provider adapter at SMS_URL', () => {
  let server: Server;
  let base: string;
  const received: Received[] = [];
  let status = 202;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, url: request.url, body: JSON.parse(body) as unknown });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const message = { channel: 'whatsapp', to: '+50688001234', text: 'Alivio: Lucía, su cita…', id: 'row-1' } as const;

  it('posts the text as JSON with the row id as idempotency key, the URL credentials as Basic auth only', async () => {
    status = 202;
    await createHttpTextTransport(`http://key:s%40cret@${base}/send?from=alivio`).send(message);
    const last = received.at(-1)!;
    expect(last.url).toBe('/send?from=alivio');
    expect(last.body).toEqual(message);
    expect(last.headers['idempotency-key']).toBe('row-1');
    expect(last.headers.authorization).toBe(`Basic ${Buffer.from('key:s@cret').toString('base64')}`);
  });

  it('makes a refusal final (4xx) and leaves a provider failure to the retries (5xx, 429)', async () => {
    const transport = createHttpTextTransport(`http://${base}/send`);
    status = 400;
    await expect(transport.send(message)).rejects.toMatchObject({ code: 'ETEXT', responseCode: 550 });
    for (const retried of [503, 429]) {
      status = retried;
      const error: unknown = await transport.send(message).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'ETEXT' });
      expect((error as { responseCode?: number }).responseCode).toBeUndefined();
    }
    expect(received.at(-1)!.headers.authorization).toBeUndefined();
  });
});
