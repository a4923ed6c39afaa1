// The staff directory and its door (decision 068): `npm run staff:add` and its one-time set-up link (once, 24 hours),
// the authenticator's codes at the app's clock (a step either side, never further, never twice), recovery codes used
// once, the second factor's lock across two instances sharing Redis, sessions that end after 15 minutes idle and 10
// hours at most or when the member is disabled, and doors that refuse each other's credentials.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StaffMeResponseSchema,
  StaffSessionResponseSchema,
  StaffSetupOpenResponseSchema,
} from '@portal/contracts/staff';
import { buildApp } from '../../app.ts';
import { auditEvent, outbox, staffMember, staffRecoveryCode, staffSetupLink } from '../../db/schema.ts';
import { systemActor } from '../../platform/actor.ts';
import { createMemoryLockoutStore } from '../../platform/lockout.ts';
import { createMailRenderer } from '../../platform/mail/render.ts';
import { MAIL_KINDS } from '../../test/mail-kinds.ts';
import {
  createTestApp,
  createTestClock,
  createTestDatabase,
  hostOf,
  TEST_DB,
  testConfig,
  type TestApp,
} from '../../test/app.ts';
import { errorOf, signInDemo } from '../../test/patients.ts';
import { createTestPharmacy } from '../../test/pharmacy.ts';
import { createTestRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
import {
  addTestStaff,
  setUpTestStaff,
  signInStaff,
  STAFF_PASSWORD,
  staffChallenge,
  staffPost,
  type TestStaff,
} from '../../test/staff.ts';
import { addStaffCommand, STAFF_ADD_USAGE } from './commands.ts';
import { createStaffService } from './service.ts';
import { totpCodeAt } from './totp.ts';

const LIMITS = { LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' };
const MINUTE = 60_000;
const STEP = 30_000;

const clock = createTestClock(new Date('2026-11-21T12:00:07Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(LIMITS, { clock });
});
afterAll(async () => t.close());

const secondFactor = (challenge: string, code: string, app = t.app) =>
  staffPost(app, '/api/v1/staff/login/second-factor', { challenge, code });
const me = (authorization: string, slug = 'alivio', app = t.app) =>
  app.inject({ url: '/api/v1/staff/me', headers: { host: hostOf(slug), authorization } });
const codeAt = (staff: TestStaff, offsetMs = 0) => totpCodeAt(staff.secret, new Date(clock().getTime() + offsetMs));
/** A separate service on the same database: what an admin's console on another instance would call. */
const otherInstance = () =>
  createStaffService({
    db: t.database.db,
    clock,
    config: t.config,
    passwords: t.app.passwords,
    loginLockout: createMemoryLockoutStore(clock),
    codeLockout: createMemoryLockoutStore(clock),
  });

describe(`npm run staff:add and the set-up link (${TEST_DB})`, () => {
  it('makes the member, prints the link and mails it; the link opens, finishes the set-up once, and is then refused', async () => {
    const { email, link, n, s } = await addTestStaff(t, ['admin:alivio', 'agent:alivio,piel']);
    expect(link.origin).toBe('http://alivio.localhost:3000');
    expect(link.pathname).toBe('/staff/setup');
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail).toMatchObject({ kind: 'staff-setup', language: 'es', payload: { link: link.toString() } });
    const stored = JSON.stringify(await t.database.db.select().from(staffSetupLink));
    expect(stored).not.toContain(n);

    const opened = await staffPost(t.app, '/api/v1/staff/setup/open', { n, s });
    expect(opened.statusCode, opened.body).toBe(200);
    const { data } = StaffSetupOpenResponseSchema.parse(opened.json());
    expect(data.email).toBe(email);
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(data.totp.uri).toContain(`secret=${data.totp.secret}`);
    const [member] = await t.database.db.select().from(staffMember).where(eq(staffMember.email, email));
    expect(JSON.stringify(member)).not.toContain(data.totp.secret);

    const finish = (code: string, password = STAFF_PASSWORD) =>
      staffPost(t.app, '/api/v1/staff/setup/finish', { n, s, firstName: 'Ana', lastName: 'Mora', password, code });
    const short = await finish(totpCodeAt(data.totp.secret, clock()), 'corta-123');
    expect(errorOf(short.json()).fieldErrors).toEqual({ password: ['staff.setup.password.minLength'] });
    const common = await finish(totpCodeAt(data.totp.secret, clock()), 'password1234');
    expect(errorOf(common.json()).fieldErrors).toEqual({ password: ['passwordRecovery.newPassword.tooWeak'] });
    const ownName = await finish(totpCodeAt(data.totp.secret, clock()), `${email.split('@')[0]}`);
    expect(errorOf(ownName.json()).fieldErrors?.password).toBeDefined();
    const wrongCode = await finish(totpCodeAt(data.totp.secret, new Date(clock().getTime() + 5 * MINUTE)));
    expect(errorOf(wrongCode.json()).fieldErrors).toEqual({ code: ['staff.setup.code.invalid'] });

    const done = await finish(totpCodeAt(data.totp.secret, clock()));
    expect(done.statusCode, done.body).toBe(200);
    const { recoveryCodes } = (done.json() as { data: { recoveryCodes: string[] } }).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const codes = JSON.stringify(await t.database.db.select().from(staffRecoveryCode));
    for (const code of recoveryCodes) expect(codes).not.toContain(code);

    for (const again of [
      await staffPost(t.app, '/api/v1/staff/setup/open', { n, s }),
      await finish(totpCodeAt(data.totp.secret, clock())),
    ]) {
      expect(again.statusCode).toBe(410);
      expect(errorOf(again.json()).code).toBe('STAFF_SETUP_LINK_INVALID');
    }
    const actions = await t.database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.subject, `staff:${member!.id}`));
    expect(actions.map((event) => [event.action, event.actorKind])).toEqual([
      ['staff-added', 'system'],
      ['staff-setup-completed', 'staff'],
    ]);
  });

  it('mails the link in the language asked, as a button, on the first role’s program', () => {
    const renderer = createMailRenderer({
      programsDir: t.config.PROGRAMS_DIR,
      publicUrl: 'http://localhost:3000',
      kinds: MAIL_KINDS,
    });
    const link = 'http://piel.localhost:3000/en/staff/setup?n=abc&s=def';
    const en = renderer.render('piel', { kind: 'staff-setup', language: 'en', payload: { link } });
    expect(en.subject).toBe('Set up your Piel Plena staff account');
    expect(en.text).toContain(link);
    expect(en.text).toContain('valid for 24 hours');
    expect(en.html).toMatch(/<a href="[^"]+n=abc&amp;s=def" style="display:inline-block[^"]*">Set up my account<\/a>/);
    const es = renderer.render('alivio', { kind: 'staff-setup', language: 'es', payload: { link } });
    expect(es.subject).toBe('Configure su cuenta del personal de Alivio');
  });

  it('refuses a link after 24 hours, a forged one, and the secret of an earlier opening', async () => {
    const late = await addTestStaff(t, ['agent:alivio']);
    clock.advance(24 * 60 * MINUTE - 1000);
    expect((await staffPost(t.app, '/api/v1/staff/setup/open', { n: late.n, s: late.s })).statusCode).toBe(200);
    clock.advance(2000);
    const expired = await staffPost(t.app, '/api/v1/staff/setup/open', { n: late.n, s: late.s });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired.json()).code).toBe('STAFF_SETUP_LINK_INVALID');

    const forged = await staffPost(t.app, '/api/v1/staff/setup/open', { n: late.n, s: `${late.s.slice(0, -2)}AA` });
    expect(forged.statusCode).toBe(410);

    const twice = await addTestStaff(t, ['agent:alivio']);
    const first = StaffSetupOpenResponseSchema.parse(
      (await staffPost(t.app, '/api/v1/staff/setup/open', { n: twice.n, s: twice.s })).json(),
    ).data.totp.secret;
    const second = StaffSetupOpenResponseSchema.parse(
      (await staffPost(t.app, '/api/v1/staff/setup/open', { n: twice.n, s: twice.s })).json(),
    ).data.totp.secret;
    expect(second).not.toBe(first);
    const body = { n: twice.n, s: twice.s, firstName: 'Luis', lastName: 'Soto', password: STAFF_PASSWORD };
    const withFirst = await staffPost(t.app, '/api/v1/staff/setup/finish', {
      ...body,
      code: totpCodeAt(first, clock()),
    });
    expect(errorOf(withFirst.json()).fieldErrors).toEqual({ code: ['staff.setup.code.invalid'] });
    const withSecond = await staffPost(t.app, '/api/v1/staff/setup/finish', {
      ...body,
      code: totpCodeAt(second, clock()),
    });
    expect(withSecond.statusCode, withSecond.body).toBe(200);
  });

  it('refuses bad arguments with what was wrong, an unknown program, and an e-mail already in the directory', async () => {
    const run = (...args: string[]) => addStaffCommand(args, { db: t.database.db, config: t.config, now: clock() });
    for (const [args, problem] of [
      [[], 'missing the e-mail'],
      [['not-an-email', 'agent:alivio'], 'not an e-mail: not-an-email'],
      [['x@example.com'], 'missing a role'],
      [['x@example.com', 'agent'], 'not <role>:<program>'],
      [['x@example.com', 'agent:'], 'not <role>:<program>'],
      [['x@example.com', 'boss:alivio'], 'unknown role "boss"'],
      [['x@example.com', 'agent:alivio', 'agent:piel,alivio'], 'agent:alivio given twice'],
      [['x@example.com', 'agent:alivio', '--language', 'fr'], '--language takes es or en'],
      [['x@example.com', 'agent:alivio', '--admin'], 'unknown option --admin'],
    ] as const) {
      const result = await run(...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(problem);
      expect(result.stderr).toContain(STAFF_ADD_USAGE);
    }
    const unknown = await run('x@example.com', 'agent:alivio,nowhere');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^refused: no program nowhere /);
    const { email } = await addTestStaff(t, ['nurse:equilibrio']);
    const again = await run(email.toUpperCase(), 'agent:alivio');
    expect(again).toMatchObject({ status: 1, stderr: `refused: ${email} is already in the staff directory` });
    const english = await run(`en-${email}`, 'manager:piel', '--language', 'en');
    expect(english.stdout).toContain('http://piel.localhost:3000/en/staff/setup?n=');
  });
});

