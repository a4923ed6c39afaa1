// The staff access log's SQL (decision 074): insert and select, nothing else. The table is append-only: no code path
// updates or deletes a row, and migration 0019's trigger refuses UPDATE, DELETE and TRUNCATE in the database itself.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { StaffAccessKind, StaffAccessReason } from '@portal/contracts/staff-records';
import type { StaffRole } from '@portal/contracts/staff';
import { patient, program, staffAccessLog, staffMember, staffRole } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';

export interface AccessLogEntry {
  staffId: string;
  staffSessionId: string;
  programId: number;
  patientId: number | null;
  what: StaffAccessKind;
  reason: StaffAccessReason | null;
  reasonText: string | null;
  at: Date;
}

export async function insertAccessLogEntry(db: Executor, entry: AccessLogEntry): Promise<void> {
  await db.insert(staffAccessLog).values(entry);
}

/**
 * The record grant (decision 074): the reason with which this staff session last opened this patient's record (the
 * call in progress), or undefined when it has not opened it.
 */
export async function openedRecordGrant(
  db: Executor,
  staffSessionId: string,
  patientId: number,
): Promise<{ reason: StaffAccessReason; reasonText: string | null } | undefined> {
  const [row] = await db
    .select({ reason: staffAccessLog.reason, reasonText: staffAccessLog.reasonText })
    .from(staffAccessLog)
    .where(
      and(
        eq(staffAccessLog.staffSessionId, staffSessionId),
        eq(staffAccessLog.patientId, patientId),
        eq(staffAccessLog.what, 'record-opened'),
      ),
    )
    .orderBy(desc(staffAccessLog.id))
    .limit(1);
  return row && row.reason ? { reason: row.reason as StaffAccessReason, reasonText: row.reasonText } : undefined;
}

/**
 * The patient's entries, newest first, with the staff member's first name and their roles in the entry's program
 * (what the patient is told: never the member's e-mail or surname).
 */
export async function listAccessLogOfPatient(db: Executor, patientId: number) {
  const rows = await db
    .select({
      staffId: staffAccessLog.staffId,
      programId: staffAccessLog.programId,
      what: staffAccessLog.what,
      reason: staffAccessLog.reason,
      reasonText: staffAccessLog.reasonText,
      at: staffAccessLog.at,
      firstName: staffMember.firstName,
    })
    .from(staffAccessLog)
    .innerJoin(staffMember, eq(staffMember.id, staffAccessLog.staffId))
    .where(eq(staffAccessLog.patientId, patientId))
    .orderBy(desc(staffAccessLog.at), desc(staffAccessLog.id));
  const staffIds = [...new Set(rows.map((row) => row.staffId))];
  const roles = staffIds.length
    ? await db
        .select({ staffId: staffRole.staffId, programId: staffRole.programId, role: staffRole.role })
        .from(staffRole)
        .where(inArray(staffRole.staffId, staffIds))
        .orderBy(asc(staffRole.role))
    : [];
  return rows.map((row) => ({
    ...row,
    roles: roles
      .filter((held) => held.staffId === row.staffId && held.programId === row.programId)
      .map((held) => held.role as StaffRole),
  }));
}

/**
 * A member's latest entries in these programs, newest first, with the patient's name and identification (masked by
 * the caller) and the program: the admin's view (decision 077). `limit` + 1 rows tell whether there are more.
 */
export async function listAccessLogOfMember(db: Executor, staffId: string, programIds: number[], limit: number) {
  if (programIds.length === 0) return [];
  return db
    .select({
      at: staffAccessLog.at,
      what: staffAccessLog.what,
      reason: staffAccessLog.reason,
      reasonText: staffAccessLog.reasonText,
      programSlug: program.slug,
      programName: program.name,
      patientId: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      secondLastName: patient.secondLastName,
      typeIdentification: patient.typeIdentification,
      legalIdentification: patient.legalIdentification,
    })
    .from(staffAccessLog)
    .innerJoin(program, eq(program.id, staffAccessLog.programId))
    .leftJoin(patient, eq(patient.id, staffAccessLog.patientId))
    .where(and(eq(staffAccessLog.staffId, staffId), inArray(staffAccessLog.programId, programIds)))
    .orderBy(desc(staffAccessLog.at), desc(staffAccessLog.id))
    .limit(limit + 1);
}

/** How many records the member opened since `since` (the bulk-opening alert, decision 077). */
export async function countOpeningsSince(db: Executor, staffId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffAccessLog)
    .where(
      and(eq(staffAccessLog.staffId, staffId), eq(staffAccessLog.what, 'record-opened'), gt(staffAccessLog.at, since)),
    );
  return Number(row?.count ?? 0);
}
