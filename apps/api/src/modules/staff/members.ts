// Making a staff member and their set-up link (decisions 068 and 077): one definition for `npm run staff:add` and the
// admin's console. A member is inserted with their roles and a one-time set-up link (24 hours) on the host of their
// first role's program, mailed through the outbox in the caller's transaction; a reset of the second factor issues a
// fresh link the same way.
import { STAFF_SETUP_LINK_TTL_MS, type StaffRole } from '@portal/contracts/staff';
import { paths } from '@portal/contracts/paths';
import type { AppConfig } from '../../config.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { enqueueMail, type MailLanguage } from '../../platform/mail/outbox.ts';
import { issueSignedPageLink } from '../../platform/mail/render.ts';
import { STAFF_SETUP } from './mails.ts';
import * as repo from './repository.ts';

/** The page of the console where a set-up link opens (the web's route, decision 072). */
const STAFF_SETUP_PAGE = paths.staffSetup;

export interface SetupLinkDeps {
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  now: Date;
}

export interface IssuedSetupLink {
  url: string;
  expiresAt: Date;
}

/**
 * A fresh set-up link for the member (superseding any open one), mailed to them in the transaction given: the link
 * opens on the host of `program`.
 */
export async function issueSetupLink(
  tx: Executor,
  deps: SetupLinkDeps,
  member: { staffId: string; email: string },
  program: { id: number; slug: string },
  language: MailLanguage,
): Promise<IssuedSetupLink> {
  const link = issueSignedPageLink(
    deps.config,
    'staff-setup-link',
    { slug: program.slug, language, path: STAFF_SETUP_PAGE },
    { now: deps.now, ttlMs: STAFF_SETUP_LINK_TTL_MS },
  );
  await repo.insertSetupLink(tx, member.staffId, link.stored);
  await enqueueMail(
    tx,
    { programId: program.id, kind: STAFF_SETUP, recipient: member.email, language, payload: { link: link.url } },
    { publicUrl: deps.config.PUBLIC_URL },
  );
  return { url: link.url, expiresAt: link.stored.expiresAt };
}

/**
 * Adds a member with their roles and mails their set-up link, all in one transaction; the e-mail's unique index
 * refuses a second member of the same address (`staff_member_email_uq`, thrown to the caller).
 */
export async function addStaffMember(
  db: Db,
  deps: SetupLinkDeps,
  input: {
    email: string;
    roles: { programId: number; role: StaffRole }[];
    /** The program whose host the set-up link opens on (the first role's). */
    linkProgram: { id: number; slug: string };
    language: MailLanguage;
    actor: Actor;
  },
): Promise<{ staffId: string; link: IssuedSetupLink }> {
  return db.transaction(async (tx) => {
    const staffId = await repo.insertMember(tx, { email: input.email, roles: input.roles }, deps.now);
    const link = await issueSetupLink(
      tx,
      deps,
      { staffId, email: input.email.toLowerCase() },
      input.linkProgram,
      input.language,
    );
    await recordAudit(tx, {
      programId: null,
      actor: input.actor,
      action: 'staff-added',
      subject: `staff:${staffId}`,
      detail: { roles: input.roles.map(({ programId, role }) => `${role}:${programId}`) },
      createdAt: deps.now,
    });
    return { staffId, link };
  });
}
