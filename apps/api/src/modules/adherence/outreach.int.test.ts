// The outreach list end to end (decision 080, issue 36): purchases recorded through the pharmacy API and treatments
// through the patient's own, the refresh, and the list through the staff API. Each kind of entry appears and leaves
// when it should; a claim goes to one of two agents on two instances; "no answer" puts an entry off until its day and
// "stopped" ends it; the outcome is an action on the opened record, in the access log; the roles and programs that may
// not read the list are refused; the record shows the PDC, the gap and persistence.
import { and, desc, eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { OutreachListResponseSchema, type OutreachEntry } from '@portal/contracts/outreach';
import { StaffAttendanceResponseSchema, StaffPastAppointmentsResponseSchema } from '@portal/contracts/staff-booking';
import { StaffOpenRecordResponseSchema } from '@portal/contracts/staff-records';
import { buildApp } from '../../app.ts';
import { planPatient, program, staffAccessLog } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { bookFirstSlot } from '../../test/bookings.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { createTestPharmacy, pharmacyCall, type TestPharmacy } from '../../test/pharmacy.ts';
import { addTestStaffMember, openTestStaffSession } from '../../test/staff.ts';
import { getOrCreateLiveCode } from '../benefits/codes.ts';
import { programConfigOf } from '@portal/contracts/test/program-folders';
import { refreshProgram, settingsByProgram } from './public.ts';

const DAY = 24 * 60 * 60 * 1000;
/** 16:00 UTC: the same calendar day in every country of the programs. */
const clock = createTestClock(new Date('2027-01-04T16:00:00Z'));
const atDay = (day: string) => new Date(`${day}T16:00:00Z`);

let t: TestApp;
let counter: TestPharmacy;
let agent: string;
let nurse: string;
let members: { openSession: () => Promise<string> }[];
/** Sessions of the agent and the nurse at the clock of the moment (a session ends 15 minutes idle). */
async function freshSessions() {
  const [agentSession, nurseSession] = await Promise.all(members.map((member) => member.openSession()));
  agent = agentSession!;
  nurse = nurseSession!;
}
let alivioId: number;
let receipts = 0;

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
  [{ id: alivioId }] = (await t.database.db
    .select({ id: program.id })
    .from(program)
    .where(eq(program.slug, 'alivio'))) as [{ id: number }];
  counter = await createTestPharmacy(t, 'alivio', 'CR');
  members = [await addTestStaffMember(t, ['agent:alivio']), await addTestStaffMember(t, ['nurse:alivio'])];
}, 120_000);
afterAll(async () => t.close());

const settings = () => settingsByProgram([programConfigOf('alivio')], [{ id: alivioId, slug: 'alivio' }])(alivioId);
/** A full refresh at the clock's moment, and fresh staff sessions at it. */
async function refresh() {
  await refreshProgram(t.database.db, alivioId, settings(), clock(), { full: true });
  await freshSessions();
}
const as = (authorization: string, slug = 'alivio') => ({ slug, authorization });

async function listAs(authorization: string): Promise<OutreachEntry[]> {
  const answer = await callAs(t, as(authorization), 'GET', '/api/v1/staff/outreach');
  expect(answer.statusCode, answer.body).toBe(200);
  return OutreachListResponseSchema.parse(answer.json()).data.entries;
}
const entryOf = async (patientId: number, authorization = agent) =>
  (await listAs(authorization)).find((entry) => entry.patientId === patientId);

/** The patient's plan's live code of alivio's Migralen (1101: one tablet a day, boxes of 30), made as the screen makes it. */
async function codeOf(who: TestPatient): Promise<string> {
  const [plan] = await t.database.db
    .select({ id: planPatient.id })
    .from(planPatient)
    .where(eq(planPatient.patientId, who.patientId));
  const made = await getOrCreateLiveCode(
    t.database.db,
    { programId: alivioId, planPatientId: plan!.id, productId: 1101 },
    clock(),
  );
  return made!.row.code;
}

async function buy(who: TestPatient, boxes = 1) {
  receipts += 1;
  const bought = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
    code: await codeOf(who),
    productId: 1101,
    quantity: boxes,
    unitPrice: '100.00',
    receiptId: `outreach-${receipts}`,
    purchasedAt: clock().toISOString(),
  });
  expect(bought.statusCode, bought.body).toBe(201);
}

