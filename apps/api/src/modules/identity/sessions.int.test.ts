// "My sessions" (decision 044): the patient's live sessions with their device, and ending one or all others; an ended
// session's access tokens are refused at their next call (on this instance, whatever the session cache held).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { OtherSessionsEndedResponseSchema, SessionsResponseSchema } from '@portal/contracts/sessions';
import { auditEvent, session } from '../../db/schema.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV, type TestPatient } from '../../test/patients.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV);
});
afterAll(async () => t.close());

interface Login extends TestPatient {
  refreshToken: string;
}

/** Another login of the same patient, from a browser named by its user agent. */
async function loginFrom(who: TestPatient, userAgent: string): Promise<Login> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf(who.slug), 'user-agent': userAgent },
    payload: { email: who.email, password: who.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const tokens = LoginResponseSchema.parse(response.json()).data;
  return { ...who, authorization: `Bearer ${tokens.AccessToken}`, refreshToken: tokens.RefreshToken };
}
const listOf = async (who: TestPatient) => {
  const response = await callAs(t, who, 'GET', '/api/v1/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return SessionsResponseSchema.parse(response.json()).data;
};
const refresh = (who: Login, userAgent = ANDROID_CHROME) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/token/refresh',
    headers: { host: hostOf(who.slug), 'user-agent': userAgent },
    payload: { refreshToken: who.refreshToken },
  });
const auditOf = async (action: 'session-ended' | 'other-sessions-ended', sessionOwner: string) =>
  t.database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.action, action), eq(auditEvent.actorUserId, sessionOwner)));
const userIdOf = async (sessionId: string) =>
  (await t.database.db.select().from(session).where(eq(session.id, sessionId)))[0]!.userId;

