// A caregiver's own login (issue 39, decision 092): the patient invites the registered caregiver, chooses the areas of
// their care the caregiver may act in, changes them or ends the access; the caregiver sets up their own password in the
// program's pool from a mailed link (one use, 7 days) and then logs in, recovers and is locked out as a patient is.
// The rules:
// - one live access per patient, and a caregiver's account looks after one patient only (the spec's rule): an e-mail
//   that is a patient's login, or another patient's caregiver's, is refused (CAREGIVER_ALREADY_REGISTERED);
// - ending the access ends every session of the caregiver in the same transaction: the session rows' change notifies
//   every instance's session cache (decision 031), as "log out everywhere" does;
// - an access granted for a minor ends by itself on the patient's 18th birthday in their country.
import type { Language } from '@portal/contracts/enums';
import {
  ADULT_DEFAULT_AREAS,
  CAREGIVER_INVITATION_TTL_MS,
  MINOR_DEFAULT_AREAS,
  type CareArea,
  type CaregiverAccessView,
} from '@portal/contracts/caregiver-access';
import { paths } from '@portal/contracts/paths';
import { PASSWORD_TOO_WEAK_KEYS, passwordUserInputs } from '@portal/contracts/password-rules';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import type { CaregiverActor } from '../../platform/actor.ts';
import type { CareCall, PatientScope } from '../../platform/patient-auth.ts';
import { recordAudit, recordScopeAudit } from '../../platform/audit.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { issueSignedPageLink } from '../../platform/mail/render.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { PasswordHashing } from '../../platform/passwords.ts';
import { refuseCommonPassword } from '../../platform/common-passwords.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { findPoolId } from '../patients/public.ts';
import { revokeAllSessions } from '../identity/public.ts';
import * as repo from './access-repository.ts';
import { isMinor, orderedAreas } from './areas.ts';
import { CAREGIVER_ACCESS_CAME_OF_AGE, CAREGIVER_INVITATION } from './mails.ts';

export interface CaregiverAccessDeps {
  db: Db;
  clock: () => Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  passwords: PasswordHashing;
  onMailQueued?: () => void;
}

const alreadyCares = () =>
  new AppError('CAREGIVER_ALREADY_REGISTERED', { _: ['caregiverAccess.errors.caresForAnother'] });
const invitationInvalid = () => new AppError('CAREGIVER_INVITATION_INVALID');

function viewOf(access: repo.CaregiverAccessRow, invitationExpiresAt: Date | null): CaregiverAccessView {
  return {
    id: access.id,
    status: access.acceptedAt ? 'active' : 'invited',
    email: access.email,
    firstName: access.firstName,
    areas: orderedAreas(access.areas),
    invitedAt: access.invitedAt.toISOString(),
    invitationExpiresAt: access.acceptedAt ? null : (invitationExpiresAt?.toISOString() ?? null),
    acceptedAt: access.acceptedAt?.toISOString() ?? null,
  };
}

