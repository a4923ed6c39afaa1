// The admin's side of the console (decision 077): adding a member answers the set-up link once (and mails it, as
// `staff:add` does); roles change only in the admin's programs, never one's own last admin role; disabling a member
// or resetting their second factor ends their sessions at once; pharmacies, keys shown once and revoked keys refused
// by the pharmacy API; a member's access log with identifications masked; and the bulk-opening alert, once per
// member and hour.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_MAX_MS } from '@portal/contracts/staff';
import {
  StaffAddMemberResponseSchema,
  StaffIssuedKeyResponseSchema,
  StaffMemberLogResponseSchema,
  StaffMembersResponseSchema,
  StaffPharmacyResponseSchema,
  StaffResetSecondFactorResponseSchema,
} from '@portal/contracts/staff-admin';
import { auditEvent, outbox } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { linkParams } from '../../test/outbox.ts';
import { callAs, enrolPatient, errorOf } from '../../test/patients.ts';
import { createTestPharmacy } from '../../test/pharmacy.ts';
import { addTestStaff, setUpTestStaff, signInStaff, staffPost } from '../../test/staff.ts';
import { findMemberByEmail, insertSession, rolesOf } from './repository.ts';

const STEP = 30_000;
const clock = createTestClock(new Date('2026-11-22T09:00:07Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000' },
    { clock },
  );
}, 120_000);
afterAll(async () => t.close());

/** A new session of the member, opened in the database at the test's clock. */
async function sessionOf(staffId: string): Promise<string> {
  const token = `stf_${randomToken(32)}`;
  await insertSession(t.database.db, staffId, sha256(token), clock(), STAFF_SESSION_MAX_MS);
  return `Bearer ${token}`;
}

/** A member with `roles` and a session opened in the database: their id, e-mail and `Authorization` header. */
async function member(roles: string[]) {
  const { email } = await addTestStaff(t, roles);
  const row = await findMemberByEmail(t.database.db, email);
  return { id: row!.id, email, authorization: await sessionOf(row!.id) };
}

const call = (
  who: { authorization: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  slug = 'alivio',
) => callAs(t, { slug, authorization: who.authorization }, method, url, body);
const me = (who: { authorization: string }) => call(who, 'GET', '/api/v1/staff/me');
const mailsTo = (recipient: string, kind: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));

