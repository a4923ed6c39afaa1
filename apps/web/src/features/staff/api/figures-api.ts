// The program's figures for its managers (contract packages/contracts/src/program-figures.ts, decision 081): one
// query per country and period; the answer holds counts only, suppressed on the server.
import { queryOptions } from '@tanstack/react-query';
import * as Contract from '@portal/contracts/program-figures';
import { api } from '../../../lib/api.ts';
import { staffBearer, withStaffSession } from './staff-api.ts';

export type ProgramFigures = Contract.ProgramFigures;

export const figuresQuery = (filter: { country?: string; from?: string; to?: string }) => {
  const query = new URLSearchParams();
  if (filter.country) query.set('country', filter.country);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  const search = query.toString();
  return queryOptions({
    queryKey: ['staff', 'figures', filter.country ?? '', filter.from ?? '', filter.to ?? ''],
    queryFn: () =>
      withStaffSession(() =>
        api.get(`/api/v1/staff/figures${search ? `?${search}` : ''}`, {
          ...staffBearer(),
          schema: Contract.ProgramFiguresResponseSchema.shape.data,
        }),
      ),
  });
};
