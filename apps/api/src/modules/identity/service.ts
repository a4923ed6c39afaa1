// Identity rules: login with lockout, refresh rotation with reuse detection, logout, profile, recovery links.
import { randomUUID } from 'node:crypto';
import { normalizeGender, type CountryCode, type IdentificationType, type Language } from '@portal/contracts/enums';
import type { RecoveryLinkRefusalReason, UserProfile } from '@portal/contracts/identity';
import type { SessionView } from '@portal/contracts/sessions';
import { DeviceBrowserSchema, DeviceSystemSchema } from '@portal/contracts/sessions';
import { LoginConfigSchema, PhonesSchema } from '@portal/contracts/program-files';
import { PASSWORD_TOO_WEAK_KEYS, passwordUserInputs } from '@portal/contracts/password-rules';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { PASSWORD_CHANGED, PASSWORD_RESET } from './mails.ts';
import { readProgramFile } from '../../platform/program-files.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { accountActor, VISITOR } from '../../platform/actor.ts';
import type { PatientCaller, PatientScope } from '../../platform/patient-auth.ts';
import { hmac, nonceHashOfSignedLink, randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import type { PasswordHashing } from '../../platform/passwords.ts';
import { refuseCommonPassword } from '../../platform/common-passwords.ts';
import { toCaregiverProfile, type CaregiverResolver } from '../caregiver/public.ts';
import { issuePasswordLink } from './recovery-link.ts';
import type { Device } from './device.ts';
import type { LockoutStore } from '../../platform/lockout.ts';
import * as repo from './repository.ts';
import { createSessionCache } from './session-cache.ts';
import type { TokenService } from './tokens.ts';
import { recordAudit } from '../../platform/audit.ts';

export const SESSION_IDLE_MS = 30 * 60 * 1000;

/**
 * An account's live sessions as "my sessions" shows them, without which is the caller's: the patient's own list, and
 * the record a staff member opens (decision 074).
 */
export async function liveSessionsOf(db: Db, userId: string, now: Date): Promise<Omit<SessionView, 'current'>[]> {
  const rows = await repo.listLiveSessions(db, userId, now, SESSION_IDLE_MS);
  return rows.map((row) => ({
    id: row.id,
    // Sessions opened before devices were recorded have none: "other".
    browser: DeviceBrowserSchema.catch('other').parse(row.deviceBrowser),
    system: DeviceSystemSchema.catch('other').parse(row.deviceSystem),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  }));
}
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * Auth0's "reuse interval": a refresh token presented again this soon after its rotation (two tabs
 * refreshing at once, a retried request whose answer was lost) gets the pair already issued for it;
 * later, a reuse is taken for theft and revokes the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
/** How stale a session's last-used time may get: the idle limit needs no finer grain, and reads stay write-free. */
export const SESSION_TOUCH_MS = 60 * 1000;

export interface IdentityDeps {
  db: Db;
  tokens: TokenService;
  lockout: LockoutStore;
  clock: () => Date;
  config: AppConfig;
  /** The app's password hashing (platform/passwords.ts, decision 043). */
  passwords: PasswordHashing;
  /** Called after a transaction that queued a mail has committed (wakes the outbox worker). */
  onMailQueued?: () => void;
  /**
   * An account of the pool that is no patient's may be a caregiver's own login (decision 092): it resolves the caregiver
   * as actor and the patient as scope, or refuses.
   */
  resolveCaregiver?: CaregiverResolver;
  /** Told of each login's result and each session lookup's use of the cache: the metrics (decision 082). */
  observe?: {
    login(programId: number, result: 'succeeded' | 'failed' | 'locked'): void;
    sessionCache(outcome: 'hit' | 'miss'): void;
  };
}

export interface Authenticated {
  userId: string;
  sessionId: string;
  poolId: number;
}

function linkRefused(reason: RecoveryLinkRefusalReason): AppError {
  return new AppError('RECOVERY_LINK_EXPIRED', undefined, { reason });
}