describe(`the login and its second factor (${TEST_DB})`, () => {
  let staff: TestStaff;
  beforeAll(async () => {
    staff = await setUpTestStaff(t, ['agent:alivio']);
    clock.advance(5 * MINUTE);
  });

  it('answers the same refusal for an unknown e-mail, a wrong password and a member not set up', async () => {
    const pending = await addTestStaff(t, ['agent:alivio']);
    const answers = await Promise.all(
      [
        { email: 'nobody@example.com', password: STAFF_PASSWORD },
        { email: staff.email, password: `${STAFF_PASSWORD}x` },
        { email: pending.email, password: STAFF_PASSWORD },
      ].map((body) => staffPost(t.app, '/api/v1/staff/login', body)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        error: {
          code: 'STAFF_LOGIN_REFUSED',
          message: 'staff.errors.loginRefused',
          details: { reason: 'INVALID_CREDENTIALS' },
        },
      });
    }
  });

  it('accepts a code one step either side of now, never two steps away, and never the same step twice', async () => {
    let challenge = await staffChallenge(t.app, staff);
    for (const offset of [-2 * STEP, 2 * STEP]) {
      const refused = await secondFactor(challenge, codeAt(staff, offset));
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused.json()).code).toBe('STAFF_CODE_REFUSED');
    }
    const before = await secondFactor(challenge, codeAt(staff, -STEP));
    expect(before.statusCode, before.body).toBe(200);
    // The challenge is used up with the session it gave.
    expect((await secondFactor(challenge, codeAt(staff, STEP))).statusCode).toBe(400);

    challenge = await staffChallenge(t.app, staff);
    const replayed = await secondFactor(challenge, codeAt(staff, -STEP));
    expect(errorOf(replayed.json()).code).toBe('STAFF_CODE_REFUSED');
    const after = await secondFactor(challenge, codeAt(staff, STEP));
    expect(after.statusCode, after.body).toBe(200);
    expect(StaffSessionResponseSchema.parse(after.json()).data).toMatchObject({
      idleSeconds: 900,
      usedRecoveryCode: false,
      recoveryCodesLeft: 10,
    });
  });

  it('accepts each recovery code once, as typed in any case and without the dash', async () => {
    const [code] = staff.recoveryCodes;
    const typed = code!.replace('-', '').toLowerCase();
    const used = await secondFactor(await staffChallenge(t.app, staff), typed);
    expect(used.statusCode, used.body).toBe(200);
    expect(StaffSessionResponseSchema.parse(used.json()).data).toMatchObject({
      usedRecoveryCode: true,
      recoveryCodesLeft: 9,
    });
    const again = await secondFactor(await staffChallenge(t.app, staff), code!);
    expect(errorOf(again.json()).code).toBe('STAFF_CODE_REFUSED');
    const events = await t.database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, 'staff-recovery-code-used'));
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it('refuses an expired challenge', async () => {
    const challenge = await staffChallenge(t.app, staff);
    clock.advance(5 * MINUTE + 1000);
    const late = await secondFactor(challenge, codeAt(staff));
    expect(errorOf(late.json()).code).toBe('STAFF_CODE_REFUSED');
  });
});

