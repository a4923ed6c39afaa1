// Finding a patient and opening their record (contract packages/contracts/src/staff-records.ts, decision 074): both
// are POSTs, so that the search's terms travel in the body and never in a URL, and nothing of them is cached by key.
import * as Contract from '@portal/contracts/staff-records';
import { StaffAssistedRecoveryResponseSchema, type StaffAssistedRecoveryBody } from '@portal/contracts/staff-recovery';
import { api } from '../../../lib/api.ts';
import { staffBearer, withStaffSession } from './staff-api.ts';

export type PatientSearchResult = ReturnType<typeof Contract.StaffPatientSearchResponseSchema.parse>['data'];
export type OpenedRecord = ReturnType<typeof Contract.StaffOpenRecordResponseSchema.parse>['data'];

export const searchPatients = (body: Contract.StaffPatientSearchBody) =>
  withStaffSession(() =>
    api.post('/api/v1/staff/patients/search', body, {
      ...staffBearer(),
      schema: Contract.StaffPatientSearchResponseSchema.shape.data,
    }),
  );

export const openRecord = (patientId: number, body: Contract.StaffOpenRecordBody) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/patients/${patientId}/open`, body, {
      ...staffBearer(),
      schema: Contract.StaffOpenRecordResponseSchema.shape.data,
    }),
  );

/** Assisted recovery (decision 076): the caller's answers and where the link goes; the server compares and sends. */
export const sendAssistedRecovery = (patientId: number, body: StaffAssistedRecoveryBody) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/patients/${patientId}/recovery`, body, {
      ...staffBearer(),
      schema: StaffAssistedRecoveryResponseSchema.shape.data,
    }),
  );
