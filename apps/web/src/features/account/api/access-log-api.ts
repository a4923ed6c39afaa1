// The patient's view of the staff access log (decision 074): who at the program opened their record, when and why.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PatientAccessLogResponseSchema } from '@portal/contracts/staff-records';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session-hooks.ts';

export const accessLogQuery = () =>
  queryOptions({
    queryKey: ['access-log'],
    queryFn: () => api.get('/api/v1/user/access-log', { schema: PatientAccessLogResponseSchema.shape.data }),
  });

export function useAccessLog() {
  const session = useSession();
  return useQuery({ ...accessLogQuery(), enabled: Boolean(session) });
}