const open = (patientId: number, authorization: string, reason = 'outbound-adherence-call') =>
  callAs(t, as(authorization), 'POST', `/api/v1/staff/patients/${patientId}/open`, { reason });
const outcome = (patientId: number, authorization: string, body: unknown) =>
  callAs(t, as(authorization), 'POST', `/api/v1/staff/outreach/${patientId}/outcome`, body);
const claim = (patientId: number, authorization: string, instance: TestApp = t) =>
  callAs(instance, as(authorization), 'POST', `/api/v1/staff/outreach/${patientId}/claim`);

describe(`a medicine that ran out (${TEST_DB})`, () => {
  it('lists the patient 7 days after the supply ran out, with the PDC, and not once they bought again', async () => {
    clock.set(atDay('2027-01-04'));
    const rosa = await enrolPatient(t, 'alivio');
    await buy(rosa); // 30 tablets at one a day: covered 01-04 to 02-02.
    clock.set(atDay('2027-02-08')); // 6 days without: not yet.
    await refresh();
    expect(await entryOf(rosa.patientId)).toBeUndefined();

    clock.set(atDay('2027-02-09')); // 7 days without: listed. PDC = 30 covered of the 37 days since 01-04.
    await refresh();
    const entry = await entryOf(rosa.patientId);
    expect(entry).toMatchObject({ since: '2027-02-03', daysAtRisk: 6, claim: null });
    expect(entry!.reasons).toEqual([
      expect.objectContaining({ kind: 'ran-out', productId: 1101, coveredUntil: '2027-02-02', gapDays: 7 }),
    ]);
    expect(entry!.pdc).toBeCloseTo(30 / 37, 4);

    // The record shows the same figures, labelled, per product.
    const opened = await open(rosa.patientId, agent, 'inbound-call');
    const record = StaffOpenRecordResponseSchema.parse(opened.json()).data.record;
    expect(record.adherence).toEqual([
      expect.objectContaining({ medicine: expect.any(String), coveredUntil: '2027-02-02', persistent: true }),
    ]);
    expect(Number(record.adherence[0]!.pdc)).toBeCloseTo(30 / 37, 4);
    expect(record.treatmentHistory).toEqual([expect.objectContaining({ change: 'created', unitAmount: '1.00' })]);

    await buy(rosa);
    await refresh();
    expect(await entryOf(rosa.patientId)).toBeUndefined();
  });

  it('leaves out a medicine whose treatment the patient deleted, and a patient of another program', async () => {
    clock.set(atDay('2027-01-04'));
    const ana = await enrolPatient(t, 'alivio');
    await buy(ana);
    const treatments = await callAs(t, ana, 'GET', '/api/v1/treatments');
    const [live] = (treatments.json() as { data: { live: { id: number }[] } }).data.live;
    const removed = await callAs(t, ana, 'DELETE', `/api/v1/treatments/${live!.id}`, { reason: 'DOCTOR_STOPPED' });
    expect(removed.statusCode, removed.body).toBe(200);
    const other = await enrolPatient(t, 'equilibrio');
    clock.set(atDay('2027-02-20'));
    await refresh();
    const list = await listAs(agent);
    expect(list.find((entry) => entry.patientId === ana.patientId)?.reasons ?? []).not.toContainEqual(
      expect.objectContaining({ kind: 'ran-out' }),
    );
    expect(list.find((entry) => entry.patientId === other.patientId)).toBeUndefined();
  });
});