describe(`staff members (${TEST_DB})`, () => {
  it('adds a member with roles in the admin’s programs: the set-up link is answered once, mailed, and opens the set-up', async () => {
    const admin = await member(['admin:alivio']);
    const email = `nueva-${randomToken(4).toLowerCase()}@example.com`;
    const added = await call(admin, 'POST', '/api/v1/staff/admin/members', {
      email,
      roles: [{ program: 'alivio', role: 'agent' }],
      language: 'en',
    });
    expect(added.statusCode, added.body).toBe(200);
    const { member: made, setup } = StaffAddMemberResponseSchema.parse(added.json()).data;
    expect(made).toMatchObject({
      email,
      status: 'invited',
      lastLoginAt: null,
      roles: [{ program: { slug: 'alivio' }, role: 'agent' }],
    });
    expect(new Date(setup.expiresAt).getTime() - clock().getTime()).toBe(24 * 60 * 60 * 1000);
    const [mail] = await mailsTo(email, 'staff-setup');
    expect(mail?.payload).toMatchObject({ link: setup.link });
    expect(mail?.language).toBe('en');
    const { n, s } = linkParams(setup.link);
    const opened = await staffPost(t.app, '/api/v1/staff/setup/open', { n, s });
    expect(opened.statusCode, opened.body).toBe(200);
    // The same e-mail again is refused on the field; a role in a program the admin does not run is 403.
    const again = await call(admin, 'POST', '/api/v1/staff/admin/members', {
      email: email.toUpperCase(),
      roles: [{ program: 'alivio', role: 'agent' }],
    });
    expect(errorOf(again.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { email: ['staff.admin.email.taken'] },
    });
    const elsewhere = await call(admin, 'POST', '/api/v1/staff/admin/members', {
      email: `otra-${randomToken(4).toLowerCase()}@example.com`,
      roles: [{ program: 'piel', role: 'agent' }],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(403);
    const list = StaffMembersResponseSchema.parse((await call(admin, 'GET', '/api/v1/staff/admin/members')).json());
    expect(list.data.members.map((row) => row.email)).toEqual(expect.arrayContaining([email, admin.email]));
    expect(list.data.programs).toEqual([{ slug: 'alivio', name: expect.any(String) }]);
  });

  it('changes roles in the admin’s programs only, and never removes the admin’s own last admin role', async () => {
    const admin = await member(['admin:alivio']);
    const target = await member(['agent:alivio', 'agent:piel']);
    const changed = await call(admin, 'PUT', `/api/v1/staff/admin/members/${target.id}/roles`, {
      roles: [
        { program: 'alivio', role: 'nurse' },
        { program: 'alivio', role: 'manager' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const held = (await rolesOf(t.database.db, target.id)).map(({ slug, role }) => `${role}:${slug}`).sort();
    expect(held).toEqual(['agent:piel', 'manager:alivio', 'nurse:alivio']);
    const outside = await call(admin, 'PUT', `/api/v1/staff/admin/members/${target.id}/roles`, {
      roles: [{ program: 'piel', role: 'admin' }],
    });
    expect(outside.statusCode, outside.body).toBe(403);
    const self = await call(admin, 'PUT', `/api/v1/staff/admin/members/${admin.id}/roles`, {
      roles: [{ program: 'alivio', role: 'agent' }],
    });
    expect(errorOf(self.json()).code).toBe('STAFF_SELF_REFUSED');
    expect((await call(admin, 'POST', `/api/v1/staff/admin/members/${admin.id}/disable`)).statusCode).toBe(409);
    // A member of piel only is not this admin's: 404; an admin of piel on alivio's host is 403.
    const pielOnly = await member(['agent:piel']);
    expect((await call(admin, 'GET', `/api/v1/staff/admin/members/${pielOnly.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/v1/staff/admin/members/${pielOnly.id}/disable`)).statusCode).toBe(404);
    const pielAdmin = await member(['admin:piel']);
    expect((await call(pielAdmin, 'GET', `/api/v1/staff/admin/members/${target.id}`)).statusCode).toBe(403);
    const onPiel = await call(pielAdmin, 'GET', `/api/v1/staff/admin/members/${admin.id}`, undefined, 'piel');
    expect(onPiel.statusCode, onPiel.body).toBe(404);
  });

  it('disabling a member ends every session of theirs at once: an existing token gets 401 on the next call', async () => {
    const admin = await member(['admin:alivio']);
    const target = await member(['agent:alivio']);
    expect((await me(target)).statusCode).toBe(200);
    const disabled = await call(admin, 'POST', `/api/v1/staff/admin/members/${target.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ data: { member: { status: 'disabled' } } });
    expect((await me(target)).statusCode).toBe(401);
  });

  it('re-enabling a disabled member lets them log in again; the sessions the disabling ended stay ended', async () => {
    const admin = await member(['admin:alivio']);
    const agent = await setUpTestStaff(t, ['agent:alivio']);
    clock.advance(STEP);
    const session = { authorization: await signInStaff(t.app, agent) };
    const id = (await findMemberByEmail(t.database.db, agent.email))!.id;
    expect((await call(admin, 'POST', `/api/v1/staff/admin/members/${id}/disable`)).statusCode).toBe(200);
    const enabled = await call(admin, 'POST', `/api/v1/staff/admin/members/${id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ data: { member: { status: 'active' } } });
    expect((await me(session)).statusCode).toBe(401);
    const audit = await t.database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.subject, `staff:${id}`));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['staff-disabled', 'staff-enabled']));
    clock.advance(STEP);
    expect((await me({ authorization: await signInStaff(t.app, agent) })).statusCode).toBe(200);
    // Again changes nothing; a member of another program is not this admin's.
    expect((await call(admin, 'POST', `/api/v1/staff/admin/members/${id}/enable`)).statusCode).toBe(200);
    const pielOnly = await member(['agent:piel']);
    expect((await call(admin, 'POST', `/api/v1/staff/admin/members/${pielOnly.id}/enable`)).statusCode).toBe(404);
  });

  it('resetting the second factor ends the sessions and issues a new set-up link; the old authenticator no longer logs in', async () => {
    const admin = await member(['admin:alivio']);
    const agent = await setUpTestStaff(t, ['agent:alivio']);
    clock.advance(STEP);
    const session = { authorization: await signInStaff(t.app, agent) };
    expect((await me(session)).statusCode).toBe(200);
    const id = (await findMemberByEmail(t.database.db, agent.email))!.id;
    const reset = await call(admin, 'POST', `/api/v1/staff/admin/members/${id}/reset-second-factor`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    const answer = StaffResetSecondFactorResponseSchema.parse(reset.json()).data;
    expect(answer).toMatchObject({ member: { status: 'invited' }, sessionsEnded: 1 });
    expect((await me(session)).statusCode).toBe(401);
    const login = await staffPost(t.app, '/api/v1/staff/login', { email: agent.email, password: agent.password });
    expect(errorOf(login.json()).code).toBe('STAFF_LOGIN_REFUSED');
    const mails = await mailsTo(agent.email, 'staff-setup');
    expect(mails.map((mail) => mail.payload.link)).toContain(answer.setup.link);
    const { n, s } = linkParams(answer.setup.link);
    expect((await staffPost(t.app, '/api/v1/staff/setup/open', { n, s })).statusCode).toBe(200);
  });
});

describe(`pharmacies (${TEST_DB})`, () => {
  it('adds a pharmacy, issues a key shown once that opens the pharmacy API, and revokes it', async () => {
    const admin = await member(['admin:alivio']);
    const name = `Farmacia Central ${randomToken(3)}`;
    const added = await call(admin, 'POST', '/api/v1/staff/admin/pharmacies', { name, country: 'CR' });
    expect(added.statusCode, added.body).toBe(200);
    const { pharmacy } = StaffPharmacyResponseSchema.parse(added.json()).data;
    expect(pharmacy).toMatchObject({ name, country: 'CR', keys: [] });
    const twice = await call(admin, 'POST', '/api/v1/staff/admin/pharmacies', { name, country: 'CR' });
    expect(errorOf(twice.json()).fieldErrors).toEqual({ name: ['staff.admin.pharmacy.name.taken'] });
    const wrongCountry = await call(admin, 'POST', '/api/v1/staff/admin/pharmacies', { name, country: 'US' });
    expect(wrongCountry.statusCode).toBe(400);

    const issued = await call(admin, 'POST', `/api/v1/staff/admin/pharmacies/${pharmacy.id}/keys`);
    expect(issued.statusCode, issued.body).toBe(200);
    const { key, prefix, pharmacy: withKey } = StaffIssuedKeyResponseSchema.parse(issued.json()).data;
    expect(key.startsWith(prefix)).toBe(true);
    expect(withKey.keys).toEqual([expect.objectContaining({ prefix, revokedAt: null })]);
    const list = await call(admin, 'GET', '/api/v1/staff/admin/pharmacies');
    expect(list.body).toContain(prefix);
    expect(list.body).not.toContain(key);
    const pharmacyMe = () =>
      t.app.inject({ url: '/api/v1/pharmacy/me', headers: { host: 'alivio.localhost', 'x-api-key': key } });
    expect((await pharmacyMe()).statusCode).toBe(200);

    const keyId = withKey.keys[0]!.id;
    const revoked = await call(admin, 'POST', `/api/v1/staff/admin/pharmacies/${pharmacy.id}/keys/${keyId}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(StaffPharmacyResponseSchema.parse(revoked.json()).data.pharmacy.keys[0]!.revokedAt).not.toBeNull();
    expect((await pharmacyMe()).statusCode).toBe(401);
  });

  it('a pharmacy of another program is 404, and an admin of another program is 403', async () => {
    const admin = await member(['admin:alivio']);
    const other = await createTestPharmacy(t, 'piel', 'CR');
    expect((await call(admin, 'POST', `/api/v1/staff/admin/pharmacies/${other.pharmacyId}/keys`)).statusCode).toBe(404);
    const pielAdmin = await member(['admin:piel']);
    expect((await call(pielAdmin, 'GET', '/api/v1/staff/admin/pharmacies')).statusCode).toBe(403);
  });
});

describe(`a member's access log and the bulk-opening alert (${TEST_DB})`, () => {
  it('shows the member’s entries newest first, the identification masked as the search masks it', async () => {
    const admin = await member(['admin:alivio']);
    const agent = await member(['agent:alivio']);
    const patient = await enrolPatient(t, 'alivio');
    const number = (patient.body as { identification: { number: string } }).identification.number;
    await call(agent, 'POST', '/api/v1/staff/patients/search', { by: 'email', email: patient.email });
    clock.advance(1000);
    const opened = await call(agent, 'POST', `/api/v1/staff/patients/${patient.patientId}/open`, {
      reason: 'inbound-call',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const log = await call(admin, 'GET', `/api/v1/staff/admin/members/${agent.id}/access-log`);
    expect(log.statusCode, log.body).toBe(200);
    const { entries, isTruncated } = StaffMemberLogResponseSchema.parse(log.json()).data;
    expect(isTruncated).toBe(false);
    expect(entries.map((entry) => entry.what)).toEqual(['record-opened', 'search']);
    expect(entries[0]).toMatchObject({
      reason: 'inbound-call',
      program: { slug: 'alivio' },
      patient: { id: patient.patientId, identification: { masked: `******${number.slice(-3)}` } },
    });
    expect(entries[1]!.patient).toBeNull();
    expect(log.body).not.toContain(number);
  });

  it('mails the program’s admins once when a member opens a 51st record within an hour, and again only in a later hour', async () => {
    const admin = await member(['admin:alivio']);
    const agent = await member(['agent:alivio']);
    const caller = { authorization: agent.authorization };
    const patient = await enrolPatient(t, 'alivio');
    const open = () =>
      call(caller, 'POST', `/api/v1/staff/patients/${patient.patientId}/open`, { reason: 'outbound-adherence-call' });
    const alerts = async () => (await mailsTo(admin.email, 'staff-bulk-opening')).length;
    for (let index = 0; index < 50; index += 1) expect((await open()).statusCode).toBe(200);
    expect(await alerts()).toBe(0);
    expect((await open()).statusCode).toBe(200);
    expect(await alerts()).toBe(1);
    const [mail] = await mailsTo(admin.email, 'staff-bulk-opening');
    expect(mail!.payload).toMatchObject({
      memberEmail: agent.email,
      count: '51',
      link: expect.stringContaining(`/staff/members/${agent.id}`),
    });
    expect(JSON.stringify(mail!.payload)).not.toContain(patient.email);
    expect((await open()).statusCode).toBe(200);
    expect(await alerts()).toBe(1);
    // An hour later the count starts again: 51 more openings alert once more.
    clock.advance(61 * 60 * 1000);
    caller.authorization = await sessionOf(agent.id);
    for (let index = 0; index < 51; index += 1) await open();
    expect(await alerts()).toBe(2);
  }, 240_000);
});
