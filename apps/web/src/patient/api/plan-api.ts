// The patient's support plan as the server states it: its field settings, the medicines it offers at an age, and the
// dose check. One queryOptions factory per endpoint: the enrolment, my care and the later rooms read the same cache.
import { queryOptions } from '@tanstack/react-query';
import { FieldSettingsResponseSchema } from '@portal/contracts/resources';
import {
  DosageCheckResponseSchema,
  PlanProductsResponseSchema,
  type DosageCheckBody,
} from '@portal/contracts/patient-fields';
import { api } from '../../lib/api.ts';

/** A plan's settings change only with a new program release: read once per page load. */
export const fieldSettingsQuery = (supportPlanId: number | undefined) =>
  queryOptions({
    queryKey: ['plan', supportPlanId, 'field-settings'],
    queryFn: () =>
      api.get(`/api/v1/support/plan/${supportPlanId}/field-settings`, {
        schema: FieldSettingsResponseSchema.shape.data,
      }),
    enabled: supportPlanId !== undefined,
    staleTime: Infinity,
  });

/** The medicines a plan offers to a patient born on birthDate (all of them without one). */
export const getPlanProducts = (supportPlanId: number, birthDate?: string) =>
  api.get(`/api/v1/support/plan/${supportPlanId}/products`, {
    query: { birthDate },
    schema: PlanProductsResponseSchema.shape.data,
  });

export const planProductsQuery = (supportPlanId: number | undefined, birthDate: string | undefined) =>
  queryOptions({
    queryKey: ['plan', supportPlanId, 'products', birthDate],
    queryFn: () => getPlanProducts(supportPlanId as number, birthDate),
    enabled: supportPlanId !== undefined && birthDate !== undefined,
    staleTime: 60_000,
  });

/** The plan's medicines for any age (before the birth date is known): the wizard counts its steps ahead with them. */
export const planProductsAnyAgeQuery = (supportPlanId: number | undefined) =>
  queryOptions({
    queryKey: ['plan', supportPlanId, 'products', 'any age'],
    queryFn: () => getPlanProducts(supportPlanId as number),
    enabled: supportPlanId !== undefined,
    staleTime: 60_000,
  });

export async function isDoseApproved(body: DosageCheckBody): Promise<boolean> {
  return (await api.post('/api/v1/treatment/dosage/check', body, { schema: DosageCheckResponseSchema.shape.data }))
    .approved;
}
