// Enrolled, logged-in patients for the API tests: enrolled through the real sign-up, logged in through the real login.
import { randomInt } from 'node:crypto';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { SignupResponseSchema } from '@portal/contracts/signup';
import { DEMO_PASSWORD } from '../db/demo-seed.ts';
import { hostOf, type TestApp } from './app.ts';
import { alivioBody, equilibrioBody } from './signup-bodies.ts';

export interface TestPatient {
  slug: string;
  patientId: number;
  email: string;
  password: string;
  /** The Authorization header value. */
  authorization: string;
  body: Record<string, unknown>;
}

/** The limits of a test file that enrols and logs in many patients (each from its own address, all within a minute). */
export const MANY_PATIENTS_ENV = {
  LOGIN_PER_MINUTE: '1000',
  RATE_LIMIT_PER_MINUTE: '100000',
  SIGNUP_PER_MINUTE: '1000',
};

/** The catalogue error of an answer's body. */
export const errorOf = (body: unknown) => ErrorBodySchema.parse(body).error;

const anyIp = () => `10.${randomInt(100, 200)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

/** Enrols a patient of alivio (Costa Rica) or equilibrio (Trinidad and Tobago) and logs in. */
export async function enrolPatient(
  t: TestApp,
  slug: 'alivio' | 'equilibrio',
  overrides: Record<string, unknown> = {},
): Promise<TestPatient> {
  const body = slug === 'alivio' ? alivioBody(overrides) : equilibrioBody(overrides);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/v1/patient/signup',
    headers: { host: hostOf(slug) },
    remoteAddress: anyIp(),
    payload: body,
  });
  if (enrolled.statusCode !== 201) throw new Error(`enrolment failed: ${enrolled.statusCode} ${enrolled.body}`);
  const { patientId } = SignupResponseSchema.parse(enrolled.json()).data;
  const email = String(body.email);
  const password = String(body.password);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { host: hostOf(slug) },
    remoteAddress: anyIp(),
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = LoginResponseSchema.parse(login.json()).data;
  return { slug, patientId, email, password, authorization: `Bearer ${tokens.AccessToken}`, body };
}

/** An API call as a patient (or anonymous with `authorization: undefined`), on the patient's program host unless `slug` says otherwise. */
export function callAs(
  t: TestApp,
  who: { slug: string; authorization?: string | undefined },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { host: hostOf(who.slug), ...(who.authorization ? { authorization: who.authorization } : {}) },
    remoteAddress: anyIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Logs in a seeded demo patient of the program (`demo@<slug>.example` unless `email` says otherwise). */
export async function signInDemo(t: TestApp, slug: string, email = `demo@${slug}.example`) {
  const response = await callAs(t, { slug }, 'POST', '/api/v1/login', { email, password: DEMO_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`${email} did not log in: ${response.statusCode} ${response.body}`);
  return { slug, authorization: `Bearer ${LoginResponseSchema.parse(response.json()).data.AccessToken}` };
}
