// The refill estimate and its reminder (decision 061): the patient's estimate from the treatment's dose and what the
// pharmacies recorded (several purchases adding up, a reversed one not counting, a free unit as a box), no estimate
// where the treatment gives no daily use, the feature toggle; the reminder mail a few days before, once per purchase
// also with two instances at the same moment, none when the patient turned it off, closed the account or bought again;
// the mail read from a real SMTP server, in the patient's language, with its calendar file read by ical.js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { PurchaseResponseSchema } from '@portal/contracts/pharmacy';
import { RefillsResponseSchema } from '@portal/contracts/purchases';
import * as schema from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { createTestPharmacy, pharmacyCall, type TestPharmacy } from '../../test/pharmacy.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { alivioTreatment } from '../../test/signup-bodies.ts';
import { isReminderDue, queueDueRefillReminders } from './refills.ts';

// Saturday 21 November 2026, 06:00 in Costa Rica.
const START = new Date('2026-11-21T12:00:00Z');
const clock = createTestClock(START);
const MIGRALEN = 1101; // alivio: a box of 30 tablets
let t: TestApp;
let smtp: TestSmtpServer;
let counter: TestPharmacy;
let receipts = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'false' }, { clock });
  counter = await createTestPharmacy(t, 'alivio', 'CR');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** An alivio patient taking Migralen (one tablet a day since 11/01 unless `treatment` says otherwise), with its code. */
async function patientWithCode(treatment: Record<string, unknown> = {}, language: 'es' | 'en' = 'es') {
  const patient = await enrolPatient(t, 'alivio', {
    language,
    treatments: [alivioTreatment({ notStarted: false, startDate: '2026-11-01', ...treatment })],
  });
  const made = await callAs(t, patient, 'PUT', `/api/v1/benefits/products/${MIGRALEN}/discount-code`);
  expect(made.statusCode, made.body).toBeLessThan(300);
  return { patient, code: (made.json() as { data: { code: { code: string } } }).data.code.code };
}

/** A purchase of `quantity` boxes recorded by the counter, `daysAgo` days before the clock. */
async function buy(code: string, quantity: number, daysAgo = 0) {
  receipts += 1;
  const answer = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/purchases', {
    code,
    productId: MIGRALEN,
    quantity,
    unitPrice: '9500.00',
    receiptId: `refill-${receipts}`,
    purchasedAt: new Date(clock().getTime() - daysAgo * 86_400_000).toISOString(),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return PurchaseResponseSchema.parse(answer.json()).data.purchase;
}

async function refillsOf(patient: TestPatient) {
  const answer = await callAs(t, patient, 'GET', '/api/v1/purchases/refills');
  expect(answer.statusCode, answer.body).toBe(200);
  return RefillsResponseSchema.parse(answer.json()).data;
}

const remindersOf = (patient: TestPatient) =>
  t.database.db
    .select({ reminder: schema.refillReminder })
    .from(schema.refillReminder)
    .innerJoin(schema.planPatient, eq(schema.planPatient.id, schema.refillReminder.planPatientId))
    .where(eq(schema.planPatient.patientId, patient.patientId));
const mailsOf = (patient: TestPatient) =>
  t.database.db
    .select()
    .from(schema.outbox)
    .where(and(eq(schema.outbox.recipient, patient.email), eq(schema.outbox.kind, 'refill-reminder')));
/** The job at 10:00 in Costa Rica on `day`. */
const runAt = (day: string) =>
  queueDueRefillReminders(t.database.db, new Date(`${day}T16:00:00Z`), t.config.PUBLIC_URL);

