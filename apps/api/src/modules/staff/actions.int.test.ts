// Actions on an opened record, and pre-registering (decision 078): each refused without this session's opening
// (STAFF_RECORD_NOT_OPENED), for managers and admins (FORBIDDEN) and for another program's patient (404); each writes
// its access-log row with the opening's reason, which the patient reads; a clinical note reaches nurses only and no
// note's text reaches a log line; the patient's tokens die with their sessions; the welcome mail is resent only to an
// unconfirmed enrolment; a coupon link carries the staff member's number and opens the coupon; an invitation is made.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '@portal/contracts/account';
import {
  StaffCouponLinkResponseSchema,
  StaffInvitationLookupResponseSchema,
  StaffNoteResponseSchema,
  StaffPreregisterResponseSchema,
  StaffRecordActionsResponseSchema,
} from '@portal/contracts/staff-actions';
import { PatientAccessLogResponseSchema, StaffOpenRecordResponseSchema } from '@portal/contracts/staff-records';
import { outbox, staffAccessLog, staffMember, staffSession } from '../../db/schema.ts';
import { sha256 } from '../../platform/crypto.ts';
import { createTestApp, TEST_DB, type TestApp } from '../../test/app.ts';
import { lastMail } from '../../test/outbox.ts';
import { callAs, enrolPatient, errorOf, type TestPatient } from '../../test/patients.ts';
import { uniqueEmail } from '../../test/signup-bodies.ts';
import { enrolUnconfirmedPatient, openTestStaffSession } from '../../test/staff.ts';

let t: TestApp;
let agent: string;
let nurse: string;
let rosa: TestPatient;
let otherProgram: TestPatient;
/** The program's general benefit for Costa Rica (alivio's catalogue). */
const GENERAL_BENEFIT = 1205;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_PER_MINUTE: '1000',
    RECOVERY_PER_MINUTE: '1000',
  });
  agent = await openTestStaffSession(t, ['agent:alivio']);
  nurse = await openTestStaffSession(t, ['nurse:alivio']);
  rosa = await enrolPatient(t, 'alivio');
  otherProgram = await enrolPatient(t, 'equilibrio');
}, 120_000);
afterAll(async () => t.close());

const as = (authorization: string, slug = 'alivio') => ({ slug, authorization });
const open = (patientId: number, authorization: string, reason = 'inbound-call') =>
  callAs(t, as(authorization), 'POST', `/api/v1/staff/patients/${patientId}/open`, { reason });
const act = (
  authorization: string,
  patientId: number,
  action: string,
  body?: unknown,
  method: 'GET' | 'POST' = 'POST',
) => callAs(t, as(authorization), method, `/api/v1/staff/patients/${patientId}/${action}`, body);

/** The access-log rows of a patient, newest first. */
const logOf = (patientId: number) =>
  t.database.db
    .select()
    .from(staffAccessLog)
    .where(eq(staffAccessLog.patientId, patientId))
    .orderBy(desc(staffAccessLog.id));

const NOTE = { channel: 'phone-in', outcome: 'resolved', text: 'Preguntó por su cupón.' };
/** Each action with a body it would accept on rosa (ending sessions and the welcome have their own patients below). */
const ACTIONS: [string, unknown][] = [
  ['notes', NOTE],
  ['coupon-links', { benefitId: GENERAL_BENEFIT, delivery: 'show' }],
  ['sessions/end', undefined],
  ['welcome', undefined],
];

describe(`every action needs the record opened by this session (${TEST_DB})`, () => {
  it('refuses each action without the opening, for managers and admins, and for another program’s patient', async () => {
    const fresh = await openTestStaffSession(t, ['agent:alivio']);
    for (const [action, body] of ACTIONS) {
      const refused = await act(fresh, rosa.patientId, action, body);
      expect(refused.statusCode, `${action} ${refused.body}`).toBe(403);
      expect(errorOf(refused.json()).code).toBe('STAFF_RECORD_NOT_OPENED');
    }
    expect(errorOf((await act(fresh, rosa.patientId, 'actions', undefined, 'GET')).json()).code).toBe(
      'STAFF_RECORD_NOT_OPENED',
    );
    for (const role of ['manager:alivio', 'admin:alivio']) {
      const token = await openTestStaffSession(t, [role]);
      for (const [action, body] of ACTIONS) {
        const refused = await act(token, rosa.patientId, action, body);
        expect(refused.statusCode, `${role} ${action}`).toBe(403);
        expect(errorOf(refused.json()).code).toBe('FORBIDDEN');
      }
    }
    expect((await open(rosa.patientId, fresh)).statusCode).toBe(200);
    for (const [action, body] of ACTIONS) {
      const elsewhere = await act(fresh, otherProgram.patientId, action, body);
      expect(elsewhere.statusCode, action).toBe(404);
    }
    // Nothing was written for the refused calls: the only row of this session is its opening.
    const rows = await logOf(rosa.patientId);
    expect(
      rows.filter((row) => row.what !== 'record-opened' && row.staffSessionId === rows[0]!.staffSessionId),
    ).toEqual([]);
  });
});

