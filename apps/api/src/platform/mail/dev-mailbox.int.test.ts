import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { mailKind } from '../../test/mail-kinds.ts';

// Production requires real secrets; the test databases' signing keys are encrypted with the development one.
const PRODUCTION_SECRETS = { KEY_ENCRYPTION_SECRET: 'k'.repeat(40), SIGNING_SECRET: 'r'.repeat(40) };

interface MailboxEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  link: string | null;
}

describe(`the dev mailbox (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKER: 'false' });
  });
  afterAll(async () => t?.close());

  it('lists the delivered mails of the requesting program only, newest first, with their links', async () => {
    const alivio = t.app.programs.get('alivio')!;
    const piel = t.app.programs.get('piel')!;
    const link = 'http://alivio.localhost:3000/password/recover?n=dev-nonce&s=sig';
    const first = await t.database.db.transaction((tx) =>
      t.app.mail.enqueue(tx, {
        programId: alivio.id,
        kind: mailKind('password-reset'),
        recipient: 'ana@example.com',
        language: 'es',
        payload: { link },
      }),
    );
    const second = await t.app.mail.enqueue(t.database.db, {
      programId: alivio.id,
      kind: mailKind('password-changed'),
      recipient: 'ana@example.com',
      language: 'en',
      payload: {},
    });
    const other = await t.app.mail.enqueue(t.database.db, {
      programId: piel.id,
      kind: mailKind('enrolment'),
      recipient: 'luis@example.com',
      language: 'es',
      payload: { patientName: 'Luis', link: 'http://piel.localhost:3000/login' },
    });
    expect(await t.app.mail.worker.drainOnce()).toBe(3);

    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox.json',
      headers: { host: hostOf('alivio') },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: MailboxEntry[] }>();
    expect(data.map((mail) => mail.id)).toEqual([second.id, first.id]);
    expect(data[1]).toMatchObject({
      kind: 'password-reset',
      to: 'ana@example.com',
      subject: 'Cree una nueva contraseña para Alivio',
      messageId: first.messageId,
      link,
    });
    expect(data[1]?.text).toContain(link);
    expect(data[1]?.html).toContain('<a href=');

    const pielList = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host: hostOf('piel') } })
    ).json<{ data: MailboxEntry[] }>();
    expect(pielList.data.map((mail) => mail.id)).toEqual([other.id]);
  });

  it("shows the list as a page and each mail with its own HTML, never another program's mail", async () => {
    const { data } = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host: hostOf('alivio') } })
    ).json<{ data: MailboxEntry[] }>();
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { host: hostOf('alivio') } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`href="/dev/mailbox/${data[0]!.id}"`);
    expect(page.body).toContain('Cree una nueva contraseña para Alivio');

    const view = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${data[1]!.id}`,
      headers: { host: hostOf('alivio') },
    });
    expect(view.statusCode).toBe(200);
    expect(view.body).toBe(data[1]!.html);
    expect(view.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(view.headers['content-security-policy']).not.toMatch(/script-src/);

    const pielMail = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host: hostOf('piel') } })
    ).json<{ data: MailboxEntry[] }>().data[0]!;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${pielMail.id}`,
      headers: { host: hostOf('alivio') },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('logs one line per mail with the program, kind and link, never the address', () => {
    const lines = t
      .logs()
      .split('\n')
      .filter((line) => line.includes('dev mailbox'));
    expect(lines).toHaveLength(3);
    expect(
      lines.some(
        (line) =>
          line.includes('"program":"alivio"') &&
          line.includes('"kind":"password-reset"') &&
          line.includes('n=dev-nonce'),
      ),
    ).toBe(true);
    expect(t.logs()).not.toContain('@example.com');
    expect(t.logs()).not.toContain('Cree una nueva');
  });

  it('answers loopback peers only, whatever address the server listens on', async () => {
    const { data } = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host: hostOf('alivio') } })
    ).json<{ data: MailboxEntry[] }>();
    expect(data.length).toBeGreaterThan(0);
    for (const url of ['/dev/mailbox.json', '/dev/mailbox', `/dev/mailbox/${data[0]!.id}`]) {
      for (const remoteAddress of ['192.168.1.23', '10.0.0.5', '2001:db8::1', '::ffff:192.168.1.23']) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress, headers: { host: hostOf('alivio') } });
        expect(response.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(response.body).not.toContain('@example.com');
      }
      // A reverse proxy on this machine is a loopback peer: what it forwards is someone else's request.
      const forwarded = await t.app.inject({
        method: 'GET',
        url,
        headers: { host: hostOf('alivio'), 'x-forwarded-for': '203.0.113.9' },
      });
      expect(forwarded.statusCode, `${url} forwarded`).toBe(404);
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        expect(
          (await t.app.inject({ method: 'GET', url, remoteAddress, headers: { host: hostOf('alivio') } })).statusCode,
          `${url} from ${remoteAddress}`,
        ).toBe(200);
      }
    }
  });

  it('does not exist in production: the paths answer the JSON 404', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', MAIL_WORKER: 'false', ...PRODUCTION_SECRETS });
    try {
      expect(production.app.mail.devMailbox).toBeUndefined();
      for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/mailbox/x']) {
        const response = await production.app.inject({ method: 'GET', url, headers: { host: hostOf('alivio') } });
        expect(response.statusCode).toBe(404);
        expect(ErrorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
      }
    } finally {
      await production.close();
    }
  });
});
