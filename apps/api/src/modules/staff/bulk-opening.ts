// The bulk-opening alert (decision 077): a staff member who opens more than 50 records within an hour may be
// harvesting them, so the admins of the program they opened the last one in are mailed, once per member and hour. No
// table of its own: the alert is an audit event (`staff-bulk-opening-alerted`, at the app's clock) written with its
// mails in one transaction, and a later opening within the hour finds it and mails nobody. A transaction-scoped
// advisory lock on the member makes two openings at once decide one after the other.
import { and, eq, gt, sql } from 'drizzle-orm';
import { STAFF_BULK_OPENING_THRESHOLD, STAFF_BULK_OPENING_WINDOW_MS } from '@portal/contracts/staff-admin';
import { paths } from '@portal/contracts/paths';
import type { AppConfig } from '../../config.ts';
import { auditEvent, staffMember, staffRole } from '../../db/schema.ts';
import type { StaffActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import { countOpeningsSince } from './access-log.ts';
import { STAFF_BULK_OPENING } from './mails.ts';

export interface BulkOpeningDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_URL'>;
  /** Wakes the outbox worker after the alert's mails committed. */
  onMailQueued?: () => void;
}

/**
 * After an opening by this member: when they opened more than 50 records in the trailing hour and no alert about them
 * went out within it, mails the program's active admins. Answers whether it did.
 */
export async function alertBulkOpenings(
  deps: BulkOpeningDeps,
  member: { actor: StaffActor & { sessionId: string }; email: string; firstName: string; lastName: string },
  program: { id: number; slug: string },
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - STAFF_BULK_OPENING_WINDOW_MS);
  const staffId = member.actor.staffId;
  // Below the threshold (nearly always): one indexed count, no transaction.
  const count = await countOpeningsSince(deps.db, staffId, since);
  if (count <= STAFF_BULK_OPENING_THRESHOLD) return false;
  const subject = `staff:${staffId}`;
  const sent = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`staff-bulk-opening:${staffId}`}))`);
    const [already] = await tx
      .select({ id: auditEvent.id })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.action, 'staff-bulk-opening-alerted'),
          eq(auditEvent.subject, subject),
          gt(auditEvent.createdAt, since),
        ),
      )
      .limit(1);
    if (already) return false;
    const admins = await tx
      .select({ email: staffMember.email })
      .from(staffRole)
      .innerJoin(staffMember, eq(staffMember.id, staffRole.staffId))
      .where(and(eq(staffRole.programId, program.id), eq(staffRole.role, 'admin'), eq(staffMember.status, 'active')));
    const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
    for (const admin of admins) {
      if (admin.email === member.email) continue;
      await enqueueMail(
        tx,
        {
          programId: program.id,
          kind: STAFF_BULK_OPENING,
          recipient: admin.email,
          language: 'es', // the kind renders Spanish, then English (mails.ts); the link opens the Spanish console
          payload: {
            link: programPageUrl(deps.config.PUBLIC_URL, program.slug, 'es', paths.staffMembers(staffId)).toString(),
            memberName: name,
            memberEmail: member.email,
            count: String(count),
          },
        },
        { publicUrl: deps.config.PUBLIC_URL },
      );
    }
    await recordAudit(tx, {
      programId: program.id,
      actor: member.actor,
      action: 'staff-bulk-opening-alerted',
      subject,
      detail: { openings: count, admins: admins.length },
      createdAt: now,
    });
    return true;
  });
  if (sent) deps.onMailQueued?.();
  return sent;
}
