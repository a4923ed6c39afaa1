// "This wasn't me": the welcome mail of an enrolment carries a signed link with which the owner of the address
// disables an enrolment someone else made with it, and frees the address and the identification for an enrolment of
// their own (decision 042).
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { ACCOUNT_CLOSURE_GRACE_MS } from '@portal/contracts/account';
import type { Language } from '@portal/contracts/enums';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import {
  caregiver,
  emailChange,
  enrolmentNotMeLink,
  outbox,
  passwordReset,
  patient,
  session,
  userAccount,
} from '../../db/schema.ts';
import { findPoolId } from '../patients/public.ts';
import { VISITOR } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import { issueSignedNonce, safeEqual, sha256, type SigningKeys } from '../../platform/crypto.ts';
import { supersedeOpenLinks } from '../../platform/single-use-links.ts';

/** The web page of the link (public routes, both languages). */
export const NOT_ME_PAGE_PATH = '/signup/not-me';
/** How long the link of a welcome mail can be used. */
export const NOT_ME_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A disowned enrolment's patient status: its identification no longer counts as registered (the unique index leaves it out). */
export const DISOWNED_PATIENT_STATUS = 'DISOWNED';

/**
 * The account as the welcome mail found it: a keyed hash of its login e-mail and password hash. Any change of either
 * (an e-mail change, a new password, a recovery) gives another fingerprint, and the link is refused.
 */
function fingerprintAccount(keys: SigningKeys, account: { email: string; passwordHash: string }): string {
  return keys.sign('not-me-link', `account-state\n${account.email}\n${account.passwordHash}`);
}

/**
 * Records a link for the welcome mail of a new account, in the enrolment's transaction, and answers its URL: built
 * from configuration, never from the Host header. n is a random nonce (only its hash is stored), s its HMAC.
 */
export async function issueNotMeLink(
  db: Executor,
  options: {
    config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
    programSlug: string;
    language: Language;
    account: { id: string; email: string; passwordHash: string };
    now: Date;
  },
): Promise<string> {
  const { config, account, now } = options;
  const { nonce, signature, nonceHash } = issueSignedNonce(config.signingKeys, 'not-me-link');
  await db.insert(enrolmentNotMeLink).values({
    userId: account.id,
    nonceHash,
    accountFingerprint: fingerprintAccount(config.signingKeys, account),
    expiresAt: new Date(now.getTime() + NOT_ME_LINK_TTL_MS),
    createdAt: now,
  });
  const link = programPageUrl(config.PUBLIC_URL, options.programSlug, options.language, NOT_ME_PAGE_PATH);
  link.searchParams.set('n', nonce);
  link.searchParams.set('s', signature);
  return link.toString();
}

/** Where a disowned account's e-mail goes: unique, in the reserved .invalid domain, so the real address is free again. */
const disownedEmailOf = (userId: string) => `disowned-${userId}@disowned.invalid`;

/**
 * Disables the enrolment the link names and frees its address and identification, in one transaction: the link used
 * up, the account DISABLED with a placeholder e-mail and an erasure date, every session revoked, its open links
 * superseded, the patient DISOWNED, its caregiver removed, its mails moved to the placeholder address, an audit event.
 *
 * ENROLMENT_LINK_INVALID, telling nothing more, for a link that is forged, of the old shape (the account id, before
 * decision 042), unknown, used, expired, of another program's pool, of an account already disabled, or of an account
 * whose login e-mail or password changed since the mail was written.
 */
export async function disownEnrolment(
  db: Db,
  program: ProgramRow,
  link: { n: string; s: string },
  options: { config: Pick<AppConfig, 'signingKeys'>; now: Date },
): Promise<void> {
  const { signingKeys } = options.config;
  // Only the purpose's own key: no link of the old shape has a row, and none is honoured (decision 042).
  if (!signingKeys.verify('not-me-link', link.n, link.s)) throw new AppError('ENROLMENT_LINK_INVALID');
  const nonceHash = sha256(link.n);
  const poolId = await findPoolId(db, program.id);
  const { now } = options;
  await db.transaction(async (tx) => {
    // Used up first, in one UPDATE ... RETURNING: of simultaneous openings only one gets the row. Any refusal below
    // rolls the use back (a link opened on another program's host stays usable on its own).
    const [used] = await tx
      .update(enrolmentNotMeLink)
      .set({ usedAt: now })
      .where(
        and(
          eq(enrolmentNotMeLink.nonceHash, nonceHash),
          isNull(enrolmentNotMeLink.usedAt),
          gt(enrolmentNotMeLink.expiresAt, now),
        ),
      )
      .returning({ userId: enrolmentNotMeLink.userId, accountFingerprint: enrolmentNotMeLink.accountFingerprint });
    if (!used) throw new AppError('ENROLMENT_LINK_INVALID');
    const [account] = await tx
      .select({ email: userAccount.email, passwordHash: userAccount.passwordHash, status: userAccount.status })
      .from(userAccount)
      .where(and(eq(userAccount.id, used.userId), eq(userAccount.poolId, poolId ?? -1)))
      .for('update');
    if (
      !account ||
      account.status === 'DISABLED' ||
      !safeEqual(fingerprintAccount(signingKeys, account), used.accountFingerprint)
    )
      throw new AppError('ENROLMENT_LINK_INVALID');

    const userId = used.userId;
    const placeholder = disownedEmailOf(userId);
    await tx
      .update(userAccount)
      .set({
        status: 'DISABLED',
        email: placeholder,
        eraseAfter: new Date(now.getTime() + ACCOUNT_CLOSURE_GRACE_MS),
        updatedAt: now,
      })
      .where(eq(userAccount.id, userId));
    await tx
      .update(session)
      .set({ revokedAt: now, revokedReason: 'enrolment-disowned' })
      .where(and(eq(session.userId, userId), isNull(session.revokedAt)));
    await supersedeOpenLinks(tx, passwordReset, userId, now);
    await supersedeOpenLinks(tx, emailChange, userId, now);
    const [disowned] = await tx
      .update(patient)
      .set({ status: DISOWNED_PATIENT_STATUS, updatedAt: now })
      .where(eq(patient.userId, userId))
      .returning({ id: patient.id });
    // The caregiver came with the enrolment the address's owner disowns: its identification is free again too.
    if (disowned) await tx.delete(caregiver).where(eq(caregiver.patientId, disowned.id));
    // The account's mails move to its placeholder address, where the purge finds them: the real address may hold a
    // real enrolment from now on, whose mails are its own. An invitation mail belongs to the invitation; one still
    // waiting is not sent.
    const ownMails = and(
      eq(outbox.programId, program.id),
      eq(outbox.recipient, account.email),
      ne(outbox.kind, 'preregistration'),
    );
    await tx
      .update(outbox)
      .set({ status: 'FAILED', lastError: 'enrolment disowned' })
      .where(and(ownMails, eq(outbox.status, 'PENDING')));
    await tx.update(outbox).set({ recipient: placeholder }).where(ownMails);
    await recordAudit(tx, {
      programId: program.id,
      // Whoever holds the welcome mail says the enrolment is not theirs: not the account's patient acting.
      actor: VISITOR,
      action: 'enrolment-disowned',
      subject: `user:${userId}`,
      createdAt: now,
    });
  });
}