describe(`staff sessions (${TEST_DB})`, () => {
  let staff: TestStaff;
  beforeAll(async () => {
    staff = await setUpTestStaff(t, ['agent:alivio,piel', 'manager:piel']);
  });

  it('answers who I am and my programs with their roles, on the host of one of my programs only', async () => {
    const authorization = await signInStaff(t.app, staff);
    const mine = await me(authorization);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(StaffMeResponseSchema.parse(mine.json()).data).toMatchObject({
      email: staff.email,
      firstName: 'Marta',
      lastName: 'Quesada',
      programs: [
        { slug: 'alivio', roles: ['agent'] },
        { slug: 'piel', roles: ['agent', 'manager'] },
      ],
    });
    const elsewhere = await me(authorization, 'equilibrio');
    expect(elsewhere.statusCode).toBe(403);
    expect(errorOf(elsewhere.json()).code).toBe('FORBIDDEN');
  });

  it('ends after 15 minutes without a call', async () => {
    clock.advance(STEP);
    const authorization = await signInStaff(t.app, staff);
    clock.advance(15 * MINUTE - 1000);
    expect((await me(authorization)).statusCode).toBe(200);
    clock.advance(15 * MINUTE - 1000);
    expect((await me(authorization)).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    const idle = await me(authorization);
    expect(idle.statusCode).toBe(401);
    expect(errorOf(idle.json()).code).toBe('UNAUTHENTICATED');
  });

  it('ends 10 hours after it began, however busy', async () => {
    clock.advance(STEP);
    const authorization = await signInStaff(t.app, staff);
    for (let minutes = 10; minutes < 600; minutes += 10) {
      clock.advance(10 * MINUTE);
      expect((await me(authorization)).statusCode, `${minutes} minutes`).toBe(200);
    }
    clock.advance(10 * MINUTE);
    expect((await me(authorization)).statusCode).toBe(401);
  });

  it('ends at logout', async () => {
    clock.advance(STEP);
    const authorization = await signInStaff(t.app, staff);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/logout',
      headers: { host: hostOf('alivio'), authorization },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(authorization)).statusCode).toBe(401);
  });

  it('ends every session of a member at once when the member is disabled, and refuses their login like any other', async () => {
    const member = await setUpTestStaff(t, ['agent:alivio']);
    clock.advance(STEP);
    const first = await signInStaff(t.app, member);
    clock.advance(STEP);
    const second = await signInStaff(t.app, member);
    expect((await me(first)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staffMember).where(eq(staffMember.email, member.email));
    expect(await otherInstance().disable(row!.id, systemActor('test'))).toBe(true);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const login = await staffPost(t.app, '/api/v1/staff/login', { email: member.email, password: member.password });
    expect(errorOf(login.json())).toMatchObject({
      code: 'STAFF_LOGIN_REFUSED',
      details: { reason: 'INVALID_CREDENTIALS' },
    });
  });
});