/** Thrown inside a savepoint to roll back work done only so that every recovery request costs the same. */
const DISCARD = new Error('discard');

function refused(reason: 'INVALID_CREDENTIALS' | 'LOCKED', retryAfterS?: number): AppError {
  return new AppError('NotAuthorizedException', undefined, {
    reason,
    ...(retryAfterS ? { retryAfterSeconds: retryAfterS } : {}),
  });
}

export function createIdentityService({
  db,
  tokens,
  lockout,
  clock,
  config,
  passwords,
  onMailQueued,
  observe,
  resolveCaregiver,
}: IdentityDeps) {
  const mailOptions = { publicUrl: config.PUBLIC_URL };
  /** Its own key, derived from the server secret, so that a refresh token's successor is unguessable without it. */
  const rotationSecret = hmac(config.keyEncryptionSecret, 'refresh-token-rotation');
  // A program's pool never changes: read it once.
  const poolIds = new Map<number, number>();
  async function poolOf(program: ProgramRow): Promise<number> {
    const known = poolIds.get(program.id);
    if (known) return known;
    const poolId = await repo.findPoolId(db, program.id);
    if (!poolId) throw new Error(`program ${program.slug} has no identity pool`);
    poolIds.set(program.id, poolId);
    return poolId;
  }

  async function openSession(
    program: ProgramRow,
    account: { id: string; email: string; language: string },
    device: Device,
    profile?: { firstName: string; lastName: string },
  ) {
    const now = clock();
    const sessionId = randomUUID();
    const refreshToken = `${sessionId}.${randomToken()}`;
    await repo.insertSession(db, {
      id: sessionId,
      userId: account.id,
      tokenHash: sha256(refreshToken),
      now,
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      device,
    });
    const issued = await tokens.issue(program.id, program.slug, account.id, sessionId, {
      email: account.email,
      language: account.language,
      ...(profile ? { givenName: profile.firstName, familyName: profile.lastName } : {}),
    });
    return {
      AccessToken: issued.accessToken,
      IdToken: issued.idToken,
      RefreshToken: refreshToken,
      ExpiresIn: issued.expiresIn,
    };
  }

  async function issueRefreshed(
    program: ProgramRow,
    account: { id: string; email: string; language: string },
    sessionId: string,
    refreshToken: string,
  ) {
    const profile = await repo.findProfile(db, account.id);
    const issued = await tokens.issue(program.id, program.slug, account.id, sessionId, {
      email: account.email,
      language: account.language,
      ...(profile ? { givenName: profile.patient.firstName, familyName: profile.patient.lastName } : {}),
    });
    return {
      AccessToken: issued.accessToken,
      IdToken: issued.idToken,
      RefreshToken: refreshToken,
      ExpiresIn: issued.expiresIn,
    };
  }

  /**
   * The pool's decoy account: DISABLED, at an address of the reserved .invalid domain, with a password nobody
   * knows. A recovery request for an unknown e-mail works on it (in a savepoint that is rolled back).
   */
  const decoys = new Map<number, { id: string; email: string }>();
  async function recoveryDecoyOf(poolId: number) {
    const known = decoys.get(poolId);
    if (known) return known;
    // The pool's dummy hash (a random password, made at start outside the bound): no hash of its own, so the first
    // recovery for an unknown e-mail is never refused for a full queue when a known one would not be (decision 043).
    const decoy = await repo.ensureRecoveryDecoy(db, poolId, await passwords.dummyHash());
    decoys.set(poolId, decoy);
    return decoy;
  }

  const sessionProfile = repo.prepareSessionProfile(db);
  /** What `authorize` read, per session, until the database says the account changed (session-cache.ts, decision 031). */
  const sessions = createSessionCache<repo.SessionProfile>();
  /** A session read from the database within the last minute, and not revoked since: it needs no read, no mark. */
  function cachedSession(sessionId: string, now: Date): repo.SessionProfile | undefined {
    const cached = sessions.get(sessionId);
    return cached && now.getTime() - cached.session.lastUsedAt.getTime() <= SESSION_TOUCH_MS ? cached : undefined;
  }
  /**
   * A bearer token to its live session and the profile of its account, in one query or from the session cache;
   * UNAUTHENTICATED otherwise. A write only to mark the session used, at most once a minute, which is what the
   * idle limit needs.
   */
  async function authorize(
    program: ProgramRow,
    authorization: string | undefined,
  ): Promise<{ auth: Authenticated; found: repo.SessionProfile }> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
    if (!token) throw new AppError('UNAUTHENTICATED');
    const claims = await tokens.verifyAccess(program.id, program.slug, token);
    if (!claims) throw new AppError('UNAUTHENTICATED');
    const now = clock();
    const cached = cachedSession(claims.sid, now);
    observe?.sessionCache(cached ? 'hit' : 'miss');
    const since = sessions.begin();
    const [found, poolId] = await Promise.all([
      cached ?? sessionProfile.execute({ sessionId: claims.sid }).then((rows) => rows[0]),
      poolOf(program),
    ]);
    const current = found?.session;
    if (
      !found ||
      !current ||
      current.revokedAt ||
      current.userId !== claims.sub ||
      found.account.poolId !== poolId ||
      found.account.status === 'DISABLED' ||
      now >= current.absoluteExpiresAt
    ) {
      throw new AppError('UNAUTHENTICATED');
    }
    if (cached) return { auth: { userId: claims.sub, sessionId: claims.sid, poolId }, found };
    if (now.getTime() - current.lastUsedAt.getTime() > SESSION_IDLE_MS) {
      // Idle for longer than the limit: the session ends here, as it would at the next refresh.
      await repo.revokeSession(db, claims.sid, 'idle', now);
      throw new AppError('UNAUTHENTICATED');
    }
    let read = found;
    if (now.getTime() - current.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
      await repo.touchSession(db, claims.sid, now, SESSION_TOUCH_MS);
      read = { ...found, session: { ...current, lastUsedAt: now } };
    }
    sessions.store(claims.sid, claims.sub, read, since);
    return { auth: { userId: claims.sub, sessionId: claims.sid, poolId }, found: read };
  }

  /** Tells `observe` how a login ended: succeeded, locked, or failed (a full hash queue is not a login's result). */
  async function observedLogin<T>(programId: number, logIn: () => Promise<T>): Promise<T> {
    try {
      const session = await logIn();
      observe?.login(programId, 'succeeded');
      return session;
    } catch (error) {
      if (error instanceof AppError && error.code !== 'SERVICE_UNAVAILABLE')
        observe?.login(programId, error.details?.reason === 'LOCKED' ? 'locked' : 'failed');
      throw error;
    }
  }

  /**
   * What `resolveCaller` read for each scope it made (a scope lives for one request): the profile answers from
   * it rather than reading the session and the patient a second time.
   */
  const readsOfScopes = new WeakMap<PatientScope, repo.SessionProfile>();
  /** The scopes a caregiver's login resolved: their token read the caregiver's account, not the patient's profile. */
  const caregiverScopes = new WeakSet<PatientScope>();

  /** The patient's profile as the session's query reads it, for a caregiver's call (decision 092). */
  async function patientProfileOf(userId: string): Promise<repo.SessionProfile | undefined> {
    const read = await repo.findProfile(db, userId);
    return (
      read &&
      ({ ...read, plan: read.plan ?? null, caregiver: read.caregiver ?? null } as unknown as repo.SessionProfile)
    );
  }

  return {
    /** The session cache's side of the database's feed of changes (`Database.listen`), and its `settle`. */
    sessionCache: { listener: sessions.listener, settle: sessions.settle, stats: sessions.stats },

    async login(program: ProgramRow, email: string, password: string, device: Device) {
      return observedLogin(program.id, async () => {
        const poolId = await poolOf(program);
        // A place for the hash first (decision 043): when too many hashes wait, the login is refused at once (503),
        // before it costs a failure of the lockout below, and the same way for every e-mail, known or not.
        const slot = passwords.reserve();
        let isValid: boolean;
        let account: Awaited<ReturnType<typeof repo.findAccountByEmail>>;
        let locksForMs: number;
        try {
          // The failure is counted before the slow hash (lockout.ts): parallel guesses cannot all pass the limit.
          const attempt = await lockout.reserve(poolId, email);
          // Locked: even the right password gets this answer, never "invalid", until the lock ends (decision 054).
          if (!attempt.allowed) throw refused('LOCKED', Math.ceil(attempt.lockedForMs / 1000));
          locksForMs = attempt.locksForMs;
          account = await repo.findAccountByEmail(db, poolId, email);
          // Always verify a hash, so that unknown and known e-mails answer in about the same time.
          isValid = await slot.verify(account?.passwordHash ?? (await passwords.dummyHash()), password);
        } finally {
          slot.release();
        }
        // Logging in within the grace period of "close my account" cancels the closure (decision 019).
        if (
          account &&
          isValid &&
          account.status === 'DISABLED' &&
          account.closureRequestedAt &&
          !account.erasedAt &&
          account.eraseAfter &&
          account.eraseAfter > clock()
        ) {
          await repo.cancelClosure(db, account.id, clock());
          await recordAudit(db, {
            programId: program.id,
            actor: accountActor(account.id),
            action: 'account-closure-cancelled',
            createdAt: clock(),
          });
          account.status = 'CONFIRMED';
        }
        if (!account || !isValid || account.status === 'DISABLED')
          // The failure that starts a lock says so at once: from then on every refusal says "locked" (no flipping).
          throw locksForMs > 0 ? refused('LOCKED', Math.ceil(locksForMs / 1000)) : refused('INVALID_CREDENTIALS');
        await lockout.reset(poolId, email);
        if (account.status === 'UNCONFIRMED') throw new AppError('UserNotConfirmedException');
        const profile = await repo.findProfile(db, account.id);
        await recordAudit(db, {
          programId: program.id,
          actor: accountActor(account.id),
          action: 'login',
          createdAt: clock(),
        });
        return openSession(program, account, device, profile?.patient);
      });
    },

    async refresh(program: ProgramRow, refreshToken: string, device: Device) {
      const poolId = await poolOf(program);
      const now = clock();
      const [sessionId] = refreshToken.split('.');
      if (!sessionId || !/^[0-9a-f-]{36}$/.test(sessionId)) throw new AppError('UNAUTHENTICATED');
      const current = await repo.findSession(db, sessionId);
      if (!current || current.revokedAt) throw new AppError('UNAUTHENTICATED');
      const account = await repo.findAccountById(db, poolId, current.userId);
      if (!account) throw new AppError('UNAUTHENTICATED'); // a token of another pool
      const presentedHash = sha256(refreshToken);
      // The successor of a token is derived from it (keyed with a server secret), so that every presentation
      // of the same token within the grace period gets the same successor without storing it in clear.
      const next = `${sessionId}.${hmac(rotationSecret, refreshToken)}`;
      const nextHash = sha256(next);
      const isGraceReuse = (row: typeof current) =>
        row.previousTokenHash !== null &&
        row.rotatedAt !== null &&
        safeEqual(presentedHash, row.previousTokenHash) &&
        safeEqual(nextHash, row.currentTokenHash) &&
        now.getTime() - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS &&
        now < row.absoluteExpiresAt;
      if (!safeEqual(presentedHash, current.currentTokenHash)) {
        if (isGraceReuse(current)) return issueRefreshed(program, account, sessionId, next);
        // A refresh token that was already rotated is being reused: revoke the whole family.
        await repo.revokeSession(db, sessionId, 'refresh-token-reuse', now);
        throw new AppError('UNAUTHENTICATED');
      }
      if (now.getTime() - current.lastUsedAt.getTime() > SESSION_IDLE_MS || now >= current.absoluteExpiresAt) {
        await repo.revokeSession(db, sessionId, 'expired', now);
        throw new AppError('UNAUTHENTICATED');
      }
      if (!(await repo.rotateSessionToken(db, sessionId, presentedHash, nextHash, now, device))) {
        // A simultaneous refresh with the same token rotated it first: it issued the same successor.
        const after = await repo.findSession(db, sessionId);
        if (after && !after.revokedAt && isGraceReuse(after)) return issueRefreshed(program, account, sessionId, next);
        await repo.revokeSession(db, sessionId, 'refresh-token-reuse', now);
        throw new AppError('UNAUTHENTICATED');
      }
      return issueRefreshed(program, account, sessionId, next);
    },

    /**
     * Who calls a patient route and whose care it is: a live session of a patient enrolled in this program (the patient
     * acting on their own care), or UNAUTHENTICATED.
     */
    async resolveCaller(program: ProgramRow, authorization: string | undefined): Promise<PatientCaller> {
      const { auth, found } = await authorize(program, authorization);
      const { patient, plan, account } = found;
      // No patient of this account: a caregiver's own login, or nobody's (decision 092).
      if (!patient && resolveCaregiver) {
        const caller = await resolveCaregiver(program, auth);
        caregiverScopes.add(caller.scope);
        return caller;
      }
      if (!patient || patient.programId !== program.id || !plan) throw new AppError('UNAUTHENTICATED');
      const scope: PatientScope = {
        programId: program.id,
        userId: auth.userId,
        poolId: auth.poolId,
        patientId: patient.id,
        planPatientId: plan.id,
        supportPlanId: plan.supportPlanId,
        country: patient.country,
        identificationType: patient.typeIdentification,
        identificationNumber: patient.legalIdentification,
        birthDate: String(patient.birthDate).slice(0, 10),
        contactEmail: account.email,
        language: account.language as Language,
      };
      readsOfScopes.set(scope, found);
      return { actor: { kind: 'patient', userId: auth.userId, sessionId: auth.sessionId }, scope };
    },

    async logout(program: ProgramRow, { actor }: PatientCaller) {
      await repo.revokeSession(db, actor.sessionId, 'logout', clock());
      await recordAudit(db, { programId: program.id, actor, action: 'logout', createdAt: clock() });
    },

    /** The caller's live sessions ("my sessions", decision 044), the caller's own marked. */
    async sessions({ actor }: PatientCaller): Promise<SessionView[]> {
      // The actor's own account: a caregiver's sessions are theirs, never the patient's (decision 092).
      const views = await liveSessionsOf(db, actor.userId, clock());
      return views.map((view) => ({ ...view, current: view.id === actor.sessionId }));
    },

    /**
     * Ends one session of the caller's account: its refresh token is refused, and its access tokens at their next call
     * (every call reads the session, or the session cache, which the database's notification empties). A session of
     * another account, or one already ended, is NOT_FOUND and nothing changes.
     */
    async endSession({ actor, scope }: PatientCaller, sessionId: string) {
      const now = clock();
      await db.transaction(async (t) => {
        if (!(await repo.revokeSessionOf(t, actor.userId, sessionId, 'ended-by-patient', now)))
          throw new AppError('NOT_FOUND');
        await recordAudit(t, {
          programId: scope.programId,
          actor,
          action: sessionId === actor.sessionId ? 'logout' : 'session-ended',
          createdAt: now,
        });
      });
      return { ended: true as const };
    },

    /** Ends every session of the caller's account but the caller's own; how many. */
    async endOtherSessions({ actor, scope }: PatientCaller) {
      const now = clock();
      const ended = await db.transaction(async (t) => {
        const count = await repo.revokeOtherSessions(t, actor.userId, actor.sessionId, 'ended-by-patient', now);
        await recordAudit(t, {
          programId: scope.programId,
          actor,
          action: 'other-sessions-ended',
          detail: { count },
          createdAt: now,
        });
        return count;
      });
      return { ended };
    },

    /** The caller's profile (GET /user): built from the one query that resolved the caller, no other read. */
    async profile(program: ProgramRow, scope: PatientScope, expand: Set<string>): Promise<UserProfile> {
      // A caregiver's call reads the patient's profile; the patient's own, what resolved the caller.
      const found = caregiverScopes.has(scope) ? await patientProfileOf(scope.userId) : readsOfScopes.get(scope);
      // A scope that `resolveCaller` did not make (a programming error): no profile without its token's read.
      if (!found) throw new AppError('UNAUTHENTICATED');
      const { patient, account, plan, caregiver } = found;
      if (!patient || patient.programId !== program.id) throw new AppError('NOT_FOUND');
      const gender = normalizeGender(patient.gender);
      return {
        id: patient.id,
        userId: patient.userId,
        displayName: `${patient.firstName} ${patient.lastName}`,
        firstName: patient.firstName,
        lastName: [patient.lastName, patient.secondLastName].filter(Boolean).join(' '),
        firstSurname: patient.lastName,
        secondSurname: patient.secondLastName,
        email: account.email,
        emailAlternative: patient.emailAlternative,
        birthDate: String(patient.birthDate).slice(0, 10),
        country: patient.country as CountryCode,
        legalIdentification: patient.legalIdentification,
        typeIdentification: patient.typeIdentification as IdentificationType,
        idPlanPatient: plan?.id ?? null,
        latestTermsAccepted: patient.latestTermsAccepted,
        gender,
        avatar: `/avatars/${gender.toLowerCase()}.svg`,
        status: patient.status,
        language: account.language as Language,
        startPeriod: expand.has('PERIOD') && plan ? String(plan.startPeriod) : null,
        endPeriod: expand.has('PERIOD') && plan ? String(plan.endPeriod) : null,
        address: patient.address ?? null,
        phone:
          patient.phoneCountry && patient.phoneNumber
            ? { country: patient.phoneCountry as CountryCode, phoneNumber: patient.phoneNumber }
            : null,
        phoneAlternative:
          patient.phoneCountry && patient.phoneAlternative
            ? { country: patient.phoneCountry as CountryCode, phoneNumber: patient.phoneAlternative }
            : null,
        planPatient: plan
          ? {
              id: plan.id,
              idSupportPlan: plan.supportPlanId,
              startPeriod: String(plan.startPeriod),
              endPeriod: String(plan.endPeriod),
              status: plan.status,
            }
          : null,
        ...(expand.has('CAREGIVER') && caregiver ? { caregiver: toCaregiverProfile(caregiver) } : {}),
      };
    },

    async emailExists(program: ProgramRow, email: string): Promise<boolean> {
      return Boolean(await repo.findAccountByEmail(db, await poolOf(program), email));
    },

    /**
     * Known, unknown and call-center accounts get the same work, so that the time of the answer tells nothing
     * (decision 013): the same reads, then one transaction that issues a link and queues its mail inside a
     * savepoint and writes the audit event. Only a known account's savepoint is kept; an unknown e-mail works
     * on the pool's decoy account and a call-center account on its own, and both roll the savepoint back.
     * The call-center answer (PTP00197) itself tells that the account exists: the spec requires it.
     */
    async requestRecovery(program: ProgramRow, email: string, language: Language): Promise<void> {
      const poolId = await poolOf(program);
      const found = await repo.findAccountByEmail(db, poolId, email);
      const account = found && found.email !== repo.RECOVERY_DECOY_EMAIL ? found : undefined;
      const subject = account ?? (await recoveryDecoyOf(poolId));
      const country = await repo.findPatientCountry(db, subject.id);
      const loginConfig = readProgramFile(
        config.PROGRAMS_DIR,
        program.slug,
        'configuration/login.json',
        LoginConfigSchema,
      );
      const isCallCenter = Boolean(
        account && country && loginConfig.callCenterRecoveryCountries.includes(country as CountryCode),
      );
      const keepsLink = Boolean(account) && !isCallCenter;
      const now = clock();
      await db.transaction(async (tx) => {
        await tx
          .transaction(async (sp) => {
            const link = await issuePasswordLink(sp, {
              userId: subject.id,
              programSlug: program.slug,
              language,
              now,
              config,
            });
            await enqueueMail(
              sp,
              {
                programId: program.id,
                kind: PASSWORD_RESET,
                recipient: subject.email,
                language,
                // The country picks the call-center phones the mail shows.
                payload: country ? { link, country } : { link },
              },
              mailOptions,
            );
            if (!keepsLink) throw DISCARD;
          })
          .catch((error: unknown) => {
            if (error !== DISCARD) throw error;
          });
        await recordAudit(tx, {
          programId: program.id,
          // The account whose recovery was asked for (the export's activity shows it); an unknown e-mail, a visitor.
          actor: account ? accountActor(account.id) : VISITOR,
          action: !account
            ? 'password-reset-unknown-email'
            : isCallCenter
              ? 'password-reset-call-center'
              : 'password-reset-requested',
          createdAt: now,
        });
      });
      if (keepsLink) onMailQueued?.();
      if (isCallCenter) {
        // Accounts of these countries recover through the call center (PTP00197), shown with its phones.
        const phones = readProgramFile(config.PROGRAMS_DIR, program.slug, 'phones/phones.json', PhonesSchema);
        throw new AppError('PTP00197', undefined, { country, phones: phones[country as CountryCode] ?? [] });
      }
    },

    /**
     * The account e-mail of a usable link (for 'Enter a new password for {0}'); RECOVERY_LINK_EXPIRED otherwise, with
     * why (used, replaced by a newer link, expired), so that a used link does not claim to have expired.
     */
    async verifyRecoveryLink(program: ProgramRow, nonce: string, signature: string): Promise<string> {
      const nonceHash = nonceHashOfSignedLink(config.signingKeys, 'recovery-link', nonce, signature);
      if (!nonceHash) throw linkRefused('EXPIRED');
      const poolId = await poolOf(program);
      const found = await repo.findUsableReset(db, nonceHash, clock());
      if (!found || found.poolId !== poolId) throw linkRefused(await repo.findResetRefusal(db, nonceHash, poolId));
      return found.email;
    },

    async resetPassword(program: ProgramRow, nonce: string, signature: string, password: string): Promise<void> {
      const nonceHash = nonceHashOfSignedLink(config.signingKeys, 'recovery-link', nonce, signature);
      if (!nonceHash) throw linkRefused('EXPIRED');
      const poolId = await poolOf(program);
      const found = await repo.findUsableReset(db, nonceHash, clock());
      if (!found || found.poolId !== poolId) throw linkRefused(await repo.findResetRefusal(db, nonceHash, poolId));
      const inputs = passwordUserInputs(found.email);
      await refuseCommonPassword(password, inputs, 'password', PASSWORD_TOO_WEAK_KEYS.account);
      const passwordHash = await passwords.hash(password);
      const now = clock();
      await db.transaction(async (t) => {
        // Single use is enforced here: of many simultaneous submissions, one gets the row.
        const consumed = await repo.consumeReset(t, nonceHash, now);
        if (!consumed) throw linkRefused('USED');
        await repo.updatePassword(t, consumed.userId, passwordHash, now);
        await repo.revokeAllSessions(t, consumed.userId, 'password-reset', now);
        await enqueueMail(
          t,
          {
            programId: program.id,
            kind: PASSWORD_CHANGED,
            recipient: found.email,
            language: found.language as Language,
            payload: {},
          },
          mailOptions,
        );
        await recordAudit(t, {
          programId: program.id,
          actor: accountActor(consumed.userId),
          action: 'password-reset',
          createdAt: now,
        });
      });
      onMailQueued?.();
      await lockout.reset(poolId, found.email);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
