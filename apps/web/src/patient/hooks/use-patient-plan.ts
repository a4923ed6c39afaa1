// The support plan as the treatment and caregiver questions need it (settings, identification types), and the plan a
// signed-in patient is enrolled in with the medicines for their age: my care, the caregiver, and the rooms to come.
import { useQuery } from '@tanstack/react-query';
import type { IdentificationType } from '@portal/contracts/enums';
import type { PlanProduct } from '@portal/contracts/patient-fields';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { RegionQuery } from '../../components/ui/query-region.tsx';
import { useUser } from '../../lib/user.ts';
import { useProgram } from '../../program/program-context.tsx';
import { fieldSettingsQuery, planProductsQuery } from '../api/plan-api.ts';
import type { PatientPlan } from '../model.ts';

/** A types list for a plan whose file names none. */
const DEFAULT_IDENTIFICATION_TYPES: PatientPlan['identificationTypes'] = ['IDENTIFICATION', 'PASSPORT'];

/** One support plan of the program with its field settings (undefined until they have loaded). */
export function useSupportPlan(supportPlanId: number | undefined) {
  const { program, config } = useProgram();
  const settings = useQuery(fieldSettingsQuery(supportPlanId));
  const summary = program.supportPlans.find((plan) => plan.id === supportPlanId);
  const plan: PatientPlan | undefined =
    summary && settings.data
      ? {
          id: summary.id,
          country: summary.country,
          name: summary.name,
          identificationTypes:
            config?.supportPlans.find((item) => item.id === summary.id)?.identificationTypes ??
            DEFAULT_IDENTIFICATION_TYPES,
          fieldSettings: settings.data.fieldSettings,
        }
      : undefined;
  return { plan, settings };
}

export interface PatientPlanData {
  plan: PatientPlan;
  /** The medicines the plan offers at the patient's age. */
  products: PlanProduct[];
  /** YYYY-MM-DD */
  birthDate: string;
  /** YYYY-MM-DD: the date rules' reference. */
  today: string;
  /** The patient's own identification (their caregiver may not have the same). */
  identification: { type: IdentificationType; number: string };
}

/**
 * The signed-in patient's plan, the medicines it offers at their age and what the questions check against, as one
 * query for a QueryRegion: data once all has loaded, Try again fetches again what failed.
 */
export function usePatientPlan(): RegionQuery<PatientPlanData> {
  const user = useUser();
  const supportPlanId = user.data?.planPatient?.idSupportPlan;
  const birthDate = user.data?.birthDate;
  const { plan, settings } = useSupportPlan(supportPlanId);
  const products = useQuery(planProductsQuery(supportPlanId, birthDate));
  const parts = [user, settings, products];
  return {
    data:
      plan && products.data && user.data && birthDate
        ? {
            plan,
            products: products.data,
            birthDate,
            today: todayInCountry(plan.country),
            identification: {
              type: user.data.typeIdentification as IdentificationType,
              number: user.data.legalIdentification,
            },
          }
        : undefined,
    isError: parts.some((part) => part.isError),
    isFetching: parts.some((part) => part.isFetching),
    refetch: () => parts.filter((part) => part.isError).forEach((part) => void part.refetch()),
  };
}
