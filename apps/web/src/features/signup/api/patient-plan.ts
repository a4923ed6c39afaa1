// The support plan a signed-in patient is enrolled in, as the treatment steps need it: settings, medicines for the age.
import { useQuery } from '@tanstack/react-query';
import { todayIso } from '@portal/contracts/signup';
import { useUser } from '../../../lib/user.ts';
import { useProgram } from '../../../program/program-context.tsx';
import type { SignupPlan } from '../model.ts';
import { getFieldSettings, getPlanProducts } from './signup-api.ts';

export function usePatientPlan() {
  const { program, config } = useProgram();
  const user = useUser();
  const supportPlanId = user.data?.planPatient?.idSupportPlan;
  const birthDate = user.data?.birthDate;
  const settings = useQuery({
    queryKey: ['signup', 'field-settings', supportPlanId],
    queryFn: () => getFieldSettings(supportPlanId as number),
    enabled: supportPlanId !== undefined,
    staleTime: Infinity,
  });
  const products = useQuery({
    queryKey: ['signup', 'products', supportPlanId, birthDate],
    queryFn: () => getPlanProducts(supportPlanId as number, birthDate),
    enabled: supportPlanId !== undefined && birthDate !== undefined,
    staleTime: 60_000,
  });
  const summary = program.supportPlans.find((plan) => plan.id === supportPlanId);
  const plan: SignupPlan | undefined =
    summary && settings.data
      ? {
          id: summary.id,
          country: summary.country,
          name: summary.name,
          identificationTypes: config?.supportPlans.find((item) => item.id === summary.id)?.identificationTypes ?? ['IDENTIFICATION', 'PASSPORT'],
          fieldSettings: settings.data.fieldSettings,
        }
      : undefined;
  const isError = user.isError || settings.isError || products.isError;
  return {
    plan,
    products: products.data,
    birthDate,
    today: todayIso(),
    isPending: !isError && (!plan || !products.data || !birthDate),
    isError,
    retry: () => {
      if (user.isError) void user.refetch();
      if (settings.isError) void settings.refetch();
      if (products.isError) void products.refetch();
    },
  };
}
