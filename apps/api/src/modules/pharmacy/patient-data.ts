// The pharmacy's part of the patient's data: none. Its tables are the program's partner pharmacies and their keys;
// what a pharmacy records about a patient (purchases, free units) is the purchases module's.
import { definePatientData } from '../../platform/patient-data.ts';

export const PHARMACY_PATIENT_DATA = definePatientData({
  tables: {
    pharmacy: { holds: 'no patient data', why: "a program's partner pharmacy: name, chain, branch, country" },
    pharmacyApiKey: { holds: 'no patient data', why: "a pharmacy's API keys: hashes, a readable start and times" },
  },
});
