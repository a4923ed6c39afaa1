// What other modules may use of the patient record (decision 064): its reads, and nothing else of this folder.
export {
  findCaregiverByIdentification,
  findPoolId,
  findSupportPlan,
  HOLDER_STATUS_COLUMNS,
  identifiedBy,
  isEmailTaken,
  joinPlanHolder,
  liveTreatmentsOf,
  lockPlanRow,
} from './records.ts';