describe(`the doors refuse each other's credentials (${TEST_DB})`, () => {
  it('refuses a staff token on patient and pharmacy routes, and a patient token or a pharmacy key on staff routes', async () => {
    const staff = await setUpTestStaff(t, ['admin:alivio']);
    clock.advance(STEP);
    const staffToken = await signInStaff(t.app, staff);
    const patient = await signInDemo(t, 'alivio');
    const { key } = await createTestPharmacy(t, 'alivio', 'CR');
    const host = hostOf('alivio');
    for (const answer of [
      await t.app.inject({ url: '/api/v1/user', headers: { host, authorization: staffToken } }),
      await t.app.inject({ url: '/api/v1/pharmacy/me', headers: { host, authorization: staffToken } }),
      await t.app.inject({ url: '/api/v1/pharmacy/me', headers: { host, 'x-api-key': staffToken.slice(7) } }),
      await t.app.inject({ url: '/api/v1/staff/me', headers: { host, authorization: patient.authorization } }),
      await t.app.inject({ url: '/api/v1/staff/me', headers: { host, 'x-api-key': key } }),
      await t.app.inject({ url: '/api/v1/staff/me', headers: { host, authorization: `Bearer ${key}` } }),
      await t.app.inject({ url: '/api/v1/staff/me', headers: { host } }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(errorOf(answer.json()).code).toBe('UNAUTHENTICATED');
    }
    expect((await me(staffToken)).statusCode).toBe(200);
  });
});

describe(`the second factor's lock across two instances sharing Redis (${TEST_DB})`, () => {
  let redis: TestRedisServer;
  const shared = createTestClock(new Date('2026-11-22T09:00:03Z'));
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await createTestRedisServer();
    const config = testConfig({
      ...LIMITS,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    });
    const database = await createTestDatabase(config);
    const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const instance = async (): Promise<TestApp> => {
      const app = await buildApp(config, { database, clock: shared, logStream: sink() });
      return { app, database, config, logs: () => '', close: () => app.close() };
    };
    a = await instance();
    b = await instance();
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await a?.database.close();
    await redis?.stop();
  });

  it('locks the second factor for 15 minutes after five wrong codes, whichever instance they reached', async () => {
    const staff = await setUpTestStaff(a, ['agent:alivio']);
    shared.advance(MINUTE);
    const wrong = totpCodeAt(staff.secret, new Date(shared().getTime() + 10 * MINUTE));
    const challenge = await staffChallenge(a.app, staff);
    const tries = [a, b, a, b].map((instance) => instance.app);
    for (const app of tries) {
      const answer = await secondFactor(challenge, wrong, app);
      expect(errorOf(answer.json()).code).toBe('STAFF_CODE_REFUSED');
    }
    const fifth = await secondFactor(challenge, wrong, a.app);
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth.json())).toMatchObject({
      code: 'STAFF_SECOND_FACTOR_LOCKED',
      details: { retryAfterSeconds: 900 },
    });
    expect(fifth.headers['retry-after']).toBe('900');
    // Locked on the other instance too, even for the right code.
    const right = await secondFactor(await staffChallenge(b.app, staff), totpCodeAt(staff.secret, shared()), b.app);
    expect(right.statusCode).toBe(429);
    shared.advance(15 * MINUTE - 10_000);
    const stillLocked = await secondFactor(
      await staffChallenge(a.app, staff),
      totpCodeAt(staff.secret, shared()),
      a.app,
    );
    expect(stillLocked.statusCode).toBe(429);
    shared.advance(10_000);
    const open = await secondFactor(await staffChallenge(b.app, staff), totpCodeAt(staff.secret, shared()), b.app);
    expect(open.statusCode, open.body).toBe(200);
  });
});

