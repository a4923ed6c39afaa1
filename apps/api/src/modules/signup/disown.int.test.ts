import { createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { SignupResponseSchema } from '@portal/contracts/signup';
import { auditEvent, outbox, patient, userAccount } from '../../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { alivioBody } from '../../test/signup-bodies.ts';

let t: TestApp;
let ip = 0;
const SIGNING_SECRET = 'a-signing-secret-for-the-not-me-links-0001';
const request = (slug: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { host: hostOf(slug) },
    remoteAddress: `10.66.0.${++ip}`,
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({
    SIGNING_SECRET,
    MAIL_WORKER: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_PER_MINUTE: '1000',
    PREREGISTRATION_PER_MINUTE: '1000',
    LOGIN_PER_MINUTE: '1000',
  });
});
afterAll(async () => t.close());

async function enrol(body = alivioBody()) {
  const response = await request('alivio', 'POST', '/api/v1/patient/signup', body);
  expect(response.statusCode, response.body).toBe(201);
  const answer = SignupResponseSchema.parse(response.json()).data;
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, String(body.email)), eq(outbox.kind, 'enrolment')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = new URL(String(mail!.payload.notMeLink));
  return { body, answer, link, n: link.searchParams.get('n')!, s: link.searchParams.get('s')! };
}

describe(`"this wasn't me" (${TEST_DB})`, () => {
  it('puts a signed link to the not-me page in the welcome mail, rendered in its text and HTML', async () => {
    const { link } = await enrol();
    expect(link.origin).toBe('http://alivio.localhost:3000');
    expect(link.pathname).toBe('/signup/not-me');
    expect(await t.app.mail.worker.drainOnce()).toBeGreaterThan(0);
    const mail = t.app.mail.devMailbox!.list('alivio').find((delivered) => delivered.kind === 'enrolment');
    expect(mail?.text).toContain(link.toString());
    expect(mail?.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);
  });

  it('still honours a link mailed before decision 035 (signed with the secret itself), and no signature of another purpose', async () => {
    const { answer, n, s } = await enrol();
    const otherPurpose = t.config.signingKeys.sign('recovery-link', n);
    expect((await request('alivio', 'POST', '/api/v1/patient/signup/not-me', { n, s: otherPurpose })).statusCode).toBe(
      410,
    );
    const legacy = createHmac('sha256', SIGNING_SECRET).update(`enrolment-not-me:${n}`).digest('base64url');
    expect(legacy).not.toBe(s);
    const disowned = await request('alivio', 'POST', '/api/v1/patient/signup/not-me', { n, s: legacy });
    expect(disowned.statusCode, disowned.body).toBe(200);
    const [account] = await t.database.db.select().from(userAccount).where(eq(userAccount.id, answer.userId));
    expect(account?.status).toBe('DISABLED');
  });

  it('disables the enrolment, revokes its sessions and frees the address, once', async () => {
    const { body, answer, n, s } = await enrol();
    const login = await request('alivio', 'POST', '/api/v1/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);

    const disowned = await request('alivio', 'POST', '/api/v1/patient/signup/not-me', { n, s });
    expect(disowned.statusCode, disowned.body).toBe(200);
    expect(disowned.json()).toEqual({ data: { disowned: true } });
    const db = t.database.db;
    const [account] = await db.select().from(userAccount).where(eq(userAccount.id, answer.userId));
    expect(account?.status).toBe('DISABLED');
    expect(account?.email).not.toBe(body.email);
    expect(account?.email).toMatch(/@disowned\.invalid$/);
    expect((await db.select().from(patient).where(eq(patient.userId, answer.userId)))[0]?.status).toBe('INACTIVE');
    expect(
      await db
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.actorUserId, answer.userId), eq(auditEvent.action, 'enrolment-disowned'))),
    ).toHaveLength(1);
    const refresh = await request('alivio', 'POST', '/api/v1/token/refresh', {
      refreshToken: login.json<{ data: { RefreshToken: string } }>().data.RefreshToken,
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (await request('alivio', 'POST', '/api/v1/login', { email: body.email, password: body.password })).statusCode,
    ).toBe(400);

    const again = await request('alivio', 'POST', '/api/v1/patient/signup/not-me', { n, s });
    expect(again.statusCode).toBe(410);
    expect(ErrorBodySchema.parse(again.json()).error.code).toBe('ENROLMENT_LINK_INVALID');

    // The address is free: its owner enrols with it (another identification: the disowned patient keeps theirs).
    const mine = await request('alivio', 'POST', '/api/v1/patient/signup', alivioBody({ email: body.email }));
    expect(mine.statusCode, mine.body).toBe(201);
  });

  it('refuses forged links and links of another program', async () => {
    const { n, s } = await enrol();
    const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const [slug, payload] of [
      ['alivio', { n, s: flipped }],
      ['alivio', { n: Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64url'), s }],
      ['piel', { n, s }],
    ] as const) {
      const response = await request(slug, 'POST', '/api/v1/patient/signup/not-me', payload);
      expect(response.statusCode, `${slug} ${JSON.stringify(payload)}`).toBe(410);
    }
    expect((await request('alivio', 'POST', '/api/v1/patient/signup/not-me', { n: 'short', s })).statusCode).toBe(400);
    // Still usable by its holder afterwards.
    expect((await request('alivio', 'POST', '/api/v1/patient/signup/not-me', { n, s })).statusCode).toBe(200);
  });
});
