// Finding a patient, opening their record with a reason, and the access log (decision 074): a search by each kind of
// term within the host's program only (accents and case ignored, at most 20), the terms never in a log line; agents
// and nurses only; a reason for every opening ("other" with a text); a log row for each, which the database refuses
// to change or delete; and the patient's own view of it, never another's.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '@portal/contracts/account';
import {
  PatientAccessLogResponseSchema,
  StaffOpenRecordResponseSchema,
  StaffPatientSearchResponseSchema,
} from '@portal/contracts/staff-records';
import { program, staffAccessLog, staffSession } from '../../db/schema.ts';
import { PATIENT_DATA } from '../../patient-data.ts';
import { sha256 } from '../../platform/crypto.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { createTestPharmacy } from '../../test/pharmacy.ts';
import { cedula } from '../../test/signup-bodies.ts';
import { openTestStaffSession } from '../../test/staff.ts';
import type { StaffCaller } from './door.ts';
import { createStaffRecordsService } from './records.ts';

let t: TestApp;
let agent: string;
/** Letters only (names pass the text rules), unique to this run so that no other patient matches by chance. */
const marker = () => [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
const surname = `Núñez${marker()}`;
let rosa: TestPatient;
let rosaNumber: string;
let otherProgram: TestPatient;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_PER_MINUTE: '1000',
    RECOVERY_PER_MINUTE: '1000',
  });
  agent = await openTestStaffSession(t, ['agent:alivio']);
  rosaNumber = cedula();
  rosa = await enrolPatient(t, 'alivio', {
    identification: { type: 'IDENTIFICATION', number: rosaNumber },
    personalInfo: { firstName: 'Ángela Rosa', lastName: surname, secondSurname: 'Mora', gender: 'FEMALE' },
    contact: { phone: { country: 'CR', phoneNumber: '8712-3456' }, phoneAlternative: '', emailAlternative: '' },
  });
  otherProgram = await enrolPatient(t, 'equilibrio', {
    personalInfo: { firstName: 'Ángela', lastName: surname, gender: 'FEMALE' },
  });
}, 120_000);
afterAll(async () => t.close());

const search = (body: unknown, authorization = agent, slug = 'alivio') =>
  callAs(t, { slug, authorization }, 'POST', '/api/v1/staff/patients/search', body);
const open = (patientId: number, body: unknown, authorization = agent, slug = 'alivio') =>
  callAs(t, { slug, authorization }, 'POST', `/api/v1/staff/patients/${patientId}/open`, body);
const idsOf = (answer: { json: () => unknown }) =>
  StaffPatientSearchResponseSchema.parse(answer.json()).data.patients.map((found) => found.id);