describe(`what the logs keep of the staff's way in (${TEST_DB})`, () => {
  it('holds no e-mail, password, link, secret, code or token of a set-up and a login', async () => {
    const logsBefore = t.logs().length;
    const { email, n, s } = await addTestStaff(t, ['agent:alivio']);
    const opened = await staffPost(t.app, '/api/v1/staff/setup/open', { n, s });
    const { secret } = StaffSetupOpenResponseSchema.parse(opened.json()).data.totp;
    const finished = await staffPost(t.app, '/api/v1/staff/setup/finish', {
      n,
      s,
      firstName: 'Rigoberta',
      lastName: 'Zúñiga',
      password: STAFF_PASSWORD,
      code: totpCodeAt(secret, clock()),
    });
    const { recoveryCodes } = (finished.json() as { data: { recoveryCodes: string[] } }).data;
    const staff = { email, password: STAFF_PASSWORD, secret, recoveryCodes };
    await staffPost(t.app, '/api/v1/staff/login', { email, password: 'a-wrong-password-here' });
    clock.advance(STEP);
    const authorization = await signInStaff(t.app, staff);
    await me(authorization);
    // Outside production the dev mailbox writes each delivered mail's link for the developer; no other line may.
    const logs = t
      .logs()
      .slice(logsBefore)
      .split('\n')
      .filter((line) => !line.includes('"msg":"dev mailbox: mail delivered'))
      .join('\n');
    expect(logs).toContain('/api/v1/staff/me');
    for (const value of [
      email,
      STAFF_PASSWORD,
      'a-wrong-password-here',
      n,
      s,
      secret,
      'Rigoberta',
      'Zúñiga',
      ...recoveryCodes,
    ])
      expect(logs).not.toContain(value);
    expect(logs).not.toContain(authorization.slice(7));
  });
});
