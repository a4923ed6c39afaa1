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
  attachments: { filename: string; contentType: string; size: number; url: string }[];
}

/** A booking confirmation's payload, as the booking service queues it (decision 058). */
const BOOKING_PAYLOAD = {
  firstName: 'Ana',
  serviceKey: 'benefits.catalogue.1201.title',
  place: 'booking.place.video',
  address: '',
  startsAt: '2026-12-03T15:00:00.000Z',
  endsAt: '2026-12-03T15:30:00.000Z',
  timeZone: 'America/Costa_Rica',
  country: 'CR',
  calendarUid: 'booking-dev-mailbox@portal',
  sequence: '0',
  cutoffHours: '12',
};

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

  it("names a mail's attachments in the list, the JSON and the mail's view, and serves each one (issue 38)", async () => {
    const alivio = t.app.programs.get('alivio')!;
    const booking = await t.app.mail.enqueue(t.database.db, {
      programId: alivio.id,
      kind: mailKind('booking-confirmed'),
      recipient: 'ana@example.com',
      language: 'es',
      payload: BOOKING_PAYLOAD,
    });
    const passwordMail = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host: hostOf('alivio') } })
    ).json<{ data: MailboxEntry[] }>().data[0]!;
    expect(await t.app.mail.worker.drainOnce()).toBe(1);
    const host = { host: hostOf('alivio') };
    const { data } = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: host })).json<{
      data: MailboxEntry[];
    }>();
    const mail = data.find((one) => one.id === booking.id)!;
    expect(mail.text).toContain('El archivo adjunto la agrega a su calendario');
    expect(mail.attachments).toEqual([
      {
        filename: 'invite.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        size: expect.any(Number),
        url: `/dev/mailbox/${booking.id}/attachments/0`,
      },
    ]);
    expect(data.find((one) => one.id === passwordMail.id)!.attachments).toEqual([]);

    const file = await t.app.inject({ method: 'GET', url: mail.attachments[0]!.url, headers: host });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(file.headers['content-disposition']).toBe('attachment; filename="invite.ics"');
    expect(file.rawPayload.byteLength).toBe(mail.attachments[0]!.size);
    expect(file.body).toContain('BEGIN:VCALENDAR');
    expect(file.body).toContain('UID:booking-dev-mailbox@portal');

    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox', headers: host });
    expect(list.body).toContain(`<a href="${mail.attachments[0]!.url}" download="invite.ics">invite.ics</a>`);
    const view = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${booking.id}`, headers: host });
    expect(view.body).toContain(`<a href="${mail.attachments[0]!.url}" download="invite.ics">invite.ics</a>`);
    expect(view.body.indexOf('aria-label="Attachments"')).toBeLessThan(view.body.indexOf('</body>'));

    // No such file, or another program's mail: as unknown as a mail that never existed.
    for (const [url, slug] of [
      [`/dev/mailbox/${booking.id}/attachments/1`, 'alivio'],
      [`/dev/mailbox/${booking.id}/attachments/x`, 'alivio'],
      [`/dev/mailbox/${passwordMail.id}/attachments/0`, 'alivio'],
      [mail.attachments[0]!.url, 'piel'],
    ] as const)
      expect((await t.app.inject({ method: 'GET', url, headers: { host: hostOf(slug) } })).statusCode, url).toBe(404);
  });

  it('answers loopback peers only, whatever address the server listens on', async () => {
    const { data } = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', headers: { host: hostOf('alivio') } })
    ).json<{ data: MailboxEntry[] }>();
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.attachments).toHaveLength(1);
    for (const url of [
      '/dev/mailbox.json',
      '/dev/mailbox',
      `/dev/mailbox/${data[0]!.id}`,
      data[0]!.attachments[0]!.url,
    ]) {
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
      for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/mailbox/x', '/dev/mailbox/x/attachments/0']) {
        const response = await production.app.inject({ method: 'GET', url, headers: { host: hostOf('alivio') } });
        expect(response.statusCode).toBe(404);
        expect(ErrorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
      }
    } finally {
      await production.close();
    }
  });
});
