// Every table is classified in patient-data.ts, and the classification holds: a patient with a row in every patient
// table sees each in the export, and after the purge none of the patient's personal values is left in any table.
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { AccountExportSchema } from '@portal/contracts/account';
import { CaregiverResponseSchema } from '@portal/contracts/caregiver';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { SignupResponseSchema, type PreregisteredPatient } from '@portal/contracts/signup';
import * as schema from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { bookFirstSlot } from '../../test/bookings.ts';
import { callAs, type TestPatient } from '../../test/patients.ts';
import { alivioBody, alivioTreatment, cedula, uniqueEmail } from '../../test/signup-bodies.ts';
import { preregisterPatient } from '../signup/preregistration.ts';
import { getOrCreateLiveCode } from '../benefits/codes.ts';
import { issueCouponLink } from '../coupon/issue.ts';
import { couponSources } from '../coupon/sources.ts';
import { recordPharmacyLoop } from '../../test/pharmacy.ts';
import { openTestStaffSession } from '../../test/staff.ts';
import { queueDueRefillReminders } from '../purchases/refills.ts';
import { purgeClosedAccounts } from './purge.ts';
import { refreshProgram, settingsByProgram } from '../adherence/public.ts';
import { programConfigOf } from '@portal/contracts/test/program-folders';
import { addDays } from '@portal/contracts/refill';
import { todayInCountry } from '@portal/contracts/time-zones';
import {
  TABLE_COVERAGE,
  type OtherTable,
  type PatientDataTable,
  type PatientTableName,
  type SchemaTableName,
} from './patient-data.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      SIGNUP_PER_MINUTE: '1000',
      RECOVERY_PER_MINUTE: '1000',
    },
    { clock },
  );
});
afterAll(async () => t.close());

const schemaTables = (Object.entries(schema) as [string, unknown][])
  .filter(([, value]) => is(value, PgTable))
  .map(([name, table]) => [name as SchemaTableName, table as PgTable] as const);
/** The registry, read as a table of any name. */
const COVERAGE: Record<SchemaTableName, PatientDataTable | OtherTable> = TABLE_COVERAGE;

/** Every row of every table, as JSON text: where a personal value must not be found after the purge. */
async function dumpOf(db: Db, table: PgTable): Promise<string> {
  return JSON.stringify(await db.select().from(table));
}

/** Letters only, so that names pass the text rules, and unique, so that no other row can hold them by chance. */
const marker = (prefix: string) =>
  `${prefix}${[...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

interface Ids {
  userId: string;
  patientId: number;
  planPatientIds: number[];
  emails: string[];
  accessIds: number[];
}

/** How each patient table's rows belong to the patient: the check that the seeded patient has a row in each. */
const OWNS_ROW: Record<PatientTableName, (row: Record<string, unknown>, ids: Ids) => boolean> = {
  userAccount: (row, ids) => row.id === ids.userId,
  emailChange: (row, ids) => row.userId === ids.userId,
  session: (row, ids) => row.userId === ids.userId,
  passwordReset: (row, ids) => row.userId === ids.userId,
  enrolmentNotMeLink: (row, ids) => row.userId === ids.userId,
  patient: (row, ids) => row.id === ids.patientId,
  preregistration: (row, ids) => row.patientId === ids.patientId,
  planPatient: (row, ids) => row.patientId === ids.patientId,
  caregiver: (row, ids) => row.patientId === ids.patientId,
  caregiverAccess: (row, ids) => row.patientId === ids.patientId,
  caregiverInvitation: (row, ids) => ids.accessIds.includes(row.accessId as number),
  consentRecord: (row, ids) => row.patientId === ids.patientId,
  treatment: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  discountCode: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  lessonProgress: (row, ids) => row.patientId === ids.patientId,
  booking: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  outbox: (row, ids) => ids.emails.includes(row.recipient as string),
  auditEvent: (row, ids) => row.actorUserId === ids.userId,
  couponLink: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  purchase: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  redemption: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  refillReminder: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  staffAccessLog: (row, ids) => row.patientId === ids.patientId,
  staffNote: (row, ids) => row.patientId === ids.patientId,
  treatmentVersion: (row, ids) => ids.planPatientIds.includes(row.planPatientId as number),
  adherenceSummary: (row, ids) => row.patientId === ids.patientId,
  outreachEntry: (row, ids) => row.patientId === ids.patientId,
  outreachOutcome: (row, ids) => row.patientId === ids.patientId,
  idempotencyKey: (row, ids) =>
    (row.responseBody as { data?: { userId?: string } } | null)?.data?.userId === ids.userId,
};

describe(`every table is classified as a patient's data or not (${TEST_DB})`, () => {
  it('lists every table of schema.ts, and nothing else', () => {
    expect(schemaTables.length).toBeGreaterThan(0);
    expect(Object.keys(TABLE_COVERAGE).sort()).toEqual(schemaTables.map(([name]) => name).sort());
  });

  it('gives every table that is not patient data a reason, and every patient table a way its rows are found', () => {
    for (const [name, coverage] of Object.entries(COVERAGE)) {
      if (coverage.holds === 'no patient data') expect(coverage.why.length, name).toBeGreaterThan(10);
      else expect(OWNS_ROW[name as PatientTableName], name).toBeTypeOf('function');
    }
  });

  it('has no patient table with a column pointing at the patient, its account or its plan that the registry calls no patient data', () => {
    const patientKeys = new Set(['user_id', 'patient_id', 'plan_patient_id', 'actor_user_id']);
    for (const [name, table] of schemaTables) {
      const columns = getTableConfig(table).columns.map((column) => column.name);
      if (columns.some((column) => patientKeys.has(column))) expect(COVERAGE[name].holds, name).toBe('patient data');
    }
  });
});