describe(`the refill estimate (${TEST_DB})`, () => {
  it('adds up the purchases, leaves a reversed one out and counts a free unit as a box', async () => {
    const { patient, code } = await patientWithCode();
    expect((await refillsOf(patient)).refills).toEqual([]);
    await buy(code, 1, 10);
    // 30 tablets from 11/11 at one a day: through 12/10.
    const first = await refillsOf(patient);
    expect(first.today).toBe('2026-11-21');
    expect(first.refills).toMatchObject([
      {
        productId: MIGRALEN,
        medicine: 'Migralen 50 mg',
        lastsUntil: '2026-12-10',
        remindOn: '2026-12-07',
        sequence: 1,
      },
    ]);
    expect(first.refills[0]!.calendarUid).toMatch(/^refill-\d+-1101-alivio@portal$/);
    const second = await buy(code, 2);
    expect((await refillsOf(patient)).refills[0]).toMatchObject({ lastsUntil: '2027-02-08', sequence: 2 });
    // The counter entered the second by mistake and reverses it the same day: it supplies nothing.
    const reversed = await pharmacyCall(t, counter.key, 'alivio', `/api/v1/pharmacy/purchases/${second.id}/reversal`, {
      reason: 'ENTERED_BY_MISTAKE',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await refillsOf(patient)).refills[0]).toMatchObject({ lastsUntil: '2026-12-10', sequence: 1 });
    // Three more and the free fifth box (the 4+1 offer): five boxes after the first, end to end.
    await buy(code, 3);
    const free = await pharmacyCall(t, counter.key, 'alivio', '/api/v1/pharmacy/redemptions', {
      code,
      productId: MIGRALEN,
      receiptId: `refill-free-${receipts}`,
    });
    expect(free.statusCode, free.body).toBe(201);
    expect((await refillsOf(patient)).refills[0]).toMatchObject({ lastsUntil: '2027-04-09', sequence: 3 });
  });

  it('gives no estimate for a treatment with a rest between cycles or not started, and none on a program without purchases', async () => {
    const cycles = await patientWithCode({ restTime: { amount: 1, interval: 'week' } });
    await buy(cycles.code, 1);
    expect((await refillsOf(cycles.patient)).refills).toEqual([]);
    const notStarted = await patientWithCode({ notStarted: true, startDate: undefined });
    await buy(notStarted.code, 1);
    expect((await refillsOf(notStarted.patient)).refills).toEqual([]);
    // A treatment whose six months ran out on 11/01: a box bought on 10/25 would last until 11/23, but the treatment
    // has ended, so there is no estimate to contradict the home's "ended on 11/01", and no reminder either.
    const ended = await patientWithCode({ startDate: '2026-05-01', duration: { amount: 6, interval: 'month' } });
    await buy(ended.code, 1, 27);
    expect((await refillsOf(ended.patient)).refills).toEqual([]);
    expect(await runAt('2026-11-21')).toBe(0);
    expect(await remindersOf(ended.patient)).toEqual([]);
    // A program that turns purchases off: the call is not there (before any door).
    const pielPurchases = and(
      eq(schema.featureToggle.programId, t.app.programs.get('piel')!.id),
      eq(schema.featureToggle.key, 'purchases'),
    );
    await t.database.db.update(schema.featureToggle).set({ enabled: false }).where(pielPurchases);
    clock.advance(20_000);
    try {
      const piel = await callAs(t, { slug: 'piel' }, 'GET', '/api/v1/purchases/refills');
      expect(piel.statusCode).toBe(404);
      expect(errorOf(piel.json()).code).toBe('FEATURE_DISABLED');
    } finally {
      await t.database.db.update(schema.featureToggle).set({ enabled: true }).where(pielPurchases);
      clock.advance(20_000);
    }
  });
});

