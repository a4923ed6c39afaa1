// The web's error reports hold no patient data: their table's coverage says why.
import { definePatientData } from '../../platform/patient-data.ts';

export const CLIENT_LOG_PATIENT_DATA = definePatientData({
  tables: {
    clientLog: {
      holds: 'no patient data',
      why: "the web's error reports: a message and a context the web's code writes, never a form's values, and no account id",
    },
  },
});