describe(`the export and the purge cover every patient table (${TEST_DB})`, () => {
  it('shows a row of every patient table in the export, and leaves no personal value anywhere after the purge', async () => {
    const db = t.database.db;
    const [alivio] = await db.select().from(schema.program).where(eq(schema.program.slug, 'alivio'));
    const firstName = marker('Nombre');
    const lastName = marker('Apellido');
    const secondSurname = marker('Segundo');
    const enrolEmail = uniqueEmail();
    const number = cedula();
    const addressLine = marker('Calle ');
    const doctorName = marker('Doctora');
    const healthCenter = marker('Clinica ');
    const caregiverName = marker('Cuidadora');
    const caregiverEmail = uniqueEmail();
    const caregiverNumber = cedula();
    const phone = `88${randomInt(100_000, 999_999)}`;
    const caregiverPhone = `88${randomInt(100_000, 999_999)}`;

    // Pre-registered by the program, then enrolled from the invitation (preregistration, outbox, audit, idempotency key).
    const held: PreregisteredPatient = {
      supportPlanId: 101,
      country: 'CR',
      email: enrolEmail,
      identification: { type: 'IDENTIFICATION', number },
      personalInfo: { firstName, lastName, secondSurname, gender: 'FEMALE' },
      birthDate: '1980-05-06',
      contact: { phone: { country: 'CR', phoneNumber: phone } },
    };
    const { link: invitationLink } = await preregisterPatient(db, {
      program: alivio!,
      data: held,
      language: 'es',
      now: clock(),
      config: t.config,
    });
    const invitation = new URL(invitationLink);
    const body = alivioBody({
      email: enrolEmail,
      identification: held.identification,
      personalInfo: held.personalInfo,
      birthDate: held.birthDate,
      contact: { phone: { country: 'CR', phoneNumber: phone }, phoneAlternative: '', emailAlternative: '' },
      address: { line: addressLine, location: { id: 'CR-san-jose-escazu' } },
      preregistration: { n: invitation.searchParams.get('n'), s: invitation.searchParams.get('s') },
      treatments: [
        alivioTreatment({
          // Started, so that its purchases give a refill estimate (decision 061).
          notStarted: false,
          startDate: '2026-11-01',
          doctor: { firstName: doctorName, lastName: 'Vargas' },
          healthCenter: { name: healthCenter, type: 'PRIVATE' },
        }),
      ],
    });
    const enrolled = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/patient/signup', body);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { patientId, userId } = SignupResponseSchema.parse(enrolled.json()).data;
    const password = String(body.password);

    // A login (session), a caregiver, a recovery link asked for, and a confirmed change of e-mail.
    const login = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/login', { email: enrolEmail, password });
    expect(login.statusCode).toBe(200);
    let who: TestPatient = {
      slug: 'alivio',
      patientId,
      email: enrolEmail,
      password,
      authorization: `Bearer ${LoginResponseSchema.parse(login.json()).data.AccessToken}`,
      body,
    };
    const added = await callAs(t, who, 'POST', '/api/v1/caregiver', {
      relation: 'DIRECT_FAMILY',
      firstName: caregiverName,
      lastName: 'Mora',
      identification: { type: 'IDENTIFICATION', number: caregiverNumber },
      phone: { country: 'CR', phoneNumber: caregiverPhone },
      email: caregiverEmail,
    });
    expect(added.statusCode, added.body).toBe(201);
    // The caregiver invited to a login of their own (decision 092): the access and its invitation.
    const invited = await callAs(
      t,
      who,
      'POST',
      `/api/v1/caregiver/${CaregiverResponseSchema.parse(added.json()).data.id}/invitation`,
      {},
    );
    expect(invited.statusCode, invited.body).toBe(200);
    expect(
      (
        await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/password/recover', {
          step: 'request',
          email: enrolEmail,
          language: 'es',
        })
      ).statusCode,
    ).toBe(200);
    const newEmail = uniqueEmail();
    expect(
      (await callAs(t, who, 'POST', '/api/v1/account/email', { newEmail, currentPassword: password })).statusCode,
    ).toBe(202);
    const [confirmMail] = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, newEmail));
    const confirmLink = new URL(String(confirmMail!.payload.link));
    const confirmed = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/account/email/confirm', {
      n: confirmLink.searchParams.get('n'),
      s: confirmLink.searchParams.get('s'),
    });
    expect(confirmed.statusCode).toBe(200);
    const relogin = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/login', { email: newEmail, password });
    who = {
      ...who,
      email: newEmail,
      authorization: `Bearer ${LoginResponseSchema.parse(relogin.json()).data.AccessToken}`,
    };

    // The seeded patient has a row in every patient table.
    const planPatientIds = (
      await db
        .select({ id: schema.planPatient.id })
        .from(schema.planPatient)
        .where(eq(schema.planPatient.patientId, patientId))
    ).map((row) => row.id);
    // A discount code for the enrolment's medicine (decision 045).
    const made = await getOrCreateLiveCode(
      db,
      { programId: alivio!.id, planPatientId: planPatientIds[0]!, productId: 1101 },
      clock(),
    );
    expect(made?.created).toBe(true);
    // A coupon link the call center issued for the plan's general benefit (decision 047).
    await issueCouponLink(db, {
      program: alivio!,
      patientPlanId: planPatientIds[0]!,
      benefitId: 1205,
      staffUserId: 501,
      language: 'es',
      now: clock(),
      config: t.config,
      findBenefit: couponSources().findBenefit,
    });
    // A lesson marked completed (decision 049): the row, as the progress call writes it.
    await db.insert(schema.lessonProgress).values({
      programId: alivio!.id,
      patientId,
      condition: 'migraine',
      lesson: 'what-is-migraine',
      completedAt: clock(),
    });
    // Purchases of the medicine at a pharmacy and a free unit redeemed (decision 059).
    await recordPharmacyLoop(t, { slug: 'alivio', country: 'CR', code: made!.row.code, productId: 1101 });
    // The refill reminder of those five boxes of 30 tablets at one a day (decision 061): due three days before 04/19/2027.
    expect(
      await queueDueRefillReminders(t.database.db, new Date('2027-04-16T16:00:00Z'), t.config.PUBLIC_URL),
    ).toBeGreaterThanOrEqual(1);
    // An appointment of the neurologist video call (decision 058), booked through the calls the screen makes.
    await bookFirstSlot(t, who, 1201);
    // An agent opened the record on a call (decision 074): the access log's row, which the purge keeps.
    const agent = await openTestStaffSession(t, ['agent:alivio']);
    const opened = await callAs(
      t,
      { slug: 'alivio', authorization: agent },
      'POST',
      `/api/v1/staff/patients/${patientId}/open`,
      {
        reason: 'inbound-call',
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    // A nurse's clinical note of the call (decision 078): the export shows it, the purge overwrites its text.
    const noteText = marker('Nota');
    const nurse = await openTestStaffSession(t, ['nurse:alivio']);
    const nurseAuth = { slug: 'alivio', authorization: nurse };
    expect(
      (await callAs(t, nurseAuth, 'POST', `/api/v1/staff/patients/${patientId}/open`, { reason: 'inbound-call' }))
        .statusCode,
    ).toBe(200);
    const noted = await callAs(t, nurseAuth, 'POST', `/api/v1/staff/patients/${patientId}/notes`, {
      channel: 'phone-in',
      outcome: 'resolved',
      text: noteText,
      clinical: true,
    });
    expect(noted.statusCode, noted.body).toBe(200);
    // Adherence's summaries (decision 079) by a refresh; the patient put on the outreach list as a refresh would (its
    // reasons are another test's), and the nurse's call that found no answer (decision 080).
    await refreshProgram(
      db,
      alivio!.id,
      settingsByProgram([programConfigOf('alivio')], [alivio!])(alivio!.id),
      clock(),
      {
        full: true,
      },
    );
    await db.insert(schema.outreachEntry).values({
      patientId,
      programId: alivio!.id,
      country: 'CR',
      since: '2026-11-01',
      reasons: [
        { kind: 'no-first-purchase', episode: 'no-first-purchase', since: '2026-11-01', enrolledOn: '2026-11-01' },
      ],
      refreshedAt: clock(),
    });
    const retryOn = addDays(todayInCountry('CR', clock()), 2);
    const called = await callAs(t, nurseAuth, 'POST', `/api/v1/staff/outreach/${patientId}/outcome`, {
      outcome: 'no-answer',
      retryOn,
    });
    expect(called.statusCode, called.body).toBe(200);
    const accessIds = (
      await db
        .select({ id: schema.caregiverAccess.id })
        .from(schema.caregiverAccess)
        .where(eq(schema.caregiverAccess.patientId, patientId))
    ).map((row) => row.id);
    const ids: Ids = { userId, patientId, planPatientIds, emails: [enrolEmail, newEmail], accessIds };
    const patientTables = schemaTables.filter(([name]) => COVERAGE[name].holds === 'patient data');
    for (const [name, table] of patientTables) {
      const rows = (await db.select().from(table)) as Record<string, unknown>[];
      expect(
        rows.some((row) => OWNS_ROW[name as PatientTableName](row, ids)),
        `a row of ${name} for the patient`,
      ).toBe(true);
    }
    const [stored] = await db.select().from(schema.patient).where(eq(schema.patient.id, patientId));
    const [storedCaregiver] = await db.select().from(schema.caregiver).where(eq(schema.caregiver.patientId, patientId));
    const personalValues = [
      firstName,
      lastName,
      secondSurname,
      enrolEmail,
      newEmail,
      number,
      addressLine,
      doctorName,
      healthCenter,
      caregiverName,
      caregiverEmail,
      caregiverNumber,
      stored!.phoneNumber!,
      storedCaregiver!.phoneNumber!,
      noteText,
    ];

    // The export shows each table the registry says it shows, and every personal value.
    const exported = await callAs(t, who, 'POST', '/api/v1/account/export', { currentPassword: who.password });
    expect(exported.statusCode).toBe(200);
    const data = AccountExportSchema.parse(exported.json());
    // The export's keys come in the contract's order, whatever the order in which the modules' parts answer them.
    expect(Object.keys(exported.json() as object)).toEqual(AccountExportSchema.keyof().options);
    for (const [name, coverage] of Object.entries(COVERAGE)) {
      if (coverage.holds !== 'patient data' || typeof coverage.export !== 'string') continue;
      const shown = data[coverage.export];
      expect(
        Array.isArray(shown) ? shown.length : shown === null ? 0 : 1,
        `${name} in the export's ${coverage.export}`,
      ).toBeGreaterThan(0);
    }
    const exportText = JSON.stringify(data);
    for (const value of personalValues) expect(exportText, `${value} in the export`).toContain(value);

    // Closed, and purged after the grace period: no personal value is left in any table.
    expect((await callAs(t, who, 'POST', '/api/v1/account/close', { currentPassword: password })).statusCode).toBe(200);
    expect((await purgeClosedAccounts(db, new Date(clock().getTime() + 31 * DAY_MS))).erased).toBeGreaterThanOrEqual(1);
    for (const [name, table] of schemaTables) {
      const dump = await dumpOf(db, table);
      for (const value of personalValues) expect(dump.includes(value), `${value} left in ${name}`).toBe(false);
    }
    // What the registry says is deleted is gone.
    for (const [name, table] of patientTables) {
      const coverage = COVERAGE[name];
      if (coverage.holds !== 'patient data' || coverage.purge !== 'deleted') continue;
      const rows = (await db.select().from(table)) as Record<string, unknown>[];
      expect(
        rows.some((row) => OWNS_ROW[name as PatientTableName](row, ids)),
        `a row of ${name} left after the purge`,
      ).toBe(false);
    }
  });
});
