// Actions on an opened record (decision 078, issue 35): an interaction note, ending the patient's sessions, resending
// the welcome mail of an unconfirmed enrolment and issuing a coupon link. Each goes through `records.act`, which checks
// the session's grant and writes the access-log row with the opening's reason in the action's transaction; a mail to
// the patient is queued in that same transaction. Pre-registering is not on a record: its access-log row names no
// patient and is written in the invitation's transaction.
import { eq } from 'drizzle-orm';
import type { Language } from '@portal/contracts/enums';
import type {
  StaffCouponLinkBody,
  StaffInvitation,
  StaffNoteBody,
  StaffPreregisterBody,
  StaffRecordActions,
} from '@portal/contracts/staff-actions';
import { StaffNoteBodySchema } from '@portal/contracts/staff-actions';
import type { AppConfig } from '../../config.ts';
import { staffMember, supportPlan, userAccount } from '../../db/schema.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import { listCatalogue } from '../benefits/public.ts';
import { findNoticeContact, textNoticeFields } from '../booking/public.ts';
import { couponSources, CouponLinkRefused, issueCouponLink } from '../coupon/public.ts';
import { issuePasswordLink, liveSessionsOf, PASSWORD_RESET, revokeAllSessions } from '../identity/public.ts';
import { listPlanIdsOfPatient } from '../patients/public.ts';
import { ENROLMENT, listInvitationsOfEmail, preregisterPatient } from '../signup/public.ts';
import { insertAccessLogEntry } from './access-log.ts';
import type { StaffCaller } from './door.ts';
import { COUPON_LINK_BY_STAFF, SESSIONS_ENDED_BY_STAFF } from './mails.ts';
import { insertNote, listNotesOfPatient } from './notes.ts';
import type { OpenedPatient, ProgramRef, StaffRecordsService } from './records.ts';
import { hasStaffRole } from './roles.ts';

export interface StaffActionsDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  records: StaffRecordsService;
  onMailQueued?: () => void;
}

/** The patient's account as the actions need it: where mails go, in which language, and whether it is confirmed. */
async function accountOf(db: Executor, patient: OpenedPatient) {
  const [row] = await db
    .select({ email: userAccount.email, status: userAccount.status, language: userAccount.language })
    .from(userAccount)
    .where(eq(userAccount.id, patient.userId));
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, language: row.language as Language };
}

const isNurse = (caller: StaffCaller, program: ProgramRef) => hasStaffRole(caller, ['nurse'], program.id);

/** The patient's chosen text channel and main phone in E.164 (their newest plan's notice contact); none for e-mail. */
async function textChannelOf(
  db: Executor,
  patientId: number,
): Promise<{ channel: 'sms' | 'whatsapp'; phone: string; firstName: string } | undefined> {
  const planId = [...(await listPlanIdsOfPatient(db, patientId))].at(-1);
  if (planId === undefined) return undefined;
  const fields = textNoticeFields(await findNoticeContact(db, planId));
  const channel = fields.channel === 'sms' ? 'sms' : fields.channel === 'whatsapp' ? 'whatsapp' : undefined;
  if (!channel || !fields.phone) return undefined;
  return { channel, phone: fields.phone, firstName: fields.firstName ?? '' };
}

/** A phone with all but its last four digits hidden: what the agent is told of it. */
const maskedPhone = (phone: string) => `••••${phone.slice(-4)}`;

