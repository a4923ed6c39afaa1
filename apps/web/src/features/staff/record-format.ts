// How the console names what a record holds: a patient's status, an opening's reason, a caregiver's relation.
// The text keys are written out, for the programs' text checker (countries are lib/format.ts's countryName).
import type { StaffAccessReason } from '@portal/contracts/staff-records';

/** A patient's status: ACTIVE, DISOWNED ("this wasn't me"), ERASED; another (a new one) as the API says it. */
export function statusKeyOf(status: string): string {
  switch (status) {
    case 'ACTIVE':
      return 'staff.records.status.active';
    case 'DISOWNED':
      return 'staff.records.status.disowned';
    case 'ERASED':
      return 'staff.records.status.erased';
    default:
      return 'staff.records.status.other';
  }
}

export const REASON_KEYS: Record<StaffAccessReason, string> = {
  'inbound-call': 'staff.records.reason.inboundCall',
  'outbound-adherence-call': 'staff.records.reason.outboundAdherenceCall',
  'patient-email': 'staff.records.reason.patientEmail',
  'pharmacy-query': 'staff.records.reason.pharmacyQuery',
  other: 'staff.records.reason.other',
};

/** A caregiver's relation, named as the sign-up asks it. */
export const RELATION_KEYS: Partial<Record<string, string>> = {
  DIRECT_FAMILY: 'signup.caregiver.relation.directFamily',
  INDIRECT_FAMILY: 'signup.caregiver.relation.indirectFamily',
  OTHER: 'signup.caregiver.relation.other',
};
