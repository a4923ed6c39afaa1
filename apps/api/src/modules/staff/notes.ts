// Interaction notes (decision 078): insert and select, nothing else; no route changes or deletes a note. A nurse's
// clinical note is read by nurses only: the filter is in the query, so an agent's answer never holds one. A note's text
// is never logged (the request body is not logged, and nothing here writes a log line).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { StaffNote, StaffNoteChannel, StaffNoteOutcome } from '@portal/contracts/staff-actions';
import type { StaffRole } from '@portal/contracts/staff';
import { staffMember, staffNote, staffRole } from '../../db/schema.ts';
import type { Executor } from '../../platform/db.ts';

export interface NewNote {
  programId: number;
  patientId: number;
  staffId: string;
  channel: StaffNoteChannel;
  outcome: StaffNoteOutcome;
  text: string;
  clinical: boolean;
  createdAt: Date;
}

export async function insertNote(db: Executor, note: NewNote): Promise<number> {
  const [row] = await db.insert(staffNote).values(note).returning({ id: staffNote.id });
  return row!.id;
}

/** The patient's notes in the program, newest first; clinical ones only when `withClinical`. */
export async function listNotesOfPatient(
  db: Executor,
  programId: number,
  patientId: number,
  { withClinical }: { withClinical: boolean },
): Promise<StaffNote[]> {
  const rows = await db
    .select({
      id: staffNote.id,
      staffId: staffNote.staffId,
      at: staffNote.createdAt,
      channel: staffNote.channel,
      outcome: staffNote.outcome,
      text: staffNote.text,
      clinical: staffNote.clinical,
      firstName: staffMember.firstName,
    })
    .from(staffNote)
    .innerJoin(staffMember, eq(staffMember.id, staffNote.staffId))
    .where(
      and(
        eq(staffNote.programId, programId),
        eq(staffNote.patientId, patientId),
        withClinical ? undefined : eq(staffNote.clinical, false),
      ),
    )
    .orderBy(desc(staffNote.createdAt), desc(staffNote.id));
  const staffIds = [...new Set(rows.map((row) => row.staffId))];
  const roles = staffIds.length
    ? await db
        .select({ staffId: staffRole.staffId, role: staffRole.role })
        .from(staffRole)
        .where(and(inArray(staffRole.staffId, staffIds), eq(staffRole.programId, programId)))
    : [];
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    channel: row.channel,
    outcome: row.outcome,
    text: row.text,
    clinical: row.clinical,
    author: {
      firstName: row.firstName,
      roles: roles.filter((held) => held.staffId === row.staffId).map((held) => held.role as StaffRole),
    },
  }));
}

/** Every note of the patient, clinical ones included: the patient's own export (their right of access). */
export async function listAllNotesOfPatient(db: Executor, patientId: number) {
  return db
    .select({
      at: staffNote.createdAt,
      channel: staffNote.channel,
      outcome: staffNote.outcome,
      text: staffNote.text,
      clinical: staffNote.clinical,
      staffFirstName: staffMember.firstName,
    })
    .from(staffNote)
    .innerJoin(staffMember, eq(staffMember.id, staffNote.staffId))
    .where(eq(staffNote.patientId, patientId))
    .orderBy(desc(staffNote.createdAt), desc(staffNote.id));
}

/** The purge's step: the texts are overwritten; when, how, by whom and the outcome stay, with no personal value. */
export async function eraseNoteTexts(db: Executor, patientId: number): Promise<void> {
  await db.update(staffNote).set({ text: '' }).where(eq(staffNote.patientId, patientId));
}
