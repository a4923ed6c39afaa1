// The admin's staff API as the console calls it (contract packages/contracts/src/staff-admin.ts, decision 077): the
// staff members of the admin's programs, one member's access log, and the host program's pharmacies and keys. The
// links and keys answered once are never cached by a query: they come back from the mutations only.
import { queryOptions } from '@tanstack/react-query';
import * as Contract from '@portal/contracts/staff-admin';
import { api } from '../../../lib/api.ts';
import { staffBearer, withStaffSession } from './staff-api.ts';

export type StaffMember = Contract.StaffMember;
export type PharmacyView = Contract.PharmacyView;

export const membersQuery = () =>
  queryOptions({
    queryKey: ['staff', 'admin', 'members'],
    queryFn: () =>
      withStaffSession(() =>
        api.get('/api/v1/staff/admin/members', {
          ...staffBearer(),
          schema: Contract.StaffMembersResponseSchema.shape.data,
        }),
      ),
    retry: false,
  });

export const memberLogQuery = (id: string) =>
  queryOptions({
    queryKey: ['staff', 'admin', 'members', id, 'log'],
    queryFn: () =>
      withStaffSession(() =>
        api.get(`/api/v1/staff/admin/members/${id}/access-log`, {
          ...staffBearer(),
          schema: Contract.StaffMemberLogResponseSchema.shape.data,
        }),
      ),
    retry: false,
  });

export const pharmaciesQuery = () =>
  queryOptions({
    queryKey: ['staff', 'admin', 'pharmacies'],
    queryFn: () =>
      withStaffSession(() =>
        api.get('/api/v1/staff/admin/pharmacies', {
          ...staffBearer(),
          schema: Contract.StaffPharmaciesResponseSchema.shape.data,
        }),
      ),
    retry: false,
  });

export const addMember = (body: Contract.StaffAddMemberBody) =>
  withStaffSession(() =>
    api.post('/api/v1/staff/admin/members', body, {
      ...staffBearer(),
      schema: Contract.StaffAddMemberResponseSchema.shape.data,
    }),
  );

export const setRoles = (id: string, body: Contract.StaffSetRolesBody) =>
  withStaffSession(() =>
    api.put(`/api/v1/staff/admin/members/${id}/roles`, body, {
      ...staffBearer(),
      schema: Contract.StaffSetRolesResponseSchema.shape.data,
    }),
  );

export const disableMember = (id: string) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/admin/members/${id}/disable`, undefined, {
      ...staffBearer(),
      schema: Contract.StaffDisableResponseSchema.shape.data,
    }),
  );

export const enableMember = (id: string) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/admin/members/${id}/enable`, undefined, {
      ...staffBearer(),
      schema: Contract.StaffEnableResponseSchema.shape.data,
    }),
  );

export const resetSecondFactor = (id: string, language: 'es' | 'en') =>
  withStaffSession(() =>
    api.post(
      `/api/v1/staff/admin/members/${id}/reset-second-factor`,
      { language },
      { ...staffBearer(), schema: Contract.StaffResetSecondFactorResponseSchema.shape.data },
    ),
  );

export const addPharmacy = (body: Contract.StaffAddPharmacyBody) =>
  withStaffSession(() =>
    api.post('/api/v1/staff/admin/pharmacies', body, {
      ...staffBearer(),
      schema: Contract.StaffPharmacyResponseSchema.shape.data,
    }),
  );

export const issueKey = (pharmacyId: number) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/admin/pharmacies/${pharmacyId}/keys`, undefined, {
      ...staffBearer(),
      schema: Contract.StaffIssuedKeyResponseSchema.shape.data,
    }),
  );

export const revokeKey = (pharmacyId: number, keyId: number) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/admin/pharmacies/${pharmacyId}/keys/${keyId}/revoke`, undefined, {
      ...staffBearer(),
      schema: Contract.StaffPharmacyResponseSchema.shape.data,
    }),
  );