describe(`finding a patient (${TEST_DB})`, () => {
  it('finds by identification read as at sign-up, by e-mail, by phone, and by the start of the names whatever the case and accents', async () => {
    const spaced = `${rosaNumber.slice(0, 1)}-${rosaNumber.slice(1, 5)} ${rosaNumber.slice(5)}`;
    for (const body of [
      { by: 'identification', identification: { type: 'IDENTIFICATION', number: spaced } },
      { by: 'email', email: rosa.email.toUpperCase() },
      { by: 'phone', phone: '+506 8712 3456' },
      { by: 'phone', phone: '87123456' },
      { by: 'name', firstName: 'angel', surname: surname.slice(0, 7).toUpperCase().replace('Ú', 'U') },
      { by: 'name', surname: `NUNEZ${surname.slice(5)}` },
      { by: 'name', firstName: 'ÁNGELA', surname: 'mor' },
    ]) {
      const answer = await search(body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(idsOf(answer), JSON.stringify(body)).toContain(rosa.patientId);
    }
    const [found] = StaffPatientSearchResponseSchema.parse((await search({ by: 'email', email: rosa.email })).json())
      .data.patients;
    expect(found).toMatchObject({
      id: rosa.patientId,
      firstName: 'Ángela Rosa',
      lastName: surname,
      country: 'CR',
      program: { slug: 'alivio' },
      status: 'ACTIVE',
      identification: { type: 'IDENTIFICATION', masked: `******${rosaNumber.slice(-3)}` },
    });
    expect(JSON.stringify(found)).not.toContain(rosaNumber);
  });

  it('never finds a patient of another program, even by their own e-mail or on their own host with an alivio role', async () => {
    expect(idsOf(await search({ by: 'name', surname }))).not.toContain(otherProgram.patientId);
    expect(idsOf(await search({ by: 'email', email: otherProgram.email }))).toEqual([]);
    const elsewhere = await search({ by: 'email', email: otherProgram.email }, agent, 'equilibrio');
    expect(elsewhere.statusCode).toBe(403);
    expect((await open(otherProgram.patientId, { reason: 'inbound-call' })).statusCode).toBe(404);
  });

  it('answers at most 20, and says when more matched', async () => {
    const many = `Zúñiga${marker()}`;
    for (let i = 0; i < 21; i += 1) {
      await enrolPatient(t, 'alivio', {
        personalInfo: { firstName: 'Elena', lastName: many, secondSurname: 'Mora', gender: 'FEMALE' },
      });
    }
    const answer = StaffPatientSearchResponseSchema.parse((await search({ by: 'name', surname: many })).json());
    expect(answer.data.patients).toHaveLength(20);
    expect(answer.data.isTruncated).toBe(true);
    const exact = StaffPatientSearchResponseSchema.parse((await search({ by: 'name', surname })).json());
    expect(exact.data.isTruncated).toBe(false);
  }, 180_000);

  it('refuses a term too short or of no kind, and carries no term into a log line', async () => {
    expect((await search({ by: 'name', firstName: 'a' })).statusCode).toBe(400);
    expect((await search({ by: 'name' })).statusCode).toBe(400);
    expect((await search({ by: 'phone', phone: '12' })).statusCode).toBe(400);
    expect((await search({ email: rosa.email })).statusCode).toBe(400);
    const logs = t.logs();
    expect(logs).toContain('/api/v1/staff/patients/search');
    for (const term of [rosa.email, rosaNumber, surname, '87123456', '8712 3456', 'angel'])
      expect(logs).not.toContain(term);
  });

  it('lets in agents and nurses of the host’s program only: managers and admins 403, a patient or a pharmacy 401', async () => {
    const nurse = await openTestStaffSession(t, ['nurse:alivio']);
    expect((await search({ by: 'email', email: rosa.email }, nurse)).statusCode).toBe(200);
    for (const role of ['manager:alivio', 'admin:alivio', 'agent:piel']) {
      const token = await openTestStaffSession(t, [role]);
      const refused = await search({ by: 'email', email: rosa.email }, token);
      expect(refused.statusCode, role).toBe(403);
      expect(errorOf(refused.json()).code).toBe('FORBIDDEN');
      expect((await open(rosa.patientId, { reason: 'inbound-call' }, token)).statusCode, role).toBe(403);
    }
    const { key } = await createTestPharmacy(t, 'alivio', 'CR');
    for (const answer of [
      await search({ by: 'email', email: rosa.email }, rosa.authorization),
      await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/staff/patients/search', { by: 'email', email: rosa.email }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/patients/search',
        headers: { host: 'alivio.localhost', 'x-api-key': key },
        payload: { by: 'email', email: rosa.email },
      }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(errorOf(answer.json()).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe(`opening a record, and the access log (${TEST_DB})`, () => {
  it('needs a reason, and a text for "other"', async () => {
    for (const body of [{}, { reason: 'curiosity' }, { reason: 'other' }, { reason: 'other', reasonText: '  ' }]) {
      const refused = await open(rosa.patientId, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(refused.json()).code).toBe('VALIDATION_FAILED');
    }
    expect((await open(rosa.patientId, { reason: 'other', reasonText: 'Queja del médico' })).statusCode).toBe(200);
  });

  it('answers the read-only record and writes one log row for each opening, which the database will not change or delete', async () => {
    const db = t.database.db;
    const before = await db.select().from(staffAccessLog).where(eq(staffAccessLog.patientId, rosa.patientId));
    const answer = await open(rosa.patientId, { reason: 'outbound-adherence-call' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = StaffOpenRecordResponseSchema.parse(answer.json());
    expect(data.patient.id).toBe(rosa.patientId);
    expect(data.grant).toMatchObject({ reason: 'outbound-adherence-call', untilSessionEnds: true });
    expect(data.record.patient).toMatchObject({ firstName: 'Ángela Rosa' });
    expect(data.record.treatments.length).toBeGreaterThan(0);
    expect(data.record.account).toMatchObject({ email: rosa.email });
    expect(answer.body).not.toContain('passwordHash');
    // The patient's live session (the sign-up's login), as "my sessions" shows it.
    expect(data.sessions.length).toBeGreaterThan(0);
    // The 4+1 progress of the medicine taken (alivio's 1101 has the offer in Costa Rica), none bought yet.
    expect(data.fourPlusOne).toEqual([
      expect.objectContaining({
        productId: 1101,
        progress: expect.objectContaining({ unitsPerFreeUnit: 4, countedUnits: 0 }),
      }),
    ]);
    const after = await db.select().from(staffAccessLog).where(eq(staffAccessLog.patientId, rosa.patientId));
    expect(after).toHaveLength(before.length + 1);
    const row = after.at(-1)!;
    expect(row).toMatchObject({ what: 'record-opened', reason: 'outbound-adherence-call', reasonText: null });

    await expect(db.execute(sql`update staff_access_log set reason = 'other' where id = ${row.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from staff_access_log where id = ${row.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate staff_access_log`)).rejects.toThrow();
    const [kept] = await db.select().from(staffAccessLog).where(eq(staffAccessLog.id, row.id));
    expect(kept).toEqual(row);
  });

  it('grants the record to the session that opened it, until that session ends', async () => {
    const db = t.database.db;
    const [alivio] = await db.select().from(program).where(eq(program.slug, 'alivio'));
    const records = createStaffRecordsService({ db, clock: t.app.clock, patientData: PATIENT_DATA, config: t.config });
    const callerOf = async (authorization: string): Promise<StaffCaller> => {
      const [session] = await db
        .select({ id: staffSession.id, staffId: staffSession.staffId })
        .from(staffSession)
        .where(eq(staffSession.tokenHash, sha256(authorization.slice('Bearer '.length))));
      return {
        actor: { kind: 'staff', staffId: session!.staffId, sessionId: session!.id },
        email: 'x@example.com',
        firstName: '',
        lastName: '',
        roles: [{ programId: alivio!.id, role: 'agent' }],
      };
    };
    await expect(records.requireOpenedRecord(await callerOf(agent), alivio!, rosa.patientId)).resolves.toMatchObject({
      patient: { id: rosa.patientId },
      grant: { reason: 'outbound-adherence-call' },
    });
    // Another session of the program, even of an agent, has not opened it.
    const other = await openTestStaffSession(t, ['agent:alivio']);
    await expect(records.requireOpenedRecord(await callerOf(other), alivio!, rosa.patientId)).rejects.toMatchObject({
      code: 'STAFF_RECORD_NOT_OPENED',
    });
    await expect(
      records.requireOpenedRecord(await callerOf(agent), alivio!, otherProgram.patientId),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows the patient their own entries (role, first name, reason), in the privacy centre’s call and the export, never another’s', async () => {
    const mine = await callAs(t, rosa, 'GET', '/api/v1/user/access-log');
    expect(mine.statusCode, mine.body).toBe(200);
    const { entries } = PatientAccessLogResponseSchema.parse(mine.json()).data;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({
      what: 'record-opened',
      reason: 'outbound-adherence-call',
      staff: { firstName: null, roles: ['agent'] },
    });
    expect(entries.map((entry) => entry.reason)).toContain('other');
    expect(mine.body).not.toContain('@example.com');

    const someoneElse = await enrolPatient(t, 'alivio');
    const theirs = await callAs(t, someoneElse, 'GET', '/api/v1/user/access-log');
    expect(PatientAccessLogResponseSchema.parse(theirs.json()).data.entries).toEqual([]);
    expect((await callAs(t, { slug: 'alivio' }, 'GET', '/api/v1/user/access-log')).statusCode).toBe(401);
    expect(
      (await callAs(t, { slug: 'alivio', authorization: agent }, 'GET', '/api/v1/user/access-log')).statusCode,
    ).toBe(401);

    const exported = await callAs(t, rosa, 'POST', '/api/v1/account/export', { currentPassword: rosa.password });
    expect(exported.statusCode, exported.body).toBe(200);
    const { accessLog } = AccountExportSchema.parse(exported.json());
    expect(accessLog).toHaveLength(entries.length);
    expect(accessLog[0]).toMatchObject({
      what: 'record-opened',
      reason: 'outbound-adherence-call',
      staffRoles: ['agent'],
    });
  });
});
