// The patient's account (decisions 019, 020): change password, change the login e-mail through a link to the new address,
// terms acceptance, the data export and "close my account". Every call acts on the caller taken from the token.
import {
  ACCOUNT_CLOSURE_GRACE_MS,
  EMAIL_CHANGE_LINK_TTL_MS,
  type AccountExport,
  type ConsentsView,
} from '@portal/contracts/account';
import type { Language } from '@portal/contracts/enums';
import { PASSWORD_TOO_WEAK_KEYS, passwordUserInputs } from '@portal/contracts/password-rules';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import { enqueueMail, type LinkMailingDeps } from '../../platform/mail/outbox.ts';
import { issueSignedPageLink } from '../../platform/mail/render.ts';
import type { PasswordHashing } from '../../platform/passwords.ts';
import type { PatientDataPart } from '../../platform/patient-data.ts';
import { refuseCommonPassword } from '../../platform/common-passwords.ts';
import { accountActor } from '../../platform/actor.ts';
import type { PatientCaller, PatientScope } from '../../platform/patient-auth.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { nonceHashOfSignedLink } from '../../platform/crypto.ts';
import * as repo from './repository.ts';
import { collectPatientData } from './data-export.ts';
import { cancelBookingsOfClosingAccount } from '../booking/public.ts';
import { PASSWORD_CHANGED } from '../identity/public.ts';
import { EMAIL_CHANGE_CONFIRM, EMAIL_CHANGE_NOTICE } from './mails.ts';
import { restoreEmail } from './email-on-behalf.ts';
import { recordAudit, recordScopeAudit } from '../../platform/audit.ts';
import type { LockoutStore } from '../../platform/lockout.ts';

export interface AccountDeps extends LinkMailingDeps {
  /** The failure counters of the current-password checks, one per session (decision 040). */
  lockout: LockoutStore;
  /** The app's password hashing (platform/passwords.ts, decision 043). */
  passwords: PasswordHashing;
  /** Every part of the patient's data that the modules declare: the export gathers each (decision 033). */
  patientData: readonly PatientDataPart[];
}

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

