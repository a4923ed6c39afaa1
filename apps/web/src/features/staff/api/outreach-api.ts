// The outreach list (contract packages/contracts/src/outreach.ts, decision 080): the list is a query read again after
// each claim and outcome; taking an entry and recording what the call came to are POSTs with ids in the path.
import { queryOptions } from '@tanstack/react-query';
import * as Contract from '@portal/contracts/outreach';
import { api } from '../../../lib/api.ts';
import { staffBearer, withStaffSession } from './staff-api.ts';

export type OutreachList = ReturnType<typeof Contract.OutreachListResponseSchema.parse>['data'];

export const outreachQuery = () =>
  queryOptions({
    queryKey: ['staff', 'outreach'],
    queryFn: () =>
      withStaffSession(() =>
        api.get('/api/v1/staff/outreach', {
          ...staffBearer(),
          schema: Contract.OutreachListResponseSchema.shape.data,
        }),
      ),
    // Other agents take entries: the list a member returns to is read again.
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const claimOutreachEntry = (patientId: number) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/outreach/${patientId}/claim`, undefined, {
      ...staffBearer(),
      schema: Contract.OutreachClaimResponseSchema.shape.data,
    }),
  );

export const recordOutreachOutcome = (patientId: number, body: Contract.OutreachOutcomeBody) =>
  withStaffSession(() =>
    api.post(`/api/v1/staff/outreach/${patientId}/outcome`, body, {
      ...staffBearer(),
      schema: Contract.OutreachOutcomeResponseSchema.shape.data,
    }),
  );
