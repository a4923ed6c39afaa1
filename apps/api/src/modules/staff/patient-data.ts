// The staff directory's part of the patient's data. Its directory's tables are the program company's own people, their
// roles, set-up links, recovery codes, login steps and sessions (decision 068): no patient data. The access log
// (decision 074) is the patient's: the export shows it as the privacy centre does, and the purge keeps it, since it is
// the program's audit record of who saw the data, which the database itself refuses to change or delete. The
// interaction notes (decision 078) are the patient's too, clinical ones included: the export shows them all (the
// patient's right of access); the purge overwrites their texts and keeps when, how, by whom and the outcome, which
// hold no personal value and keep the program's figures of its calls whole.
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';
import { listAccessLogOfPatient } from './access-log.ts';
import { eraseNoteTexts, listAllNotesOfPatient } from './notes.ts';

export const STAFF_PATIENT_DATA = definePatientData({
  tables: {
    staffMember: {
      holds: 'no patient data',
      why: "the program company's staff directory (decision 068): a staff member's e-mail, names, status, password hash and sealed authenticator secret",
    },
    staffRole: { holds: 'no patient data', why: "a staff member's role in a program" },
    staffSetupLink: {
      holds: 'no patient data',
      why: "a staff member's set-up link: a nonce hash, times and a sealed authenticator secret",
    },
    staffRecoveryCode: { holds: 'no patient data', why: "a staff member's recovery codes: hashes and times" },
    staffLoginChallenge: {
      holds: 'no patient data',
      why: "a staff member's step between password and second factor: a nonce hash and times",
    },
    staffSession: { holds: 'no patient data', why: "a staff member's sessions: a token hash and times" },
    staffAccessLog: {
      holds: 'patient data',
      export: 'accessLog',
      purge: {
        kept: "the program's audit record of who opened the record, when and why (HIPAA 164.312(b)); append-only, the database refuses to change it, and it points at the kept, overwritten patient row",
      },
    },
    staffNote: { holds: 'patient data', export: 'interactionNotes', purge: 'overwritten' },
  },
  async export(db, { patientId }) {
    const rows = await listAccessLogOfPatient(db, patientId);
    return {
      interactionNotes: (await listAllNotesOfPatient(db, patientId)).map(datesAsText),
      accessLog: rows
        .filter((row) => row.what !== 'search')
        .map((row) => ({
          at: row.at.toISOString(),
          what: row.what,
          staffFirstName: row.firstName,
          staffRoles: row.roles,
          reason: row.reason,
          reasonText: row.reasonText,
        })),
    };
  },
  async purge(tx, erasure) {
    if (erasure.patient) await eraseNoteTexts(tx, erasure.patient.id);
  },
});