export function createAccountService({
  db,
  clock,
  config,
  lockout,
  passwords,
  patientData,
  onMailQueued,
}: AccountDeps) {
  const mailOptions = { publicUrl: config.PUBLIC_URL };

  /**
   * The current password, checked with argon2 before anything that only the account's owner may do: a stolen session
   * cannot be used to guess it. The failure is reserved BEFORE the slow hash, in the login lockout's store and
   * schedule (lockout.ts: 5 free, then locked 1 s, 2 s ... at most 15 minutes), so that simultaneous guesses check at
   * most 5 passwords; a right password gives the slot back. Counted per session (decision 040): the session that
   * guessed is locked, the owner's other sessions are not. Wrong answers are audited too.
   */
  async function checkCurrentPassword(caller: PatientCaller, password: string, field: string) {
    const { scope, actor } = caller;
    // A place for the hash before the failure is reserved (decision 043): a full queue refuses (503) without a failure.
    const slot = passwords.reserve();
    let account: Awaited<ReturnType<typeof repo.findAccount>>;
    let isValid: boolean;
    try {
      const attempt = await lockout.reserve(scope.poolId, actor.sessionId);
      if (!attempt.allowed)
        throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: Math.ceil(attempt.lockedForMs / 1000) });
      account = await repo.findAccount(db, scope.userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      isValid = await slot.verify(account.passwordHash, password);
    } finally {
      slot.release();
    }
    if (!isValid) {
      await recordScopeAudit(db, scope, actor, {
        action: 'current-password-refused',
        createdAt: clock(),
      });
      throw new AppError('VALIDATION_FAILED', { [field]: ['account.password.current.invalid'] });
    }
    await lockout.reset(scope.poolId, actor.sessionId);
    return account;
  }

  /** The new password's rule (decision 041), with the account's login e-mail as the meter has it. */
  async function refuseCommonNewPassword(scope: PatientScope, newPassword: string) {
    const account = await repo.findAccount(db, scope.userId);
    const inputs = passwordUserInputs(account?.email ?? '');
    await refuseCommonPassword(newPassword, inputs, 'newPassword', PASSWORD_TOO_WEAK_KEYS.account);
  }

  return {
    async changePassword(caller: PatientCaller, currentPassword: string, newPassword: string) {
      const { scope, actor } = caller;
      await refuseCommonNewPassword(scope, newPassword);

      const account = await checkCurrentPassword(caller, currentPassword, 'currentPassword');
      const passwordHash = await passwords.hash(newPassword);
      const now = clock();
      const revoked = await db.transaction(async (t) => {
        await repo.updatePasswordHash(t, scope.userId, passwordHash, now);
        // Every other session ends (a thief's included); the one that changed the password goes on.
        const count = await repo.revokeSessions(t, scope.userId, 'password-changed', now, actor.sessionId);
        await enqueueMail(
          t,
          {
            programId: scope.programId,
            kind: PASSWORD_CHANGED,
            recipient: account.email,
            language: account.language,
            payload: {},
          },
          mailOptions,
        );
        await recordScopeAudit(t, scope, actor, {
          action: 'password-changed',
          createdAt: now,
        });
        return count;
      });
      onMailQueued?.();
      return { passwordChanged: true as const, otherSessionsRevoked: revoked };
    },

    async requestEmailChange(program: ProgramRow, caller: PatientCaller, newEmail: string, currentPassword: string) {
      const { scope, actor } = caller;
      const account = await checkCurrentPassword(caller, currentPassword, 'currentPassword');
      if (newEmail === account.email) throw new AppError('VALIDATION_FAILED', { newEmail: ['account.email.same'] });
      if (await repo.isEmailTaken(db, account.poolId, newEmail))
        throw new AppError('EMAIL_ALREADY_REGISTERED', { newEmail: ['signup.email.alreadyRegistered'] });
      const now = clock();
      const language = account.language as Language;
      const link = issueSignedPageLink(
        config,
        'email-change-link',
        { slug: program.slug, language, path: '/email/confirm' },
        { now, ttlMs: EMAIL_CHANGE_LINK_TTL_MS },
      );
      await db.transaction(async (t) => {
        await repo.supersedeEmailChanges(t, scope.userId, now);
        await repo.insertEmailChange(t, { userId: scope.userId, newEmail, ...link.stored });
        await enqueueMail(
          t,
          {
            programId: program.id,
            kind: EMAIL_CHANGE_CONFIRM,
            recipient: newEmail,
            language,
            payload: { link: link.url },
          },
          mailOptions,
        );
        // The old address hears of it, so that a change the owner did not ask for does not go unnoticed.
        await enqueueMail(
          t,
          { programId: program.id, kind: EMAIL_CHANGE_NOTICE, recipient: account.email, language, payload: {} },
          mailOptions,
        );
        await recordAudit(t, {
          programId: program.id,
          actor,
          action: 'email-change-requested',
          createdAt: now,
        });
      });
      onMailQueued?.();
      return { linkSent: true as const };
    },

    /** The old address's "this wasn't me" after an agent changed the e-mail (decision 076): the address comes back. */
    async restoreEmail(program: ProgramRow, nonce: string, signature: string) {
      await restoreEmail(db, config.signingKeys, program, { n: nonce, s: signature }, clock());
      return { emailRestored: true as const };
    },

    /** Opens a confirmation link (public: the link is the proof); the login e-mail changes only here. */
    async confirmEmailChange(program: ProgramRow, nonce: string, signature: string) {
      const nonceHash = nonceHashOfSignedLink(config.signingKeys, 'email-change-link', nonce, signature);
      if (!nonceHash) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      const poolId = await repo.findPoolId(db, program.id);
      const now = clock();
      try {
        return await db.transaction(async (t) => {
          const consumed = await repo.consumeEmailChange(t, nonceHash, now);
          if (!consumed) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
          const account = await repo.findAccount(t, consumed.userId);
          // A link of another program's pool is unknown here.
          if (!account || account.poolId !== poolId || account.status === 'DISABLED')
            throw new AppError('EMAIL_CHANGE_LINK_INVALID');
          if (await repo.isEmailTaken(t, poolId, consumed.newEmail)) throw new AppError('EMAIL_ALREADY_REGISTERED');
          await repo.updateEmail(t, consumed.userId, consumed.newEmail, now);
          await recordAudit(t, {
            programId: program.id,
            actor: accountActor(consumed.userId),
            action: 'email-changed',
            createdAt: now,
          });
          return { email: consumed.newEmail };
        });
      } catch (error) {
        // Two accounts confirming the same address at once: the unique index lets one through.
        if (uniqueViolationOf(error) !== undefined) throw new AppError('EMAIL_ALREADY_REGISTERED');
        throw error;
      }
    },

    async consents(program: ProgramRow, scope: PatientScope): Promise<ConsentsView> {
      const [history, latestTermsAccepted] = await Promise.all([
        repo.listConsents(db, scope.patientId),
        repo.findLatestTermsAccepted(db, scope.patientId),
      ]);
      return {
        latestTermsVersion: program.latestTermsVersion,
        latestTermsAccepted,
        history: history.map((row) => ({ termsVersion: row.termsVersion, acceptedAt: row.acceptedAt.toISOString() })),
      };
    },

    /** Records the acceptance of the program's latest terms (an older version read on a stale screen is refused). */
    async acceptTerms(program: ProgramRow, caller: PatientCaller, termsVersion: string): Promise<ConsentsView> {
      const { scope, actor } = caller;
      if (termsVersion !== program.latestTermsVersion)
        throw new AppError('VALIDATION_FAILED', { termsVersion: ['account.terms.outdated'] });
      const now = clock();
      await db.transaction(async (t) => {
        await repo.recordConsent(t, scope.patientId, termsVersion, now);
        await recordScopeAudit(t, scope, actor, {
          action: 'terms-accepted',
          detail: { termsVersion },
          createdAt: now,
        });
      });
      return this.consents(program, scope);
    },

    async exportData(program: ProgramRow, caller: PatientCaller, currentPassword: string): Promise<AccountExport> {
      const { scope, actor } = caller;
      await checkCurrentPassword(caller, currentPassword, 'currentPassword');
      const data = await collectPatientData(db, patientData, { userId: scope.userId, patientId: scope.patientId });
      if (!data) throw new AppError('NOT_FOUND');
      const now = clock();
      await recordScopeAudit(db, scope, actor, {
        action: 'data-exported',
        createdAt: now,
      });
      return { exportedAt: now.toISOString(), program: { slug: program.slug, name: program.name }, ...data };
    },

    /** Disables the account at once and ends every session; the data is erased after the grace period (decision 019). */
    async closeAccount(caller: PatientCaller, currentPassword: string) {
      const { scope, actor } = caller;
      await checkCurrentPassword(caller, currentPassword, 'currentPassword');
      const now = clock();
      const eraseAfter = new Date(now.getTime() + ACCOUNT_CLOSURE_GRACE_MS);
      await db.transaction(async (t) => {
        await repo.requestClosure(t, scope.userId, now, eraseAfter);
        await repo.revokeSessions(t, scope.userId, 'account-closed', now);
        await cancelBookingsOfClosingAccount(t, scope, actor, now);
        await recordScopeAudit(t, scope, actor, {
          action: 'account-closure-requested',
          createdAt: now,
        });
      });
      return { eraseAfter: iso(eraseAfter)! };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