describe(`no first purchase, and an appointment cancelled (${TEST_DB})`, () => {
  it('lists a patient enrolled 30 days ago without a purchase, until the first one', async () => {
    clock.set(atDay('2027-03-01'));
    const luis = await enrolPatient(t, 'alivio');
    clock.set(atDay('2027-03-30'));
    await refresh();
    expect(await entryOf(luis.patientId)).toBeUndefined();
    clock.set(atDay('2027-03-31'));
    await refresh();
    expect((await entryOf(luis.patientId))?.reasons).toEqual([
      { kind: 'no-first-purchase', episode: 'no-first-purchase', since: '2027-03-01', enrolledOn: '2027-03-01' },
    ]);
    await buy(luis);
    await refresh();
    expect(await entryOf(luis.patientId)).toBeUndefined();
  });

  it('lists a patient who cancelled an appointment, until they book another', async () => {
    clock.set(atDay('2027-04-05'));
    const eva = await enrolPatient(t, 'alivio');
    await buy(eva);
    const booked = await bookFirstSlot(t, eva, 1201);
    const cancelled = await callAs(t, eva, 'POST', `/api/v1/bookings/${booked.bookingId}/cancel`, {
      sequence: booked.sequence,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await refresh();
    const entry = await entryOf(eva.patientId);
    expect(entry?.reasons).toEqual([
      expect.objectContaining({
        kind: 'appointment-cancelled',
        bookingId: booked.bookingId,
        cancelledOn: '2027-04-05',
      }),
    ]);
    await bookFirstSlot(t, eva, 1201);
    await refresh();
    expect(await entryOf(eva.patientId)).toBeUndefined();
  });

  it('lists a patient the staff marked as not having come to an appointment, until taken back or another is booked', async () => {
    clock.set(atDay('2027-04-12'));
    const hugo = await enrolPatient(t, 'alivio');
    await buy(hugo);
    const booked = await bookFirstSlot(t, hugo, 1201);
    await freshSessions();
    expect((await open(hugo.patientId, nurse, 'inbound-call')).statusCode).toBe(200);
    const mark = (attendance: string) =>
      callAs(t, as(nurse), 'POST', `/api/v1/staff/patients/${hugo.patientId}/bookings/${booked.bookingId}/attendance`, {
        attendance,
      });
    // Still to come: nothing to mark yet.
    const early = await mark('missed');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early.json()).code).toBe('BOOKING_NOT_STARTED');
    expect((await mark('maybe')).statusCode).toBe(400);

    // The day after: the appointment is past, the round has completed it; the nurse marks it missed.
    clock.set(new Date(new Date(booked.endsAt).getTime() + DAY));
    await refresh();
    expect((await open(hugo.patientId, nurse, 'inbound-call')).statusCode).toBe(200);
    const past = await callAs(t, as(nurse), 'GET', `/api/v1/staff/patients/${hugo.patientId}/bookings/past`);
    expect(StaffPastAppointmentsResponseSchema.parse(past.json()).data.appointments).toEqual([
      expect.objectContaining({ bookingId: booked.bookingId, attendance: 'attended', startsAt: booked.startsAt }),
    ]);
    const marked = await mark('missed');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(StaffAttendanceResponseSchema.parse(marked.json()).data.attendance).toBe('missed');
    const missedOn = booked.startsAt.slice(0, 10);
    await refresh();
    expect((await entryOf(hugo.patientId))?.reasons).toEqual([
      expect.objectContaining({ kind: 'appointment-missed', bookingId: booked.bookingId, missedOn }),
    ]);

    // Taken back: off the list; marked again, on it, until another appointment of the service is booked.
    expect((await open(hugo.patientId, nurse, 'inbound-call')).statusCode).toBe(200);
    expect((await mark('attended')).statusCode).toBe(200);
    await refresh();
    expect(await entryOf(hugo.patientId)).toBeUndefined();
    expect((await open(hugo.patientId, nurse, 'inbound-call')).statusCode).toBe(200);
    expect((await mark('missed')).statusCode).toBe(200);
    await refresh();
    expect((await entryOf(hugo.patientId))?.reasons[0]?.kind).toBe('appointment-missed');
    const login = await callAs(t, { slug: 'alivio' }, 'POST', '/api/v1/login', {
      email: hugo.email,
      password: hugo.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = LoginResponseSchema.parse(login.json()).data.AccessToken;
    await bookFirstSlot(t, { ...hugo, authorization: `Bearer ${token}` }, 1201);
    await refresh();
    expect(await entryOf(hugo.patientId)).toBeUndefined();

    // The patient reads each marking in the access log.
    const log = await t.database.db
      .select({ what: staffAccessLog.what })
      .from(staffAccessLog)
      .where(eq(staffAccessLog.patientId, hugo.patientId));
    expect(log.filter((row) => row.what === 'appointment-attendance-recorded')).toHaveLength(3);
  });
});

describe(`working the list (${TEST_DB})`, () => {
  let sara: TestPatient;
  beforeAll(async () => {
    clock.set(atDay('2027-05-03'));
    sara = await enrolPatient(t, 'alivio');
    clock.set(atDay('2027-06-10'));
    await refresh();
  });

  it('gives an entry to one of two agents taking it at once on two instances, for 30 minutes', async () => {
    const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const app = await buildApp(t.config, { database: t.database, clock, logStream: sink() });
    const second: TestApp = { ...t, app, close: () => app.close() };
    try {
      const otherMember = await addTestStaffMember(t, ['agent:alivio']);
      const other = await otherMember.openSession();
      const answers = await Promise.all([claim(sara.patientId, agent), claim(sara.patientId, other, second)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers[0]!.statusCode === 409 ? agent : other;
      const winner = loser === agent ? other : agent;
      expect(errorOf(answers.find((answer) => answer.statusCode === 409)!.json()).code).toBe('OUTREACH_TAKEN');
      expect((await entryOf(sara.patientId, loser))?.claim).toMatchObject({ mine: false });
      expect((await entryOf(sara.patientId, winner))?.claim).toMatchObject({ mine: true });
      // The refresh keeps the claim; 30 minutes later it has lapsed and anyone may take the entry.
      await refresh();
      expect((await claim(sara.patientId, loser)).statusCode).toBe(409);
      clock.advance(31 * 60 * 1000);
      const again = loser === agent ? members[0]! : otherMember;
      expect((await claim(sara.patientId, await again.openSession())).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('records "no answer" on the opened record (access log), puts the entry off until its day, then "stopped" ends it', async () => {
    await freshSessions();
    clock.advance(31 * 60 * 1000);
    await freshSessions();
    expect((await claim(sara.patientId, nurse)).statusCode).toBe(200);
    // Not without the record opened by this session.
    const refused = await outcome(sara.patientId, nurse, { outcome: 'no-answer', retryOn: '2027-06-12' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.json()).code).toBe('STAFF_RECORD_NOT_OPENED');
    expect((await open(sara.patientId, nurse)).statusCode).toBe(200);
    // A day to try again must be after the patient's today, and within 60 days.
    for (const retryOn of ['2027-06-10', '2027-08-10']) {
      const bad = await outcome(sara.patientId, nurse, { outcome: 'no-answer', retryOn });
      expect(bad.statusCode, retryOn).toBe(400);
      expect(errorOf(bad.json()).fieldErrors).toEqual({ retryOn: ['staff.outreach.retryOn.invalid'] });
    }
    const noAnswer = await outcome(sara.patientId, nurse, { outcome: 'no-answer', retryOn: '2027-06-12' });
    expect(noAnswer.statusCode, noAnswer.body).toBe(200);
    expect(noAnswer.json()).toEqual({ data: { remainsListed: true, comesBackOn: '2027-06-12' } });
    const [logged] = await t.database.db
      .select()
      .from(staffAccessLog)
      .where(and(eq(staffAccessLog.patientId, sara.patientId), eq(staffAccessLog.what, 'outreach-outcome-recorded')))
      .orderBy(desc(staffAccessLog.id));
    expect(logged).toMatchObject({ reason: 'outbound-adherence-call' });

    expect(await entryOf(sara.patientId)).toBeUndefined();
    await refresh();
    expect(await entryOf(sara.patientId)).toBeUndefined();
    expect(errorOf((await claim(sara.patientId, agent)).json()).code).toBe('OUTREACH_NOT_LISTED');
    clock.set(atDay('2027-06-12'));
    await refresh();

    expect((await entryOf(sara.patientId))?.claim).toBeNull();

    expect((await claim(sara.patientId, nurse)).statusCode).toBe(200);
    expect((await open(sara.patientId, nurse)).statusCode).toBe(200);
    const stopped = await outcome(sara.patientId, nurse, { outcome: 'stopped', stopReason: 'cost' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ data: { remainsListed: false, comesBackOn: null } });
    clock.advance(3 * DAY);
    await refresh();
    expect(await entryOf(sara.patientId)).toBeUndefined();
  });

  it('refuses the list to managers, admins and a missing token, and a stop without its reason', async () => {
    await freshSessions();
    for (const roles of [['manager:alivio'], ['admin:alivio'], ['agent:equilibrio']]) {
      const member = await openTestStaffSession(t, roles);
      expect((await callAs(t, as(member), 'GET', '/api/v1/staff/outreach')).statusCode, roles[0]).toBe(403);
    }
    expect((await callAs(t, as(''), 'GET', '/api/v1/staff/outreach')).statusCode).toBe(401);
    const bad = await outcome(sara.patientId, nurse, { outcome: 'stopped' });
    expect(bad.statusCode).toBe(400);
  });
});
