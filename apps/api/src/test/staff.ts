// Staff members for the API tests (decision 068): made as `npm run staff:add` makes them, set up through the API with
// their authenticator, and signed in with a password and a code, as the console will do.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  STAFF_SESSION_MAX_MS,
  StaffLoginResponseSchema,
  StaffSessionResponseSchema,
  StaffSetupFinishResponseSchema,
  StaffSetupOpenResponseSchema,
} from '@portal/contracts/staff';
import { SignupResponseSchema } from '@portal/contracts/signup';
import { addStaffCommand } from '../modules/staff/commands.ts';
import { findMemberByEmail, insertSession } from '../modules/staff/repository.ts';
import { randomToken, sha256 } from '../platform/crypto.ts';
import { totpCodeAt, TOTP_PERIOD_S } from '../modules/staff/totp.ts';
import { hostOf, type TestApp } from './app.ts';
import { alivioBody } from './signup-bodies.ts';

export const STAFF_PASSWORD = 'tranvía-azul-de-medianoche-42';

export interface TestStaff {
  email: string;
  password: string;
  /** The authenticator's secret, base32. */
  secret: string;
  recoveryCodes: string[];
}

/** A POST of the staff API on a program's host. */
export function staffPost(app: FastifyInstance, url: string, payload: Record<string, unknown>, slug = 'alivio') {
  return app.inject({ method: 'POST', url, headers: { host: hostOf(slug) }, payload });
}

/** `npm run staff:add` for a new e-mail; answers the e-mail and the link's n and s. */
export async function addTestStaff(
  t: TestApp,
  roles: string[],
  email = `staff-${randomBytes(4).toString('hex')}@example.com`,
) {
  const added = await addStaffCommand([email, ...roles], { db: t.database.db, config: t.config, now: t.app.clock() });
  if (added.status !== 0) throw new Error(added.stderr);
  const link = new URL(/^https?:\/\/\S+$/m.exec(added.stdout)![0]);
  return { email, link, n: link.searchParams.get('n')!, s: link.searchParams.get('s')! };
}

/** A staff member with `roles` (`agent:alivio`), set up through the API at the app's clock. */
export async function setUpTestStaff(t: TestApp, roles: string[]): Promise<TestStaff> {
  const { email, n, s } = await addTestStaff(t, roles);
  const opened = await staffPost(t.app, '/api/v1/staff/setup/open', { n, s });
  if (opened.statusCode !== 200) throw new Error(`set-up not opened: ${opened.body}`);
  const { secret } = StaffSetupOpenResponseSchema.parse(opened.json()).data.totp;
  const finished = await staffPost(t.app, '/api/v1/staff/setup/finish', {
    n,
    s,
    firstName: 'Marta',
    lastName: 'Quesada',
    password: STAFF_PASSWORD,
    code: totpCodeAt(secret, t.app.clock()),
  });
  if (finished.statusCode !== 200) throw new Error(`set-up not finished: ${finished.body}`);
  const { recoveryCodes } = StaffSetupFinishResponseSchema.parse(finished.json()).data;
  return { email, password: STAFF_PASSWORD, secret, recoveryCodes };
}

/** The challenge of a right e-mail and password. */
export async function staffChallenge(app: FastifyInstance, staff: TestStaff): Promise<string> {
  const answer = await staffPost(app, '/api/v1/staff/login', { email: staff.email, password: staff.password });
  if (answer.statusCode !== 200) throw new Error(`staff login refused: ${answer.body}`);
  return StaffLoginResponseSchema.parse(answer.json()).data.challenge;
}

/**
 * A staff session's `Authorization` header: a login with the code of the next time step (within the window, and later
 * than the set-up's, which a code may not repeat).
 */
export async function signInStaff(app: FastifyInstance, staff: TestStaff): Promise<string> {
  const challenge = await staffChallenge(app, staff);
  const code = totpCodeAt(staff.secret, new Date(app.clock().getTime() + TOTP_PERIOD_S * 1000));
  const answer = await staffPost(app, '/api/v1/staff/login/second-factor', { challenge, code });
  if (answer.statusCode !== 200) throw new Error(`second factor refused: ${answer.body}`);
  return `Bearer ${StaffSessionResponseSchema.parse(answer.json()).data.token}`;
}

/**
 * A session of a new staff member with `roles`, opened straight in the database (the access matrix's callers: many
 * sessions at the real clock, which the authenticator's one-code-per-step rule would not give through the login).
 */
export async function openTestStaffSession(t: TestApp, roles: string[]): Promise<string> {
  return (await addTestStaffMember(t, roles)).openSession();
}

/**
 * A new staff member with `roles`, whose sessions are opened straight in the database at the app's clock of the moment:
 * one member across a test that moves the clock past a session's end (a claim is the member's, not the session's).
 */
export async function addTestStaffMember(t: TestApp, roles: string[]): Promise<{ openSession: () => Promise<string> }> {
  const { email } = await addTestStaff(t, roles);
  const member = await findMemberByEmail(t.database.db, email);
  return {
    async openSession() {
      const token = `stf_${randomToken(32)}`;
      await insertSession(t.database.db, member!.id, sha256(token), t.app.clock(), STAFF_SESSION_MAX_MS);
      return `Bearer ${token}`;
    },
  };
}

/**
 * An alivio patient enrolled without a password (skip-password mode, UNCONFIRMED): the enrolment whose welcome mail an
 * agent may resend (decision 078). Answers the patient's id and e-mail.
 */
export async function enrolUnconfirmedPatient(t: TestApp): Promise<{ patientId: number; email: string }> {
  const { password: _password, ...body } = alivioBody();
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: hostOf('alivio') },
    remoteAddress: `10.${randomInt(100, 200)}.${randomInt(0, 250)}.${randomInt(1, 250)}`,
    payload: { ...body, skipPassword: true },
  });
  if (enrolled.statusCode !== 201) throw new Error(`enrolment failed: ${enrolled.statusCode} ${enrolled.body}`);
  const { patientId, accountStatus } = SignupResponseSchema.parse(enrolled.json()).data;
  if (accountStatus !== 'UNCONFIRMED') throw new Error(`enrolled ${accountStatus}`);
  return { patientId, email: String(body.email) };
}
