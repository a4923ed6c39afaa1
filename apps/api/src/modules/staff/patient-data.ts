// The staff directory's part of the patient's data: none. Its tables are the program company's own people, their
// roles, set-up links, recovery codes, login steps and sessions (decision 068); what staff do with a patient's record
// will be the access log's, which the patient reads.
import { definePatientData } from '../../platform/patient-data.ts';

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
  },
});
