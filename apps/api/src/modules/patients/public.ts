// What other modules may use of the patient record (decision 064): its reads, and nothing else of this folder.
export {
  findCaregiverByIdentification,
  findPatientOfAccount,
  findPoolId,
  findSupportPlan,
  HOLDER_STATUS_COLUMNS,
  identifiedBy,
  isEmailTaken,
  joinPlanHolder,
  listPlanIdsOfPatient,
  liveTreatmentsOf,
  lockPlanRow,
  ofPatientPlans,
} from './records.ts';