export function createCaregiverAccessService({ db, clock, config, passwords, onMailQueued }: CaregiverAccessDeps) {
  const mailOptions = { publicUrl: config.PUBLIC_URL };

  /** A new invitation of the access (the older ones stop working), mailed to the caregiver in the patient's language. */
  async function invite(
    tx: Executor,
    program: Pick<ProgramRow, 'id' | 'slug'>,
    access: { id: number; email: string; firstName: string },
    patientFirstName: string,
    language: Language,
    now: Date,
  ): Promise<Date> {
    const link = issueSignedPageLink(
      config,
      'caregiver-invitation-link',
      { slug: program.slug, language, path: paths.caregiverInvitation },
      { now, ttlMs: CAREGIVER_INVITATION_TTL_MS },
    );
    await repo.supersedeInvitations(tx, access.id, now);
    await repo.insertInvitation(tx, {
      accessId: access.id,
      nonceHash: link.stored.nonceHash,
      expiresAt: link.stored.expiresAt,
      now,
    });
    await enqueueMail(
      tx,
      {
        programId: program.id,
        kind: CAREGIVER_INVITATION,
        recipient: access.email,
        language,
        payload: { link: link.url, patientName: patientFirstName, caregiverName: access.firstName },
      },
      mailOptions,
    );
    return link.stored.expiresAt;
  }

  /** Ends an access and every session of its caregiver, in the caller's transaction. */
  async function endIn(tx: Executor, access: repo.CaregiverAccessRow, now: Date) {
    await repo.supersedeInvitations(tx, access.id, now);
    if (access.userId) await revokeAllSessions(tx, access.userId, 'caregiver-access-ended', now);
  }

  return {
    async get(scope: PatientScope): Promise<CaregiverAccessView | null> {
      const found = await repo.findLiveOfPatient(db, scope.patientId);
      return found ? viewOf(found.access, found.invitationExpiresAt) : null;
    },

    /**
     * Invites the patient's registered caregiver (again, while the invitation is not used: the older one stops
     * working, and the areas given replace the ones chosen). Without areas, an adult's or a minor's defaults.
     */
    async invite(
      program: ProgramRow,
      { actor, scope }: CareCall,
      caregiverId: number,
      areas: readonly CareArea[] | undefined,
    ): Promise<CaregiverAccessView> {
      const registered = await repo.findCaregiverOf(db, scope.patientId);
      if (!registered || registered.id !== caregiverId) throw new AppError('NOT_FOUND');
      if (!registered.email) throw new AppError('CAREGIVER_EMAIL_REQUIRED');
      const email = registered.email.toLowerCase();
      const found = await repo.findLiveOfPatient(db, scope.patientId);
      if (found?.access.acceptedAt)
        throw new AppError('CAREGIVER_ALREADY_REGISTERED', { _: ['caregiverAccess.errors.alreadyActive'] });
      // A caregiver's account looks after one patient only; a patient's login is never a caregiver's.
      const account = await repo.findAccountOfEmail(db, scope.poolId, email);
      if (account && (account.isPatient || account.patientIds.some((id) => id !== scope.patientId)))
        throw alreadyCares();
      if (await repo.invitedByAnother(db, scope.programId, scope.patientId, email)) throw alreadyCares();
      const now = clock();
      const forMinor = isMinor(scope.birthDate, scope.country, now);
      const granted = orderedAreas(areas ?? (forMinor ? MINOR_DEFAULT_AREAS : ADULT_DEFAULT_AREAS));
      try {
        const view = await db.transaction(async (tx) => {
          const access = found
            ? (await repo.updateLive(tx, scope.patientId, {
                email,
                firstName: registered.firstName,
                areas: granted,
                invitedAt: now,
                updatedAt: now,
              }))!
            : await (async () => {
                await repo.insertAccess(tx, {
                  programId: scope.programId,
                  patientId: scope.patientId,
                  email,
                  firstName: registered.firstName,
                  areas: granted,
                  grantedForMinor: forMinor,
                  invitedAt: now,
                  createdAt: now,
                  updatedAt: now,
                });
                return (await repo.findLiveOfPatient(tx, scope.patientId))!.access;
              })();
          const expiresAt = await invite(tx, program, access, registered.patientFirstName, scope.language, now);
          await recordScopeAudit(tx, scope, actor, {
            action: 'caregiver-access-invited',
            subject: `caregiver-access:${access.id}`,
            detail: { areas: granted },
            createdAt: now,
          });
          return viewOf(access, expiresAt);
        });
        onMailQueued?.();
        return view;
      } catch (error) {
        // Two invitations of the same patient at once: the live-access index lets one through.
        if (uniqueViolationOf(error) === 'caregiver_access_live_patient_uq') throw alreadyCares();
        throw error;
      }
    },

    /** The areas the caregiver may act in, from their next call on (every call reads them). */
    async changeAreas(
      { actor, scope }: CareCall,
      id: number,
      areas: readonly CareArea[],
    ): Promise<CaregiverAccessView> {
      const now = clock();
      const granted = orderedAreas(areas);
      const access = await db.transaction(async (tx) => {
        const changed = await repo.updateLive(tx, scope.patientId, { areas: granted, updatedAt: now }, id);
        if (!changed) throw new AppError('NOT_FOUND');
        await recordScopeAudit(tx, scope, actor, {
          action: 'caregiver-access-changed',
          subject: `caregiver-access:${changed.id}`,
          detail: { areas: granted },
          createdAt: now,
        });
        return changed;
      });
      return viewOf(access, (await repo.findLiveOfPatient(db, scope.patientId))?.invitationExpiresAt ?? null);
    },

    /** Ends the access: the invitation stops working and every session of the caregiver ends, on every instance. */
    /** Ends the patient's live access (the one of `id` when given). */
    async end(
      { actor, scope }: CareCall,
      reason: 'by-patient' | 'caregiver-removed',
      id?: number,
      tx?: Executor,
    ): Promise<boolean> {
      const now = clock();
      const work = async (t: Executor) => {
        const ended = await repo.updateLive(
          t,
          scope.patientId,
          { endedAt: now, endedReason: reason, updatedAt: now },
          id,
        );
        if (!ended) return false;
        await endIn(t, ended, now);
        await recordScopeAudit(t, scope, actor, {
          action: 'caregiver-access-ended',
          subject: `caregiver-access:${ended.id}`,
          detail: { reason },
          createdAt: now,
        });
        return true;
      };
      return tx ? work(tx) : db.transaction(work);
    },

    /** The invitation's page: who invites and the address the login will be; CAREGIVER_INVITATION_INVALID otherwise. */
    async openInvitation(program: ProgramRow, nonce: string, signature: string) {
      if (!config.signingKeys.verify('caregiver-invitation-link', nonce, signature)) throw invitationInvalid();
      const found = await repo.findByInvitation(db, sha256(nonce), clock());
      if (!found || found.access.programId !== program.id) throw invitationInvalid();
      return {
        email: found.access.email,
        caregiverFirstName: found.access.firstName,
        patientFirstName: found.patientFirstName,
      };
    },

    /**
     * The caregiver's own password (the patients' rules, the caregiver's e-mail and names as their own inputs): the
     * invitation is used up, the account made in the program's pool (or, for a former caregiver of the same patient,
     * given the new password) and the access becomes active. The caregiver then logs in as anyone does.
     */
    async acceptInvitation(program: ProgramRow, nonce: string, signature: string, password: string) {
      const opened = await this.openInvitation(program, nonce, signature);
      await refuseCommonPassword(
        password,
        passwordUserInputs(opened.email, opened.caregiverFirstName),
        'password',
        PASSWORD_TOO_WEAK_KEYS.account,
      );
      const passwordHash = await passwords.hash(password);
      const poolId = await findPoolId(db, program.id);
      if (!poolId) throw invitationInvalid();
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          const accessId = await repo.consumeInvitation(tx, sha256(nonce), now);
          if (!accessId) throw invitationInvalid();
          const account = await repo.findAccountOfEmail(tx, poolId, opened.email);
          const accessRow = await repo.findAccessById(tx, accessId);
          if (!accessRow || accessRow.endedAt || accessRow.acceptedAt) throw invitationInvalid();
          if (account && (account.isPatient || account.patientIds.some((id) => id !== accessRow.patientId)))
            throw alreadyCares();
          let userId: string;
          if (account) {
            userId = account.id;
            await repo.setAccountPassword(tx, account.id, passwordHash, now);
          } else {
            userId = await repo.insertCaregiverAccount(tx, { poolId, email: opened.email, passwordHash });
          }
          await repo.acceptAccess(tx, accessId, userId, now);
          const caregiverActor: CaregiverActor = { kind: 'caregiver', userId, sessionId: null, accessId };
          await recordAudit(tx, {
            programId: program.id,
            actor: caregiverActor,
            action: 'caregiver-access-accepted',
            subject: `caregiver-access:${accessId}`,
            createdAt: now,
          });
        });
      } catch (error) {
        const constraint = uniqueViolationOf(error);
        if (constraint === 'user_account_pool_email_uq' || constraint === 'caregiver_access_live_user_uq')
          throw alreadyCares();
        throw error;
      }
      return { email: opened.email, ready: true as const };
    },

    /**
     * The coming-of-age round (a daily job): every access granted for a minor whose patient is 18 today in their
     * country ends, with the caregiver's sessions, and the patient is told the account is now theirs alone.
     */
    async endForPatientsOfAge(now: Date): Promise<number> {
      const candidates = await repo.liveForMinors(db);
      const due = candidates.filter((row) => !isMinor(String(row.birthDate).slice(0, 10), row.country, now));
      let ended = 0;
      for (const row of due) {
        await db.transaction(async (tx) => {
          const [access] = await repo.endAccesses(tx, [row.access.id], 'came-of-age', now);
          if (!access) return;
          ended += 1;
          await endIn(tx, access, now);
          const patientAccount = await repo.findPatientAccount(tx, access.patientId);
          if (patientAccount)
            await enqueueMail(
              tx,
              {
                programId: access.programId,
                kind: CAREGIVER_ACCESS_CAME_OF_AGE,
                recipient: patientAccount.email,
                language: patientAccount.language as Language,
                payload: { caregiverName: access.firstName },
              },
              mailOptions,
            );
          await recordAudit(tx, {
            programId: access.programId,
            actor: { kind: 'system', name: 'caregiver-access-came-of-age' },
            action: 'caregiver-access-ended',
            subject: `caregiver-access:${access.id}`,
            detail: { reason: 'came-of-age' },
            createdAt: now,
          });
        });
      }
      if (ended > 0) onMailQueued?.();
      return ended;
    },
  };
}

export type CaregiverAccessService = ReturnType<typeof createCaregiverAccessService>;
