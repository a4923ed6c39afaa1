// The patient record (decision 064): the reads of patients, plans and accounts that the other modules share, and its
// part of the patient's data (the patient and the plans). No routes of its own yet: the staff console's patient search
// (issue 35) will be its first.
import { defineModule } from '../../platform/module.ts';
import { PATIENTS_PATIENT_DATA } from './patient-data.ts';

export const patientsModule = defineModule({
  name: 'patients',
  patientData: PATIENTS_PATIENT_DATA,
  build: () => ({}),
});