describe(`interaction notes (${TEST_DB})`, () => {
  it('adds a note, lists it newest first with the author’s first name and role, logs it with the opening’s reason', async () => {
    expect((await open(rosa.patientId, agent, 'outbound-adherence-call')).statusCode).toBe(200);
    const added = await act(agent, rosa.patientId, 'notes', NOTE);
    expect(added.statusCode, added.body).toBe(200);
    const { note } = StaffNoteResponseSchema.parse(added.json()).data;
    expect(note).toMatchObject({ ...NOTE, clinical: false, author: { roles: ['agent'] } });
    const [row] = await logOf(rosa.patientId);
    expect(row).toMatchObject({ what: 'note-added', reason: 'outbound-adherence-call' });

    const later = await act(agent, rosa.patientId, 'notes', {
      ...NOTE,
      text: 'Segunda llamada.',
      outcome: 'follow-up',
    });
    expect(later.statusCode).toBe(200);
    const reopened = StaffOpenRecordResponseSchema.parse((await open(rosa.patientId, agent)).json()).data;
    expect(reopened.notes.map((entry) => entry.text).slice(0, 2)).toEqual(['Segunda llamada.', NOTE.text]);

    const seen = PatientAccessLogResponseSchema.parse((await callAs(t, rosa, 'GET', '/api/v1/user/access-log')).json());
    expect(seen.data.entries.map((entry) => entry.what)).toContain('note-added');
  });

  it('refuses an empty note and one over 2,000 characters', async () => {
    expect((await act(agent, rosa.patientId, 'notes', { ...NOTE, text: '  ' })).statusCode).toBe(400);
    expect((await act(agent, rosa.patientId, 'notes', { ...NOTE, text: 'a'.repeat(2001) })).statusCode).toBe(400);
    expect((await act(agent, rosa.patientId, 'notes', { ...NOTE, text: 'á'.repeat(2000) })).statusCode).toBe(200);
    expect((await act(agent, rosa.patientId, 'notes', { ...NOTE, channel: 'pigeon' })).statusCode).toBe(400);
  });

  it('keeps a nurse’s clinical note from agents, lets no agent write one, and puts no note’s text in a log line', async () => {
    const clinicalText = 'Refiere náuseas con la dosis nocturna zqxclinical';
    expect((await open(rosa.patientId, nurse)).statusCode).toBe(200);
    const written = await act(nurse, rosa.patientId, 'notes', { ...NOTE, text: clinicalText, clinical: true });
    expect(written.statusCode, written.body).toBe(200);
    expect(StaffNoteResponseSchema.parse(written.json()).data.note).toMatchObject({ clinical: true });

    const forNurse = StaffRecordActionsResponseSchema.parse(
      (await act(nurse, rosa.patientId, 'actions', undefined, 'GET')).json(),
    );
    expect(forNurse.data.notes.map((entry) => entry.text)).toContain(clinicalText);
    expect(forNurse.data.mayWriteClinical).toBe(true);
    const nurseRecord = await open(rosa.patientId, nurse);
    expect(nurseRecord.body).toContain(clinicalText);

    const agentActions = await act(agent, rosa.patientId, 'actions', undefined, 'GET');
    expect(agentActions.statusCode).toBe(200);
    expect(agentActions.body).not.toContain(clinicalText);
    expect(StaffRecordActionsResponseSchema.parse(agentActions.json()).data.mayWriteClinical).toBe(false);
    const agentRecord = await open(rosa.patientId, agent);
    expect(agentRecord.statusCode).toBe(200);
    expect(agentRecord.body).not.toContain(clinicalText);

    const refused = await act(agent, rosa.patientId, 'notes', { ...NOTE, clinical: true });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.json()).code).toBe('STAFF_CLINICAL_NOTE_FORBIDDEN');

    // The patient's own export shows every note, the clinical one too.
    const exported = await callAs(t, rosa, 'POST', '/api/v1/account/export', { currentPassword: rosa.password });
    expect(AccountExportSchema.parse(exported.json()).interactionNotes.map((row) => row.text)).toContain(clinicalText);

    const logs = t.logs();
    expect(logs).toContain('/notes');
    for (const text of [clinicalText, NOTE.text, 'Segunda llamada.', 'zqxclinical']) expect(logs).not.toContain(text);
  });
});

