// The staff directory's rules (decision 068): the set-up from a one-time link (a password and an authenticator proved
// with a code, then ten recovery codes shown once), the login in two steps (e-mail and password, then the code or a
// recovery code), the staff door's sessions (15 minutes idle, 10 hours at most, checked in the database on every call)
// and disabling a member (every session ends at once).
import { randomInt } from 'node:crypto';
import {
  STAFF_CHALLENGE_TTL_MS,
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
} from '@portal/contracts/staff';
import { PASSWORD_TOO_WEAK_KEYS, passwordUserInputs } from '@portal/contracts/password-rules';
import type { AppConfig } from '../../config.ts';
import type { Actor, StaffActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import { refuseCommonPassword } from '../../platform/common-passwords.ts';
import { decrypt, encrypt, randomToken, sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { LockoutStore } from '../../platform/lockout.ts';
import type { PasswordHashing } from '../../platform/passwords.ts';
import type { StaffCaller } from './door.ts';
import * as repo from './repository.ts';
import { matchTotpCode, newTotpSecret } from './totp.ts';

export interface StaffServiceDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppConfig, 'keyEncryptionSecret' | 'signingKeys'>;
  passwords: PasswordHashing;
  /** Failed passwords per e-mail (the logins' policy). */
  loginLockout: LockoutStore;
  /** Wrong second-factor codes per member: five lock it for 15 minutes, shared across instances through Redis. */
  codeLockout: LockoutStore;
}

/** The lockout stores count per pool; the staff directory is one, portal-wide. */
const DIRECTORY = 0;
/** Tokens of the staff door and of the step between password and code: a prefix says which, 256 random bits. */
const SESSION_TOKEN = /^Bearer (stf_[A-Za-z0-9_-]{43})$/;
/** Crockford's base32: no I, L, O or U, so that a code read aloud or retyped is not misread. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const loginRefused = (reason: 'INVALID_CREDENTIALS' | 'LOCKED', retryAfterSeconds?: number) =>
  new AppError('STAFF_LOGIN_REFUSED', undefined, {
    reason,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  });
const codeLocked = (lockedForMs: number) =>
  new AppError('STAFF_SECOND_FACTOR_LOCKED', undefined, { retryAfterSeconds: Math.ceil(lockedForMs / 1000) });
const setupLinkInvalid = () => new AppError('STAFF_SETUP_LINK_INVALID');
const setupCodeInvalid = () => new AppError('VALIDATION_FAILED', { code: ['staff.setup.code.invalid'] });

/** A new recovery code, as printed: two groups of five (50 bits). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code as typed, read back as printed: upper case, no dash or space, O as 0, I and L as 1. */
export function normalizeRecoveryCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[- ]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

const staffActor = (staffId: string, sessionId: string | null = null): StaffActor => ({
  kind: 'staff',
  staffId,
  sessionId,
});

export function createStaffService({ db, clock, config, passwords, loginLockout, codeLockout }: StaffServiceDeps) {
  const seal = (secret: string) => encrypt(config.keyEncryptionSecret, secret);
  const unseal = (sealed: string) => decrypt(config.keyEncryptionSecret, sealed);

  /** The hash of a link's nonce when its signature is ours for the set-up purpose; otherwise the link is refused. */
  function setupNonceHash(nonce: string, signature: string): string {
    if (!config.signingKeys.verify('staff-setup-link', nonce, signature)) throw setupLinkInvalid();
    return sha256(nonce);
  }

  return {
    /**
     * Opens a set-up link: who it is for and a fresh authenticator secret (each opening draws a new one, and only the
     * latest can finish the set-up). The link stays usable until the set-up is finished.
     */
    async openSetup(nonce: string, signature: string) {
      const nonceHash = setupNonceHash(nonce, signature);
      const link = await repo.findUsableSetupLink(db, nonceHash, clock());
      if (!link) throw setupLinkInvalid();
      const totp = newTotpSecret(link.email);
      await repo.setPendingTotpSecret(db, link.linkId, seal(totp.secret));
      return { email: link.email, totp: { ...totp, digits: 6 as const, periodSeconds: 30 as const } };
    },

    /**
     * Finishes the set-up: the code proves the authenticator holds the secret, the password passes the patients' rules
     * (and 12 characters), and the link is used up in the transaction that stores them. Answers the recovery codes,
     * which are stored only as hashes.
     */
    async finishSetup(input: {
      n: string;
      s: string;
      firstName: string;
      lastName: string;
      password: string;
      code: string;
    }): Promise<{ recoveryCodes: string[] }> {
      const nonceHash = setupNonceHash(input.n, input.s);
      const link = await repo.findUsableSetupLink(db, nonceHash, clock());
      if (!link) throw setupLinkInvalid();
      if (!link.pendingTotpSecretEnc) throw setupCodeInvalid();
      const sealed = link.pendingTotpSecretEnc;
      const step = matchTotpCode(unseal(sealed), input.code, clock());
      if (step === undefined) throw setupCodeInvalid();
      await refuseCommonPassword(
        input.password,
        passwordUserInputs(link.email, input.firstName, input.lastName),
        'password',
        PASSWORD_TOO_WEAK_KEYS.account,
      );
      const passwordHash = await passwords.hash(input.password);
      const recoveryCodes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
      // One after another: eleven hashes at once could fill the hashing queue's places meant for everyone's logins.
      const codeHashes: string[] = [];
      for (const code of recoveryCodes) codeHashes.push(await passwords.hash(code));
      const now = clock();
      await db.transaction(async (tx) => {
        const consumed = await repo.consumeSetupLink(tx, nonceHash, sealed, now);
        if (!consumed) throw setupLinkInvalid();
        await repo.completeSetup(
          tx,
          consumed.staffId,
          {
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            totpSecretEnc: sealed,
            totpLastStep: step,
          },
          now,
        );
        await repo.replaceRecoveryCodes(tx, consumed.staffId, codeHashes, now);
        await repo.endSessionsOf(tx, consumed.staffId, 'set-up', now);
        await recordAudit(tx, {
          programId: null,
          actor: staffActor(consumed.staffId),
          action: 'staff-setup-completed',
          subject: `staff:${consumed.staffId}`,
          createdAt: now,
        });
      });
      await loginLockout.reset(DIRECTORY, link.email);
      await codeLockout.reset(DIRECTORY, link.staffId);
      return { recoveryCodes };
    },

    /**
     * The first step: e-mail and password. The same refusal for an unknown e-mail, a wrong password, a member
     * disabled or not yet set up, and it costs one hash whatever the case; five failures lock the e-mail a while.
     */
    async login(email: string, password: string): Promise<{ challenge: string; expiresIn: number }> {
      const slot = passwords.reserve();
      let member: repo.StaffMemberRow | undefined;
      let isValid: boolean;
      let locksForMs: number;
      try {
        const attempt = await loginLockout.reserve(DIRECTORY, email);
        if (!attempt.allowed) throw loginRefused('LOCKED', Math.ceil(attempt.lockedForMs / 1000));
        locksForMs = attempt.locksForMs;
        member = await repo.findMemberByEmail(db, email);
        isValid = await slot.verify(member?.passwordHash ?? (await passwords.dummyHash()), password);
      } finally {
        slot.release();
      }
      if (!member || !isValid || member.status !== 'active' || !member.totpSecretEnc)
        throw locksForMs > 0
          ? loginRefused('LOCKED', Math.ceil(locksForMs / 1000))
          : loginRefused('INVALID_CREDENTIALS');
      await loginLockout.reset(DIRECTORY, email);
      const challenge = `stc_${randomToken(32)}`;
      await repo.insertChallenge(db, member.id, sha256(challenge), clock(), STAFF_CHALLENGE_TTL_MS);
      return { challenge, expiresIn: STAFF_CHALLENGE_TTL_MS / 1000 };
    },

    /**
     * The second step: the authenticator's code (accepted once, within a step either side) or an unused recovery
     * code. Each try counts before it is checked; the fifth wrong one locks the member's second factor for 15 minutes,
     * and while locked even the right code is refused.
     */
    async completeLogin(challenge: string, code: string) {
      const challengeHash = sha256(challenge);
      const open = await repo.findOpenChallenge(db, challengeHash, clock());
      const sealedSecret = open?.member.totpSecretEnc;
      if (!open || !sealedSecret) throw new AppError('STAFF_CODE_REFUSED');
      const { member } = open;
      const attempt = await codeLockout.reserve(DIRECTORY, member.id);
      if (!attempt.allowed) throw codeLocked(attempt.lockedForMs);

      const isTotp = /^\d{6}$/.test(code);
      const step = isTotp ? matchTotpCode(unseal(sealedSecret), code, clock()) : undefined;
      let recoveryCodeId: number | undefined;
      if (!isTotp) {
        const typed = normalizeRecoveryCode(code);
        for (const candidate of await repo.unusedRecoveryCodes(db, member.id)) {
          if (await passwords.verify(candidate.codeHash, typed)) {
            recoveryCodeId = candidate.id;
            break;
          }
        }
      }
      const now = clock();
      const token = `stf_${randomToken(32)}`;
      const session = await db.transaction(async (tx) => {
        const accepted =
          step !== undefined
            ? await repo.advanceTotpStep(tx, member.id, step, now)
            : recoveryCodeId !== undefined && (await repo.useRecoveryCode(tx, recoveryCodeId, now));
        if (!accepted) return undefined;
        if (!(await repo.consumeChallenge(tx, open.challengeId, now))) throw new AppError('STAFF_CODE_REFUSED');
        const opened = await repo.insertSession(tx, member.id, sha256(token), now, STAFF_SESSION_MAX_MS);
        const actor = staffActor(member.id, opened.id);
        if (recoveryCodeId !== undefined)
          await recordAudit(tx, { programId: null, actor, action: 'staff-recovery-code-used', createdAt: now });
        await recordAudit(tx, { programId: null, actor, action: 'staff-login', createdAt: now });
        return opened;
      });
      if (!session) {
        await recordAudit(db, {
          programId: null,
          actor: staffActor(member.id),
          action: 'staff-second-factor-refused',
          detail: { kind: isTotp ? 'totp' : 'recovery-code', locked: attempt.locksForMs > 0 },
          createdAt: now,
        });
        // The failure that starts the lock says so at once (decision 054's rule for the logins).
        if (attempt.locksForMs > 0) throw codeLocked(attempt.locksForMs);
        throw new AppError('STAFF_CODE_REFUSED');
      }
      await codeLockout.reset(DIRECTORY, member.id);
      const recoveryCodesLeft = (await repo.unusedRecoveryCodes(db, member.id)).length;
      return {
        token,
        idleSeconds: STAFF_SESSION_IDLE_MS / 1000,
        expiresAt: session.absoluteExpiresAt.toISOString(),
        usedRecoveryCode: recoveryCodeId !== undefined,
        recoveryCodesLeft,
      };
    },

    /**
     * The staff door's resolver: a live session of an active member, touched, with the member's roles (one statement);
     * else 401.
     */
    async resolveCaller(authorization: string | undefined): Promise<StaffCaller> {
      const token = authorization ? SESSION_TOKEN.exec(authorization)?.[1] : undefined;
      if (!token) throw new AppError('UNAUTHENTICATED');
      const live = await repo.touchLiveSession(db, sha256(token), clock(), STAFF_SESSION_IDLE_MS);
      if (!live) throw new AppError('UNAUTHENTICATED');
      return {
        actor: { kind: 'staff', staffId: live.member.id, sessionId: live.sessionId },
        email: live.member.email,
        firstName: live.member.firstName ?? '',
        lastName: live.member.lastName ?? '',
        roles: live.roles.map(({ programId, role }) => ({ programId, role })),
      };
    },

    async me(caller: StaffCaller) {
      const roles = await repo.rolesOf(db, caller.actor.staffId);
      const programs = new Map<string, { slug: string; name: string; roles: (typeof roles)[number]['role'][] }>();
      for (const { slug, name, role } of roles) {
        const entry = programs.get(slug) ?? { slug, name, roles: [] };
        entry.roles.push(role);
        programs.set(slug, entry);
      }
      return {
        id: caller.actor.staffId,
        email: caller.email,
        firstName: caller.firstName,
        lastName: caller.lastName,
        programs: [...programs.values()],
      };
    },

    async logout(caller: StaffCaller): Promise<void> {
      const now = clock();
      await db.transaction(async (tx) => {
        await repo.endSession(tx, caller.actor.sessionId, 'logout', now);
        await recordAudit(tx, { programId: null, actor: caller.actor, action: 'staff-logout', createdAt: now });
      });
    },

    /**
     * Disables a member: from the next call, every one of their sessions is refused on every instance (each call checks
     * the session and the member in the database), and they cannot log in or set up again.
     */
    async disable(staffId: string, actor: Actor): Promise<boolean> {
      const now = clock();
      return db.transaction(async (tx) => {
        if (!(await repo.disableMember(tx, staffId, now))) return false;
        const ended = await repo.endSessionsOf(tx, staffId, 'disabled', now);
        await recordAudit(tx, {
          programId: null,
          actor,
          action: 'staff-disabled',
          subject: `staff:${staffId}`,
          detail: { sessionsEnded: ended },
          createdAt: now,
        });
        return true;
      });
    },

    /** Re-enables a disabled member: they may log in again; no session of theirs comes back. */
    async enable(staffId: string, actor: Actor): Promise<boolean> {
      const now = clock();
      return db.transaction(async (tx) => {
        if (!(await repo.enableMember(tx, staffId, now))) return false;
        await recordAudit(tx, {
          programId: null,
          actor,
          action: 'staff-enabled',
          subject: `staff:${staffId}`,
          detail: {},
          createdAt: now,
        });
        return true;
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
