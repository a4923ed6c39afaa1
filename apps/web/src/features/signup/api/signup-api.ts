// The enrolment's own calls: checks (e-mail, identification), citizen register, invitation, sign-up (the plan's
// settings, products and places are the patient layer's: patient/api).
import { queryOptions } from '@tanstack/react-query';
import { EmailCheckResponseSchema } from '@portal/contracts/identity';
import {
  CitizenResponseSchema,
  IdentificationCheckResponseSchema,
  PreregistrationResponseSchema,
  SignupResponseSchema,
  type PreregistrationLink,
  type SignupBody,
} from '@portal/contracts/signup';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import { api } from '../../../lib/api.ts';

export async function isEmailRegistered(email: string): Promise<boolean> {
  return (await api.get('/api/v1/cognito/check', { query: { email }, schema: EmailCheckResponseSchema.shape.data }))
    .exists;
}

export async function isIdentificationRegistered(
  supportPlanId: number,
  type: IdentificationType,
  number: string,
  country: CountryCode,
): Promise<boolean> {
  const path = `/api/v1/plan/${supportPlanId}/patient/identification/${encodeURIComponent(number)}/type/${type}/country/${country}/check`;
  return (await api.get(path, { schema: IdentificationCheckResponseSchema.shape.data })).registered;
}

/** The citizen register (Costa Rica): the person's data, or undefined when the register does not know the number. */
export async function lookUpCitizen(type: IdentificationType, number: string) {
  try {
    return await api.get(`/api/v1/citizen/${type}/${encodeURIComponent(number)}`, {
      schema: CitizenResponseSchema.shape.data,
    });
  } catch {
    return undefined;
  }
}

/** What the program holds of the patient an invitation names (v=ppr); PREREGISTRATION_LINK_INVALID when it is not usable. */
const openPreregistration = (link: PreregistrationLink) =>
  api.post('/api/v1/patient/preregistration', link, { schema: PreregistrationResponseSchema.shape.data });

/** The invitation's held data, read once (an invitation is not read again: it may be used up meanwhile). */
export const preregistrationQuery = (link: PreregistrationLink | undefined) =>
  queryOptions({
    queryKey: ['preregistration', link?.n],
    queryFn: () => openPreregistration(link as PreregistrationLink),
    enabled: link !== undefined,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const submitSignup = (body: SignupBody) =>
  api.post('/api/v1/patient/signup', body, { schema: SignupResponseSchema.shape.data });
