// The coupon link's part of the patient's data (decision 047): the call center's record of the links it issued, ids
// and times only, neither shown in the export nor touched by the purge.
import { definePatientData } from '../../platform/patient-data.ts';

export const COUPON_PATIENT_DATA = definePatientData({
  tables: {
    couponLink: {
      holds: 'patient data',
      export: { omitted: "the call center's record of the coupon links it issued: ids and times, no personal value" },
      purge: { kept: 'ids and times, no personal value; the account is disabled, so its links no longer open' },
    },
  },
});