describe(`the refill reminder (${TEST_DB})`, () => {
  it('is due from 9:00 on its day until the last day, and not when the supply is shorter than the notice', () => {
    const estimate = { lastsUntil: '2026-12-10', remindOn: '2026-12-07' };
    expect(isReminderDue(estimate, '2026-11-11', '2026-12-06', 12)).toBe(false);
    expect(isReminderDue(estimate, '2026-11-11', '2026-12-07', 8)).toBe(false);
    expect(isReminderDue(estimate, '2026-11-11', '2026-12-07', 9)).toBe(true);
    expect(isReminderDue(estimate, '2026-11-11', '2026-12-10', 0)).toBe(true);
    expect(isReminderDue(estimate, '2026-11-11', '2026-12-11', 12)).toBe(false);
    expect(isReminderDue({ lastsUntil: '2026-11-12', remindOn: '2026-11-09' }, '2026-11-10', '2026-11-10', 12)).toBe(
      false,
    );
  });

  it('is queued once, also by two instances at the same moment, and mailed in the patient’s language with its .ics', async () => {
    const { patient, code } = await patientWithCode({}, 'en');
    await buy(code, 1, 10);
    // 12/10 is the last day: nothing on 12/06, one mail on 12/07 whoever gets there.
    await runAt('2026-12-06');
    expect(await remindersOf(patient)).toEqual([]);
    await Promise.all([runAt('2026-12-07'), runAt('2026-12-07')]);
    expect((await remindersOf(patient)).map(({ reminder }) => reminder.outcome)).toEqual(['queued']);
    const [queued, ...more] = await mailsOf(patient);
    expect(more).toEqual([]);
    await runAt('2026-12-08');
    expect(await mailsOf(patient)).toHaveLength(1);

    // The worker sends it (with the patient's other mails, the enrolment's) to the SMTP server.
    const reminderMail = async () =>
      (
        await Promise.all(
          smtp.received
            .filter((candidate) => candidate.envelopeTo.includes(patient.email))
            .map((candidate) => parseMail(candidate.raw)),
        )
      ).find((candidate) => candidate.header('subject')?.startsWith('Your Migralen'));
    for (let round = 0; round < 10 && !(await reminderMail()); round += 1) await t.app.mail.worker.drainOnce();
    const mail = (await reminderMail())!;
    expect(mail).toBeDefined();
    expect(mail.header('subject')).toBe('Your Migralen 50 mg should last until 12/10/2026');
    expect(mail.text).toContain('your Migralen 50 mg should last until 12/10/2026');
    expect(mail.text).toContain(String(queued!.payload.link));
    expect(String(queued!.payload.link)).toMatch(/^http:\/\/alivio\.localhost(:\d+)?\/en\/home$/);
    // The calendar file, as the alternative mail clients offer to add and as an attachment.
    expect(mail.attachments.map((file) => file.filename)).toContain('reminder.ics');
    for (const text of [mail.calendar!, mail.attachments.find((file) => file.filename === 'reminder.ics')!.content]) {
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.summary).toBe('Buy Migralen 50 mg (Alivio)');
      expect(event.startDate.toString()).toBe('2026-12-10');
      expect(event.uid).toBe((await refillsOf(patient)).refills[0]!.calendarUid);
    }
  });

  it('is not sent when the patient turned it off, and the choice is saved with the other notices', async () => {
    const { patient, code } = await patientWithCode();
    expect((await callAs(t, patient, 'GET', '/api/v1/user/notices')).json().data).toEqual({
      channel: 'email',
      reminders: true,
      refillReminders: true,
    });
    const off = await callAs(t, patient, 'PUT', '/api/v1/user/notices', {
      channel: 'email',
      reminders: true,
      refillReminders: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await callAs(t, patient, 'GET', '/api/v1/user/notices')).json().data.refillReminders).toBe(false);
    const incomplete = await callAs(t, patient, 'PUT', '/api/v1/user/notices', { channel: 'email', reminders: true });
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete.json()).code).toBe('VALIDATION_FAILED');
    await buy(code, 1, 10);
    await runAt('2026-12-07');
    expect((await remindersOf(patient)).map(({ reminder }) => reminder.outcome)).toEqual(['off']);
    expect(await mailsOf(patient)).toEqual([]);
  });

  it('is not sent to a closed account', async () => {
    const { patient, code } = await patientWithCode();
    await buy(code, 1, 10);
    const closed = await callAs(t, patient, 'POST', '/api/v1/account/close', { currentPassword: patient.password });
    expect(closed.statusCode, closed.body).toBe(200);
    await runAt('2026-12-07');
    expect((await remindersOf(patient)).map(({ reminder }) => reminder.outcome)).toEqual(['closed']);
    expect(await mailsOf(patient)).toEqual([]);
  });

  it('moves with a newer purchase: none for the old date, one for the new one, for the newer purchase', async () => {
    const { patient, code } = await patientWithCode();
    await buy(code, 1, 10);
    const newer = await buy(code, 1);
    // Two boxes from 11/11: through 01/09/2027; on 12/07 nothing is due any more.
    await runAt('2026-12-07');
    expect(await remindersOf(patient)).toEqual([]);
    await runAt('2027-01-06');
    const reminders = await remindersOf(patient);
    expect(reminders.map(({ reminder }) => [reminder.purchaseId, reminder.lastsUntil, reminder.outcome])).toEqual([
      [newer.id, '2027-01-09', 'queued'],
    ]);
    expect(await mailsOf(patient)).toHaveLength(1);
  });
});