export function createStaffActionsService({ db, clock, config, records, onMailQueued }: StaffActionsDeps) {
  const sources = couponSources();

  /** The general benefits of the program that apply in the patient's country. */
  async function generalBenefitsFor(program: ProgramRef, country: string) {
    return (await listCatalogue(db, program.id))
      .filter((benefit) => benefit.kind === 'general' && benefit.countries.includes(country))
      .map((benefit) => ({ id: benefit.id, title: benefit.texts.title }));
  }

  return {
    /** What the record's actions need, read on the opened record without a new opening (nothing changes). */
    async actionsOf(caller: StaffCaller, program: ProgramRef, patientId: number): Promise<StaffRecordActions> {
      const { patient } = await records.requireOpenedRecord(caller, program, patientId);
      const account = await accountOf(db, patient);
      const nurse = isNurse(caller, program);
      return {
        notes: await listNotesOfPatient(db, program.id, patient.id, { withClinical: nurse }),
        generalBenefits: await generalBenefitsFor(program, patient.country),
        accountConfirmed: account.status !== 'UNCONFIRMED',
        liveSessions: (await liveSessionsOf(db, patient.userId, clock())).length,
        mayWriteClinical: nurse,
        textChannel: await textChannelOf(db, patient.id).then((found) =>
          found ? { channel: found.channel, phone: maskedPhone(found.phone) } : null,
        ),
      };
    },

    /** A note of the interaction; a clinical one by a nurse only. Its text reaches no log line. */
    async addNote(caller: StaffCaller, program: ProgramRef, patientId: number, input: StaffNoteBody) {
      const body = StaffNoteBodySchema.parse(input);
      if (body.clinical && !isNurse(caller, program)) throw new AppError('STAFF_CLINICAL_NOTE_FORBIDDEN');
      return records.act(caller, program, patientId, 'note-added', async (tx, patient) => {
        const id = await insertNote(tx, {
          programId: program.id,
          patientId: patient.id,
          staffId: caller.actor.staffId,
          channel: body.channel,
          outcome: body.outcome,
          text: body.text,
          clinical: body.clinical,
          createdAt: clock(),
        });
        const notes = await listNotesOfPatient(tx, program.id, patient.id, { withClinical: body.clinical });
        return notes.find((note) => note.id === id)!;
      });
    },

    /**
     * Ends every live session of the patient (a lost phone): the refresh tokens are refused at once, the access tokens
     * at their next call. The patient is told by mail, as a password change tells them.
     */
    async endSessions(caller: StaffCaller, program: ProgramRef, patientId: number) {
      const { patient: found } = await records.requireOpenedRecord(caller, program, patientId);
      // Counted before: the transaction's own connection is the only one an embedded database has.
      const ended = (await liveSessionsOf(db, found.userId, clock())).length;
      const answer = await records.act(caller, program, patientId, 'sessions-ended', async (tx, patient) => {
        const now = clock();
        await revokeAllSessions(tx, patient.userId, 'ended-by-staff', now);
        const account = await accountOf(tx, patient);
        await enqueueMail(
          tx,
          {
            programId: program.id,
            kind: SESSIONS_ENDED_BY_STAFF,
            recipient: account.email,
            language: account.language,
            payload: { country: patient.country },
          },
          { publicUrl: config.PUBLIC_URL },
        );
        return { ended, mailed: true };
      });
      onMailQueued?.();
      return answer;
    },

    /**
     * The welcome mail again, for an enrolment not yet confirmed (enrolled without a password): the welcome and a new
     * one-hour link to choose the password, which confirms the account (older links die). A confirmed one is refused.
     */
    async resendWelcome(caller: StaffCaller, program: ProgramRef & { name: string }, patientId: number) {
      const { patient } = await records.requireOpenedRecord(caller, program, patientId);
      const account = await accountOf(db, patient);
      if (account.status !== 'UNCONFIRMED') throw new AppError('STAFF_ENROLMENT_ALREADY_CONFIRMED');
      const sentTo = await records.act(caller, program, patientId, 'welcome-resent', async (tx) => {
        const now = clock();
        const mails = { publicUrl: config.PUBLIC_URL };
        const login = programPageUrl(config.PUBLIC_URL, program.slug, account.language, '/login').toString();
        await enqueueMail(
          tx,
          {
            programId: program.id,
            kind: ENROLMENT,
            recipient: account.email,
            language: account.language,
            payload: { link: login, patientName: `${patient.firstName} ${patient.lastName}` },
          },
          mails,
        );
        const passwordLink = await issuePasswordLink(tx, {
          userId: patient.userId,
          programSlug: program.slug,
          language: account.language,
          now,
          config,
        });
        await enqueueMail(
          tx,
          {
            programId: program.id,
            kind: PASSWORD_RESET,
            recipient: account.email,
            language: account.language,
            payload: { link: passwordLink, country: patient.country },
          },
          mails,
        );
        return account.email;
      });
      onMailQueued?.();
      return { sentTo };
    },

    /**
     * A coupon link of a general benefit for the patient's plan, `iumb` being the caller's number; answered to copy,
     * and sent when asked: to the patient's login e-mail, or by their chosen text channel (SMS or WhatsApp).
     */
    async issueCoupon(caller: StaffCaller, program: ProgramRef, patientId: number, body: StaffCouponLinkBody) {
      const [member] = await db
        .select({ number: staffMember.number })
        .from(staffMember)
        .where(eq(staffMember.id, caller.actor.staffId));
      if (!member) throw new AppError('FORBIDDEN');
      const answer = await records.act(caller, program, patientId, 'coupon-link-issued', async (tx, patient) => {
        const now = clock();
        const account = await accountOf(tx, patient);
        let issued: Awaited<ReturnType<typeof issueCouponLink>> | undefined;
        // The newest plan the benefit applies to (a patient has one plan per program today).
        for (const patientPlanId of [...(await listPlanIdsOfPatient(tx, patient.id))].reverse()) {
          try {
            issued = await issueCouponLink(tx, {
              program,
              patientPlanId,
              benefitId: body.benefitId,
              staffUserId: member.number,
              language: account.language,
              now,
              config,
              findBenefit: sources.findBenefit,
            });
            break;
          } catch (error) {
            if (!(error instanceof CouponLinkRefused)) throw error;
          }
        }
        if (!issued) throw new AppError('STAFF_COUPON_NOT_AVAILABLE', { benefitId: ['staff.coupon.notAvailable'] });
        const text = body.delivery === 'text' ? await textChannelOf(tx, patient.id) : undefined;
        if (body.delivery === 'text' && !text)
          throw new AppError('VALIDATION_FAILED', { delivery: ['staff.coupon.noTextChannel'] });
        if (body.delivery !== 'show')
          // The row keeps the account's e-mail (the purge finds it there); a text adds the channel and the phone.
          await enqueueMail(
            tx,
            {
              programId: program.id,
              kind: COUPON_LINK_BY_STAFF,
              recipient: account.email,
              language: account.language,
              payload: { link: issued.link, patientName: patient.firstName, ...(text ?? {}) },
            },
            { publicUrl: config.PUBLIC_URL },
          );
        return {
          link: issued.link,
          expiresAt: issued.expiresAt.toISOString(),
          sentTo: text ? maskedPhone(text.phone) : body.delivery === 'email' ? account.email : null,
          sentBy: text ? text.channel : body.delivery === 'email' ? ('email' as const) : null,
        };
      });
      if (body.delivery !== 'show') onMailQueued?.();
      return answer;
    },

    /** The program's support plans a pre-registration may name. */
    async supportPlans(program: ProgramRef) {
      const rows = await db
        .select({ id: supportPlan.id, name: supportPlan.name, country: supportPlan.country })
        .from(supportPlan)
        .where(eq(supportPlan.programId, program.id))
        .orderBy(supportPlan.country);
      return { plans: rows };
    },

    /**
     * Pre-registers a patient as `patients:preregister` does (the invitation mailed to them), with the access-log row
     * `preregistered` (no patient yet) in the invitation's transaction.
     */
    async preregister(
      caller: StaffCaller,
      program: ProgramRef,
      body: StaffPreregisterBody,
    ): Promise<{ invitation: StaffInvitation }> {
      const now = clock();
      const { id } = await preregisterPatient(db, {
        program,
        data: body.patient,
        language: body.language,
        now,
        config,
        actor: caller.actor,
        alsoInTransaction: (tx) =>
          insertAccessLogEntry(tx, {
            staffId: caller.actor.staffId,
            staffSessionId: caller.actor.sessionId,
            programId: program.id,
            patientId: null,
            what: 'preregistered',
            reason: null,
            reasonText: null,
            at: now,
          }),
      });
      onMailQueued?.();
      const invitations = await listInvitationsOfEmail(db, program.id, body.patient.email, now);
      return { invitation: invitations.find((invitation) => invitation.id === id)! };
    },

    /** The program's invitations to an e-mail, with their states. */
    async invitationsOf(program: ProgramRef, email: string) {
      return { invitations: await listInvitationsOfEmail(db, program.id, email, clock()) };
    },
  };
}

export type StaffActionsService = ReturnType<typeof createStaffActionsService>;
