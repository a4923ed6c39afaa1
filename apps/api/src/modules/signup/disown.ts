// "This wasn't me": the welcome mail of an enrolment carries a signed link with which the owner of the address
// disables an enrolment someone else made with it, and frees the address for a sign-up of their own.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Language } from '@portal/contracts/enums';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { patient, session, userAccount } from '../../db/schema.ts';
import { findPoolId } from '../../platform/pool-lookups.ts';
import { recordAudit } from '../../platform/audit.ts';

/** The web page of the link (public routes, both languages). */
export const NOT_ME_PAGE_PATH = '/signup/not-me';
/** What links mailed before decision 035 signed with the secret itself (the purpose's own key separates them now). */
const LEGACY_SIGNATURE_CONTEXT = 'enrolment-not-me:';

/** n = the account id's 16 bytes in base64url (22 characters, the signed-link shape); s = its HMAC. */
function nonceOf(userId: string): string {
  return Buffer.from(userId.replaceAll('-', ''), 'hex').toString('base64url');
}
function userIdOf(nonce: string): string | undefined {
  const hex = Buffer.from(nonce, 'base64url').toString('hex');
  if (hex.length !== 32 || Buffer.from(hex, 'hex').toString('base64url') !== nonce) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The link for the welcome mail; built from configuration, never from the Host header. */
export function notMeLink(
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>,
  programSlug: string,
  language: Language,
  userId: string,
): string {
  const nonce = nonceOf(userId);
  const link = programPageUrl(config.PUBLIC_URL, programSlug, language, NOT_ME_PAGE_PATH);
  link.searchParams.set('n', nonce);
  link.searchParams.set('s', config.signingKeys.sign('not-me-link', nonce));
  return link.toString();
}

/** Where a disowned account's e-mail goes: unique, in the reserved .invalid domain, so the real address is free again. */
const disownedEmailOf = (userId: string) => `disowned-${userId}@disowned.invalid`;

/**
 * Disables the enrolment the link names and frees its address, in one transaction: the account DISABLED with a
 * placeholder e-mail, every session revoked, the patient INACTIVE, an audit event. Single use: the account
 * must still be enabled, so a second use (or a link of another program's pool) is ENROLMENT_LINK_INVALID.
 */
export async function disownEnrolment(
  db: Db,
  program: ProgramRow,
  link: { n: string; s: string },
  options: { config: Pick<AppConfig, 'signingKeys'>; now: Date },
): Promise<void> {
  const userId = userIdOf(link.n);
  const { signingKeys } = options.config;
  // Both computed every time: a link mailed before decision 035 answers as fast as a new one.
  const current = signingKeys.verify('not-me-link', link.n, link.s);
  const legacy = signingKeys.verifyLegacy(`${LEGACY_SIGNATURE_CONTEXT}${link.n}`, link.s);
  if (!userId || !(current || legacy)) throw new AppError('ENROLMENT_LINK_INVALID');
  const poolId = await findPoolId(db, program.id);
  const { now } = options;
  await db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(userAccount)
      .set({ status: 'DISABLED', email: disownedEmailOf(userId), updatedAt: now })
      .where(and(eq(userAccount.id, userId), eq(userAccount.poolId, poolId ?? -1), ne(userAccount.status, 'DISABLED')))
      .returning({ id: userAccount.id });
    if (!disabled) throw new AppError('ENROLMENT_LINK_INVALID');
    await tx
      .update(session)
      .set({ revokedAt: now, revokedReason: 'enrolment-disowned' })
      .where(and(eq(session.userId, userId), isNull(session.revokedAt)));
    await tx.update(patient).set({ status: 'INACTIVE' }).where(eq(patient.userId, userId));
    await recordAudit(tx, {
      programId: program.id,
      actorUserId: userId,
      action: 'enrolment-disowned',
      subject: `user:${userId}`,
      createdAt: now,
    });
  });
}
