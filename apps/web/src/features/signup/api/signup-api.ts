// The enrolment calls: field settings, checks (e-mail, identification, dose), citizen register, places, products, sign-up.
import { EmailCheckResponseSchema } from '@portal/contracts/identity';
import { FieldSettingsResponseSchema } from '@portal/contracts/resources';
import {
  CitizenResponseSchema,
  DosageCheckResponseSchema,
  IdentificationCheckResponseSchema,
  LocationSearchResponseSchema,
  PlanProductsResponseSchema,
  PreregistrationResponseSchema,
  SignupResponseSchema,
  type DosageCheckBody,
  type PreregistrationLink,
  type SignupBody,
} from '@portal/contracts/signup';
import type { CountryCode, IdentificationType, Language } from '@portal/contracts/enums';
import { api } from '../../../lib/api.ts';

export const getFieldSettings = (supportPlanId: number) =>
  api.get(`/api/v1/support/plan/${supportPlanId}/field-settings`, { schema: FieldSettingsResponseSchema.shape.data });

export const getPlanProducts = (supportPlanId: number, birthDate?: string) =>
  api.get(`/api/v1/support/plan/${supportPlanId}/products`, { query: { birthDate }, schema: PlanProductsResponseSchema.shape.data });

export async function isEmailRegistered(email: string): Promise<boolean> {
  return (await api.get('/api/v1/cognito/check', { query: { email }, schema: EmailCheckResponseSchema.shape.data })).exists;
}

export async function isIdentificationRegistered(supportPlanId: number, type: IdentificationType, number: string, country: CountryCode): Promise<boolean> {
  const path = `/api/v1/plan/${supportPlanId}/patient/identification/${encodeURIComponent(number)}/type/${type}/country/${country}/check`;
  return (await api.get(path, { schema: IdentificationCheckResponseSchema.shape.data })).registered;
}

/** The citizen register (Costa Rica): the person's data, or undefined when the register does not know the number. */
export async function lookUpCitizen(type: IdentificationType, number: string) {
  try {
    return await api.get(`/api/v1/citizen/${type}/${encodeURIComponent(number)}`, { schema: CitizenResponseSchema.shape.data });
  } catch {
    return undefined;
  }
}

export async function isDoseApproved(body: DosageCheckBody): Promise<boolean> {
  return (await api.post('/api/v1/treatment/dosage/check', body, { schema: DosageCheckResponseSchema.shape.data })).approved;
}

export const searchLocations = (country: CountryCode, q: string, lang: Language) =>
  api.get('/api/v1/resource/locations', { query: { country, q, lang }, schema: LocationSearchResponseSchema.shape.data });

/** What the program holds of the patient an invitation names (v=ppr); PREREGISTRATION_LINK_INVALID when it is not usable. */
export const openPreregistration = (link: PreregistrationLink) =>
  api.post('/api/v1/patient/preregistration', link, { schema: PreregistrationResponseSchema.shape.data });

export const submitSignup = (body: SignupBody) => api.post('/api/v1/patient/signup', body, { schema: SignupResponseSchema.shape.data });
