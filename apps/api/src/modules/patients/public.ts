// What other modules may use of the patient record (decision 064): its reads, and nothing else of this folder.
export {
  findCaregiverByIdentification,
  findPatientOfProgram,
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
  searchPatientsOfProgram,
  type PatientSearchTerm,
} from './records.ts';
