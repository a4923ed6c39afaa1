// The treatments domain's calls: the list, add, modify (with the doctor's authorisation) and delete (with a reason).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TreatmentInputBody } from '@portal/contracts/patient-fields';
import {
  TreatmentResponseSchema,
  TreatmentsResponseSchema,
  type DeleteTreatmentBody,
} from '@portal/contracts/treatments';
import { api } from '../../../lib/api.ts';

export const treatmentsQuery = () =>
  queryOptions({
    queryKey: ['treatments'],
    queryFn: () => api.get('/api/v1/treatments', { schema: TreatmentsResponseSchema.shape.data }),
    staleTime: 60_000,
  });

/** A treatment as the sign-up sends it (the server applies the patient's plan to it). */
type NewTreatment = TreatmentInputBody;
type TreatmentChange = Omit<NewTreatment, 'productId'>;

export function useAddTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTreatment) =>
      api.post('/api/v1/treatments', body, { schema: TreatmentResponseSchema.shape.data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treatmentsQuery().queryKey }),
  });
}

export function useModifyTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, treatment }: { id: number; treatment: TreatmentChange }) =>
      api.put(
        `/api/v1/treatments/${id}`,
        { doctorAuthorized: true, treatment },
        { schema: TreatmentResponseSchema.shape.data },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treatmentsQuery().queryKey }),
  });
}

export function useDeleteTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DeleteTreatmentBody }) =>
      api.delete(`/api/v1/treatments/${id}`, { body, schema: TreatmentResponseSchema.shape.data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treatmentsQuery().queryKey }),
  });
}