describe(`ending the patient's sessions (${TEST_DB})`, () => {
  it('ends every session (the token answers 401), mails the patient, and logs it', async () => {
    const lost = await enrolPatient(t, 'alivio');
    expect((await callAs(t, lost, 'GET', '/api/v1/user')).statusCode).toBe(200);
    expect((await open(lost.patientId, agent, 'inbound-call')).statusCode).toBe(200);
    const ended = await act(agent, lost.patientId, 'sessions/end');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ data: { ended: 1, mailed: true } });
    expect((await callAs(t, lost, 'GET', '/api/v1/user')).statusCode).toBe(401);
    expect((await lastMail(t, lost.email))?.kind).toBe('sessions-ended-by-staff');
    const [row] = await logOf(lost.patientId);
    expect(row).toMatchObject({ what: 'sessions-ended', reason: 'inbound-call' });
  });
});

describe(`resending the welcome mail (${TEST_DB})`, () => {
  it('resends the welcome and a new password link to an unconfirmed enrolment, and refuses a confirmed one', async () => {
    const pending = await enrolUnconfirmedPatient(t);
    expect((await open(pending.patientId, agent, 'patient-email')).statusCode).toBe(200);
    const before = await t.database.db.select().from(outbox).where(eq(outbox.recipient, pending.email));
    const resent = await act(agent, pending.patientId, 'welcome');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ data: { sentTo: pending.email } });
    const after = await t.database.db.select().from(outbox).where(eq(outbox.recipient, pending.email));
    expect(after.length - before.length).toBe(2);
    expect(
      after
        .map((mail) => mail.kind)
        .slice(-2)
        .sort(),
    ).toEqual(['enrolment', 'password-reset']);
    const [row] = await logOf(pending.patientId);
    expect(row).toMatchObject({ what: 'welcome-resent', reason: 'patient-email' });

    const refused = await act(agent, rosa.patientId, 'welcome');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json()).code).toBe('STAFF_ENROLMENT_ALREADY_CONFIRMED');
  });
});

