// The account e-mail changed on the patient's behalf (decision 076): an agent, after the caller answered who they are,
// changes the login e-mail to the one the caller dictates, because they lost the old mailbox. No confirmation link can
// reach a mailbox that is lost, so the change is at once; what keeps it safe is that the old address hears of it with
// a "this wasn't me" link, valid 30 days, that gives the address back, ends every session and voids the password links
// sent to the new one. The link is a row of email_change whose `newEmail` is the address to go back to, signed for its
// own purpose, so that the confirmation route of a patient's own change never accepts it.
import { EMAIL_CHANGE_NOT_ME_TTL_MS } from '@portal/contracts/staff-recovery';
import type { Language } from '@portal/contracts/enums';
import type { Actor } from '../../platform/actor.ts';
import { accountActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { issueSignedPageLink } from '../../platform/mail/render.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { nonceHashOfSignedLink, type SigningKeys } from '../../platform/crypto.ts';
import { revokeAllSessions, supersedeResets } from '../identity/public.ts';
import type { AppConfig } from '../../config.ts';
import * as repo from './repository.ts';
import { EMAIL_CHANGED_BY_STAFF_NOTICE } from './mails.ts';

/** The web page of the old address's link (public, both languages). */
export const EMAIL_NOT_ME_PAGE_PATH = '/email/not-me';

/**
 * Changes the account's login e-mail in the caller's transaction: EMAIL_ALREADY_REGISTERED (on `newEmail`) when the
 * pool has it, VALIDATION_FAILED when it is the same. Pending changes the patient asked for are superseded, every
 * session ends (whoever holds one may be who took the mailbox), and the old address gets its notice and link.
 */
export async function changeEmailOnBehalf(
  tx: Executor,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>,
  change: { program: ProgramRow; userId: string; newEmail: string; actor: Actor; now: Date },
): Promise<{ oldEmail: string }> {
  const { program, userId, newEmail, actor, now } = change;
  const account = await repo.findAccount(tx, userId);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.email === newEmail) throw new AppError('VALIDATION_FAILED', { newEmail: ['account.email.same'] });
  if (await repo.isEmailTaken(tx, account.poolId, newEmail))
    throw new AppError('EMAIL_ALREADY_REGISTERED', { newEmail: ['signup.email.alreadyRegistered'] });
  const language = account.language as Language;
  const link = issueSignedPageLink(
    config,
    'email-not-me-link',
    { slug: program.slug, language, path: EMAIL_NOT_ME_PAGE_PATH },
    { now, ttlMs: EMAIL_CHANGE_NOT_ME_TTL_MS },
  );
  await repo.supersedeEmailChanges(tx, userId, now);
  try {
    await repo.updateEmail(tx, userId, newEmail, now);
  } catch (error) {
    // Another account took the address at the same instant: the unique index lets one through.
    if (uniqueViolationOf(error) !== undefined)
      throw new AppError('EMAIL_ALREADY_REGISTERED', { newEmail: ['signup.email.alreadyRegistered'] });
    throw error;
  }
  // The way back: the address to return to, behind the old address's link.
  await repo.insertEmailChange(tx, { userId, newEmail: account.email, ...link.stored });
  await revokeAllSessions(tx, userId, 'email-changed-by-staff', now);
  await enqueueMail(
    tx,
    {
      programId: program.id,
      kind: EMAIL_CHANGED_BY_STAFF_NOTICE,
      recipient: account.email,
      language,
      payload: { link: link.url },
    },
    { publicUrl: config.PUBLIC_URL },
  );
  await recordAudit(tx, { programId: program.id, actor, action: 'email-changed', createdAt: now });
  return { oldEmail: account.email };
}

/**
 * The old address's "this wasn't me" (public: the link is the proof): the login e-mail goes back to it, every session
 * ends and the password links die. EMAIL_CHANGE_LINK_INVALID when the link is forged, used, superseded or expired, or
 * the old address was taken by another account meanwhile (EMAIL_ALREADY_REGISTERED).
 */
export async function restoreEmail(
  db: Db,
  keys: SigningKeys,
  program: ProgramRow,
  link: { n: string; s: string },
  now: Date,
): Promise<void> {
  const nonceHash = nonceHashOfSignedLink(keys, 'email-not-me-link', link.n, link.s);
  if (!nonceHash) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
  const poolId = await repo.findPoolId(db, program.id);
  try {
    await db.transaction(async (tx) => {
      const consumed = await repo.consumeEmailChange(tx, nonceHash, now);
      if (!consumed) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      const account = await repo.findAccount(tx, consumed.userId);
      if (!account || account.poolId !== poolId || account.status === 'DISABLED')
        throw new AppError('EMAIL_CHANGE_LINK_INVALID');
      if (account.email !== consumed.newEmail) {
        if (await repo.isEmailTaken(tx, poolId, consumed.newEmail)) throw new AppError('EMAIL_ALREADY_REGISTERED');
        await repo.updateEmail(tx, consumed.userId, consumed.newEmail, now);
      }
      await repo.supersedeEmailChanges(tx, consumed.userId, now);
      await supersedeResets(tx, consumed.userId, now);
      await revokeAllSessions(tx, consumed.userId, 'email-change-disowned', now);
      await recordAudit(tx, {
        programId: program.id,
        actor: accountActor(consumed.userId),
        action: 'email-change-disowned',
        createdAt: now,
      });
    });
  } catch (error) {
    if (uniqueViolationOf(error) !== undefined) throw new AppError('EMAIL_ALREADY_REGISTERED');
    throw error;
  }
}
