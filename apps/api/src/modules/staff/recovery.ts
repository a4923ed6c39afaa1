// Assisted recovery (decision 076), the way out of PTP00197: the server compares the caller's answers with the record
// (the agent only types what the caller says), then sends a recovery link to the account's e-mail, or changes that
// e-mail to the one the caller dictates and sends the link there. Each step is an action on the opened record: its
// access-log rows, its audit event (which answers matched, never the answers) and its mails commit together.
import type { CountryCode, Language } from '@portal/contracts/enums';
import { normalizeIdentificationNumber } from '@portal/contracts/patient-identification';
import {
  maskEmail,
  type StaffAssistedRecoveryBody,
  type StaffIdentityAnswers,
  type StaffIdentityConfirmation,
} from '@portal/contracts/staff-recovery';
import type { AppConfig } from '../../config.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { changeEmailOnBehalf } from '../account/public.ts';
import { issuePasswordLink, PASSWORD_RESET } from '../identity/public.ts';
import { findIdentityFactsOfPatient, foldForSearch } from '../patients/public.ts';
import type { StaffCaller } from './door.ts';
import type { StaffRecordsService } from './records.ts';

export interface StaffRecoveryDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  records: StaffRecordsService;
  onMailQueued?: () => void;
}

type IdentityFacts = NonNullable<Awaited<ReturnType<typeof findIdentityFactsOfPatient>>>;

const words = (value: string) =>
  foldForSearch(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Which answers match the record. The identification is read as at sign-up; the birth date exactly; the phone by its
 * last four digits; the caregiver's name when the caller says at least the caregiver's first name (any case, any
 * accents), and every word they say is one of the caregiver's names.
 */
export function confirmIdentity(facts: IdentityFacts, answers: StaffIdentityAnswers): StaffIdentityConfirmation {
  const { third } = answers;
  let thirdMatches = false;
  if (third.by === 'phone-last-four') {
    const digits = (facts.phoneNumber ?? '').replace(/\D/g, '');
    thirdMatches = digits.length >= 4 && digits.endsWith(third.digits);
  } else if (facts.caregiverFirstName !== null) {
    const said = words(third.name);
    const firstNames = words(facts.caregiverFirstName);
    const names = new Set([...firstNames, ...words(facts.caregiverLastName ?? '')]);
    thirdMatches = said.length > 0 && said[0] === firstNames[0] && said.every((word) => names.has(word));
  }
  return {
    identificationNumber:
      normalizeIdentificationNumber(answers.identificationNumber) ===
      normalizeIdentificationNumber(facts.legalIdentification),
    birthDate: answers.birthDate === String(facts.birthDate),
    third: thirdMatches,
  };
}

/** The answers a destination needs: the account's own e-mail, the identification and the birth date; a new one, all. */
function refuseUnconfirmed(body: StaffAssistedRecoveryBody, confirmation: StaffIdentityConfirmation): void {
  const fields: Record<string, string[]> = {};
  if (!confirmation.identificationNumber) fields['answers.identificationNumber'] = ['staff.recovery.answer.noMatch'];
  if (!confirmation.birthDate) fields['answers.birthDate'] = ['staff.recovery.answer.noMatch'];
  if (body.sendTo === 'new-email' && !confirmation.third) fields['answers.third'] = ['staff.recovery.answer.noMatch'];
  if (Object.keys(fields).length > 0) throw new AppError('STAFF_IDENTITY_NOT_CONFIRMED', fields, { confirmation });
}

export function createStaffRecoveryService({ db, clock, config, records, onMailQueued }: StaffRecoveryDeps) {
  return {
    async recover(caller: StaffCaller, program: ProgramRow, patientId: number, body: StaffAssistedRecoveryBody) {
      const { patient } = await records.requireOpenedRecord(caller, program, patientId);
      const facts = await findIdentityFactsOfPatient(db, patient.id);
      if (!facts || facts.accountStatus === 'DISABLED') throw new AppError('NOT_FOUND');
      const confirmation = confirmIdentity(facts, body.answers);
      // A refusal is audited too: which answers did not match (a caller guessing is worth seeing), never the answers.
      const audit = async (executor: Executor, done: boolean) =>
        recordAudit(executor, {
          programId: program.id,
          actor: caller.actor,
          action: 'staff-assisted-recovery',
          subject: `patient:${patient.id}`,
          detail: { sendTo: body.sendTo, confirmation, done },
          createdAt: clock(),
        });
      try {
        refuseUnconfirmed(body, confirmation);
      } catch (error) {
        await audit(db, false);
        throw error;
      }
      const emailChanged = body.sendTo === 'new-email';
      const sentTo = await records.act(
        caller,
        program,
        patient.id,
        emailChanged ? ['email-changed', 'recovery-link-sent'] : 'recovery-link-sent',
        async (tx) => {
          const now = clock();
          const recipient = emailChanged ? body.newEmail : facts.email;
          if (emailChanged)
            await changeEmailOnBehalf(tx, config, {
              program,
              userId: facts.userId,
              newEmail: body.newEmail,
              actor: caller.actor,
              now,
            });
          const language = (facts.language ?? 'es') as Language;
          const link = await issuePasswordLink(tx, {
            userId: facts.userId,
            programSlug: program.slug,
            language,
            now,
            config,
          });
          await enqueueMail(
            tx,
            {
              programId: program.id,
              kind: PASSWORD_RESET,
              recipient,
              language,
              // The country picks the call-center phones the mail shows.
              payload: { link, country: facts.country as CountryCode },
            },
            { publicUrl: config.PUBLIC_URL },
          );
          await audit(tx, true);
          return recipient;
        },
      );
      onMailQueued?.();
      return { sentTo: maskEmail(sentTo), emailChanged, confirmation };
    },
  };
}

export type StaffRecoveryService = ReturnType<typeof createStaffRecoveryService>;