describe(`coupon links (${TEST_DB})`, () => {
  it('issues a link whose iumb is the staff member’s number, which opens the coupon; mails it when asked', async () => {
    expect((await open(rosa.patientId, agent, 'inbound-call')).statusCode).toBe(200);
    const actions = StaffRecordActionsResponseSchema.parse(
      (await act(agent, rosa.patientId, 'actions', undefined, 'GET')).json(),
    );
    expect(actions.data.generalBenefits.map((benefit) => benefit.id)).toContain(GENERAL_BENEFIT);
    const issued = await act(agent, rosa.patientId, 'coupon-links', { benefitId: GENERAL_BENEFIT, delivery: 'show' });
    expect(issued.statusCode, issued.body).toBe(200);
    const { link, sentTo } = StaffCouponLinkResponseSchema.parse(issued.json()).data;
    expect(sentTo).toBeNull();
    const [session] = await t.database.db
      .select({ number: staffMember.number })
      .from(staffSession)
      .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
      .where(eq(staffSession.tokenHash, sha256(agent.slice('Bearer '.length))));
    const url = new URL(link);
    expect(url.searchParams.get('iumb')).toBe(String(session!.number));
    const coupon = await callAs(t, { slug: 'alivio' }, 'GET', `/api/v1/coupon${url.search}`);
    expect(coupon.statusCode, coupon.body).toBe(200);
    const [row] = await logOf(rosa.patientId);
    expect(row).toMatchObject({ what: 'coupon-link-issued', reason: 'inbound-call' });

    const mailed = await act(agent, rosa.patientId, 'coupon-links', { benefitId: GENERAL_BENEFIT, delivery: 'email' });
    expect(mailed.statusCode).toBe(200);
    expect(StaffCouponLinkResponseSchema.parse(mailed.json()).data.sentTo).toBe(rosa.email);
    const mail = await lastMail(t, rosa.email);
    expect(mail?.kind).toBe('coupon-link-by-staff');
    expect(JSON.stringify(mail?.payload)).toContain('iumb=');

    const notGeneral = await act(agent, rosa.patientId, 'coupon-links', { benefitId: 1101, delivery: 'show' });
    expect(notGeneral.statusCode).toBe(422);
    expect(errorOf(notGeneral.json()).code).toBe('STAFF_COUPON_NOT_AVAILABLE');
  });

  it('sends it by the patient’s chosen text channel to the main phone, and refuses that for a patient who chose e-mail', async () => {
    const ana = await enrolPatient(t, 'alivio');
    expect((await open(ana.patientId, agent, 'inbound-call')).statusCode).toBe(200);
    const byEmail = await act(agent, ana.patientId, 'coupon-links', { benefitId: GENERAL_BENEFIT, delivery: 'text' });
    expect(byEmail.statusCode).toBe(400);
    expect(errorOf(byEmail.json()).fieldErrors).toEqual({ delivery: ['staff.coupon.noTextChannel'] });
    expect(
      StaffRecordActionsResponseSchema.parse((await act(agent, ana.patientId, 'actions', undefined, 'GET')).json()).data
        .textChannel,
    ).toBeNull();

    const chose = await callAs(t, ana, 'PUT', '/api/v1/user/notices', {
      channel: 'whatsapp',
      reminders: true,
      refillReminders: true,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const { textChannel } = StaffRecordActionsResponseSchema.parse(
      (await act(agent, ana.patientId, 'actions', undefined, 'GET')).json(),
    ).data;
    expect(textChannel).toEqual({ channel: 'whatsapp', phone: expect.stringMatching(/^••••\d{4}$/) });
    const sent = await act(agent, ana.patientId, 'coupon-links', { benefitId: GENERAL_BENEFIT, delivery: 'text' });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = StaffCouponLinkResponseSchema.parse(sent.json()).data;
    expect(answer).toMatchObject({ sentBy: 'whatsapp', sentTo: textChannel!.phone });
    const queued = await lastMail(t, ana.email);
    expect(queued?.kind).toBe('coupon-link-by-staff');
    expect(queued?.payload).toMatchObject({ channel: 'whatsapp', link: answer.link });
    expect(String(queued?.payload.phone)).toMatch(/^\+506\d{8}$/);
    // The worker sends it as a short text (outside production without SMS_URL, into the dev mailbox).
    await t.app.mail.worker.drainOnce();
    const text = t.app.mail.devMailbox!.list('alivio').find((mail) => mail.id === queued!.id);
    expect(text).toMatchObject({ from: 'WhatsApp', to: queued!.payload.phone, html: '' });
    const firstName = (ana.body as { personalInfo: { firstName: string } }).personalInfo.firstName;
    expect(text!.text).toBe(`Alivio: ${firstName}, su cupón del programa: ${answer.link}`);
    const [row] = await logOf(ana.patientId);
    expect(row).toMatchObject({ what: 'coupon-link-issued', reason: 'inbound-call' });
  });
});

describe(`pre-registering a patient (${TEST_DB})`, () => {
  it('makes an invitation (mailed, pending), logs it naming no patient, and finds its state by e-mail', async () => {
    const email = uniqueEmail();
    const made = await callAs(t, as(agent), 'POST', '/api/v1/staff/preregistrations', {
      patient: { supportPlanId: 101, country: 'CR', email, personalInfo: { firstName: 'Lucía' } },
      language: 'es',
    });
    expect(made.statusCode, made.body).toBe(200);
    const { invitation } = StaffPreregisterResponseSchema.parse(made.json()).data;
    expect(invitation).toMatchObject({ email, state: 'pending' });
    expect((await lastMail(t, email))?.kind).toBe('preregistration');
    const [row] = await t.database.db
      .select()
      .from(staffAccessLog)
      .where(and(eq(staffAccessLog.what, 'preregistered')))
      .orderBy(desc(staffAccessLog.id))
      .limit(1);
    expect(row).toMatchObject({ patientId: null, reason: null });
    const found = await callAs(t, as(agent), 'POST', '/api/v1/staff/preregistrations/lookup', { email });
    expect(StaffInvitationLookupResponseSchema.parse(found.json()).data.invitations).toEqual([invitation]);
    const plans = await callAs(t, as(agent), 'GET', '/api/v1/staff/preregistrations/plans');
    expect(plans.json()).toMatchObject({
      data: { plans: expect.arrayContaining([expect.objectContaining({ id: 101 })]) },
    });

    const manager = await openTestStaffSession(t, ['manager:alivio']);
    const refused = await callAs(t, as(manager), 'POST', '/api/v1/staff/preregistrations', {
      patient: { supportPlanId: 101, country: 'CR', email: uniqueEmail() },
      language: 'es',
    });
    expect(refused.statusCode).toBe(403);
    const otherPlan = await callAs(t, as(agent), 'POST', '/api/v1/staff/preregistrations', {
      patient: { supportPlanId: 999, country: 'CR', email: uniqueEmail() },
      language: 'es',
    });
    expect(otherPlan.statusCode).toBe(404);
  });
});
