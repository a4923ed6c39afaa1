// Actions on an opened record and pre-registering (contract packages/contracts/src/staff-actions.ts, decision 078):
// ids in the path, a note's text and personal data only in bodies. The actions' panel is a query of its own, read
// again after each action without a new opening of the record.
import { queryOptions } from '@tanstack/react-query';
import * as Contract from '@portal/contracts/staff-actions';
import { api } from '../../../lib/api.ts';
import { staffBearer, withStaffSession } from './staff-api.ts';

const base = (patientId: number) => `/api/v1/staff/patients/${patientId}`;

export const recordActionsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['staff', 'record-actions', patientId],
    queryFn: () =>
      withStaffSession(() =>
        api.get(`${base(patientId)}/actions`, {
          ...staffBearer(),
          schema: Contract.StaffRecordActionsResponseSchema.shape.data,
        }),
      ),
    // The record is the call in progress: nothing of it outlives the screen.
    gcTime: 0,
    retry: false,
  });

export const addNote = (patientId: number, body: Contract.StaffNoteBody) =>
  withStaffSession(() =>
    api.post(`${base(patientId)}/notes`, body, {
      ...staffBearer(),
      schema: Contract.StaffNoteResponseSchema.shape.data,
    }),
  );

export const endSessions = (patientId: number) =>
  withStaffSession(() =>
    api.post(`${base(patientId)}/sessions/end`, undefined, {
      ...staffBearer(),
      schema: Contract.StaffEndSessionsResponseSchema.shape.data,
    }),
  );

export const resendWelcome = (patientId: number) =>
  withStaffSession(() =>
    api.post(`${base(patientId)}/welcome`, undefined, {
      ...staffBearer(),
      schema: Contract.StaffWelcomeResentResponseSchema.shape.data,
    }),
  );

export const issueCouponLink = (patientId: number, body: Contract.StaffCouponLinkBody) =>
  withStaffSession(() =>
    api.post(`${base(patientId)}/coupon-links`, body, {
      ...staffBearer(),
      schema: Contract.StaffCouponLinkResponseSchema.shape.data,
    }),
  );

export const supportPlansQuery = () =>
  queryOptions({
    queryKey: ['staff', 'support-plans'],
    queryFn: () =>
      withStaffSession(() =>
        api.get('/api/v1/staff/preregistrations/plans', {
          ...staffBearer(),
          schema: Contract.StaffSupportPlansResponseSchema.shape.data,
        }),
      ),
  });

export const preregister = (body: Contract.StaffPreregisterInput) =>
  withStaffSession(() =>
    api.post('/api/v1/staff/preregistrations', body, {
      ...staffBearer(),
      schema: Contract.StaffPreregisterResponseSchema.shape.data,
    }),
  );

export const lookupInvitations = (email: string) =>
  withStaffSession(() =>
    api.post(
      '/api/v1/staff/preregistrations/lookup',
      { email },
      { ...staffBearer(), schema: Contract.StaffInvitationLookupResponseSchema.shape.data },
    ),
  );