describe(`my sessions (${TEST_DB})`, () => {
  it('lists the live sessions with the device read from the user agent, the caller’s own marked, and stores only that', async () => {
    const who = await enrolPatient(t, 'alivio');
    const phone = await loginFrom(who, ANDROID_CHROME);
    const iphone = await loginFrom(who, IPHONE_SAFARI);
    const list = await listOf(phone);
    // The enrolment's own login (no browser named) and the two above.
    expect(list).toHaveLength(3);
    expect(list.filter((row) => row.current)).toHaveLength(1);
    const own = list.find((row) => row.current)!;
    expect(own).toMatchObject({ browser: 'chrome', system: 'android' });
    expect(list.map((row) => `${row.browser}/${row.system}`).sort()).toEqual([
      'chrome/android',
      'other/other',
      'safari/ios',
    ]);
    expect(new Date(own.lastUsedAt).toISOString()).toBe(own.lastUsedAt);
    expect((await listOf(iphone)).find((row) => row.current)).toMatchObject({ browser: 'safari', system: 'ios' });

    // The user agent is neither stored nor logged: only the two words.
    const rows = await t.database.db
      .select()
      .from(session)
      .where(eq(session.userId, await userIdOf(own.id)));
    expect(JSON.stringify(rows)).not.toContain('SM-A546B');
    expect(JSON.stringify(rows)).not.toContain('Mozilla');
    expect(t.logs()).not.toContain('SM-A546B');

    // A refresh from another browser names the session's device anew.
    const refreshed = await refresh(phone, WINDOWS_FIREFOX);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await listOf(phone)).find((row) => row.current)).toMatchObject({ browser: 'firefox', system: 'windows' });
  });

  it('ends another session: its access token is refused at the next call, even when cached, and its refresh token too', async () => {
    const who = await enrolPatient(t, 'alivio');
    const mine = await loginFrom(who, ANDROID_CHROME);
    const thief = await loginFrom(who, WINDOWS_FIREFOX);
    // The thief's session is read once, so that this instance's session cache holds it.
    expect((await callAs(t, thief, 'GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await callAs(t, thief, 'GET', '/api/v1/user')).statusCode).toBe(200);
    const target = (await listOf(mine)).find((row) => row.browser === 'firefox')!;

    const ended = await callAs(t, mine, 'DELETE', `/api/v1/sessions/${target.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ data: { ended: true } });

    const refused = await callAs(t, thief, 'GET', '/api/v1/user');
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused.json()).code).toBe('UNAUTHENTICATED');
    expect((await refresh(thief)).statusCode).toBe(401);
    expect((await callAs(t, mine, 'GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await listOf(mine)).map((row) => row.id)).not.toContain(target.id);
    expect(await auditOf('session-ended', await userIdOf(target.id))).toHaveLength(1);

    // Ended already: nothing to end.
    expect((await callAs(t, mine, 'DELETE', `/api/v1/sessions/${target.id}`)).statusCode).toBe(404);
  });

  it('ends every other session at once, and keeps the caller’s', async () => {
    const who = await enrolPatient(t, 'alivio');
    const mine = await loginFrom(who, ANDROID_CHROME);
    const second = await loginFrom(who, IPHONE_SAFARI);
    const third = await loginFrom(who, WINDOWS_FIREFOX);
    expect((await callAs(t, second, 'GET', '/api/v1/user')).statusCode).toBe(200);

    const ended = await callAs(t, mine, 'POST', '/api/v1/sessions/end-others');
    expect(ended.statusCode, ended.body).toBe(200);
    // The enrolment's login, the iPhone's and the Windows one.
    expect(OtherSessionsEndedResponseSchema.parse(ended.json()).data.ended).toBe(3);
    for (const other of [who, second, third]) {
      expect((await callAs(t, other, 'GET', '/api/v1/user')).statusCode).toBe(401);
    }
    expect((await refresh(second)).statusCode).toBe(401);
    const list = await listOf(mine);
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
    const [audit] = await auditOf('other-sessions-ended', await userIdOf(list[0]!.id));
    expect(audit?.detail).toEqual({ count: 3 });
  });

  it('answers 404 for a session of another patient, of another program, or none, and changes nothing', async () => {
    const owner = await enrolPatient(t, 'alivio');
    const ownersOther = await loginFrom(owner, IPHONE_SAFARI);
    const sameProgram = await enrolPatient(t, 'alivio');
    const otherProgram = await enrolPatient(t, 'equilibrio');
    const target = (await listOf(owner)).find((row) => row.browser === 'safari')!;

    for (const intruder of [sameProgram, otherProgram]) {
      const answer = await callAs(t, intruder, 'DELETE', `/api/v1/sessions/${target.id}`);
      expect(answer.statusCode, answer.body).toBe(404);
      expect(errorOf(answer.json()).code).toBe('NOT_FOUND');
      // Its own "end the others" leaves the owner's sessions alone.
      expect((await callAs(t, intruder, 'POST', '/api/v1/sessions/end-others')).statusCode).toBe(200);
    }
    expect((await callAs(t, sameProgram, 'DELETE', `/api/v1/sessions/${randomUUID()}`)).statusCode).toBe(404);
    expect((await callAs(t, sameProgram, 'DELETE', '/api/v1/sessions/not-an-id')).statusCode).toBe(400);
    // The owner's token on another program's host is not a caller there.
    expect(
      (await callAs(t, { slug: 'equilibrio', authorization: owner.authorization }, 'GET', '/api/v1/sessions'))
        .statusCode,
    ).toBe(401);

    expect((await callAs(t, ownersOther, 'GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await listOf(owner)).map((row) => row.id)).toContain(target.id);
    // Another patient's list never shows the owner's sessions.
    expect((await listOf(sameProgram)).map((row) => row.id)).not.toContain(target.id);
  });

  it('is declared in the OpenAPI document with its operations, summaries and error answers', () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string; responses: object }>>;
    };
    for (const [path, method, operationId] of [
      ['/api/v1/sessions', 'get', 'listSessions'],
      ['/api/v1/sessions/{id}', 'delete', 'endSession'],
      ['/api/v1/sessions/end-others', 'post', 'endOtherSessions'],
      ['/api/v1/account/export', 'post', 'exportMyData'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.operationId, path).toBe(operationId);
      expect(operation?.summary, path).toBeTruthy();
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    }
  });
});
