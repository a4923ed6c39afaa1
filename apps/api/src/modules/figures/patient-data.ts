// The figures' part of the patient's data (decision 081): counts per country and month, none of a patient.
import { definePatientData } from '../../platform/patient-data.ts';

export const FIGURES_PATIENT_DATA = definePatientData({
  tables: {
    programFigure: {
      holds: 'no patient data',
      why: "the program's counts per country, month and category, suppressed when small; no patient's row",
    },
  },
});
