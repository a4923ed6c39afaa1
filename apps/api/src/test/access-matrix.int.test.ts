// The access matrix: every route that takes an id of the patient's own data, tried with the ids of another
// patient of the same program and of another program, with a token of each pool and with none. Another
// patient's id is "not found" (never their data, never a change to it); a token of another pool, or none, is 401.
// A route added to the authenticated scope with an id in its path and missing here fails the last test.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { CaregiverGetResponseSchema } from '@portal/contracts/caregiver';
import { TreatmentsResponseSchema } from '@portal/contracts/treatments';
import { createTestApp, TEST_DB, type TestApp } from './app.ts';
import { callAs, enrolPatient, type TestPatient } from './patients.ts';
import { cedula } from './signup-bodies.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Owned {
  treatmentId: number;
  caregiverId: number;
}
interface MatrixRoute {
  method: Method;
  /** The OpenAPI path, e.g. /api/v1/treatments/{id}. */
  path: string;
  url: (ids: Owned) => string;
  /** A body the owner could send successfully. */
  body?: (owner: TestPatient) => unknown;
}

const caregiverBody = (number: string, country = 'CR') => ({
  relation: 'OTHER',
  firstName: 'Intruso',
  lastName: 'Prueba',
  identification: { type: country === 'CR' ? 'IDENTIFICATION' : 'PASSPORT', number },
  phone: country === 'CR' ? { country: 'CR', phoneNumber: '7000 9999' } : { country: 'TT', phoneNumber: '868 620 9999' },
});
const treatmentChange = {
  doctorAuthorized: true,
  treatment: { unitAmount: '1', frequency: { amount: 3, interval: 'day' }, duration: { amount: 1, interval: 'year' }, notStarted: true, doctor: { firstName: 'Otro', lastName: 'Médico' }, healthCenter: { name: 'Otro', type: 'PUBLIC' } },
};

export const MATRIX: MatrixRoute[] = [
  { method: 'GET', path: '/api/v1/treatments/{id}', url: (ids) => `/api/v1/treatments/${ids.treatmentId}` },
  { method: 'PUT', path: '/api/v1/treatments/{id}', url: (ids) => `/api/v1/treatments/${ids.treatmentId}`, body: () => treatmentChange },
  { method: 'DELETE', path: '/api/v1/treatments/{id}', url: (ids) => `/api/v1/treatments/${ids.treatmentId}`, body: () => ({ reason: 'COST' }) },
  { method: 'PUT', path: '/api/v1/caregiver/{id}', url: (ids) => `/api/v1/caregiver/${ids.caregiverId}`, body: (caller) => caregiverBody(caller.slug === 'alivio' ? cedula() : `TT${randomInt(1_000_000, 9_999_999)}`, caller.slug === 'alivio' ? 'CR' : 'TT') },
  { method: 'DELETE', path: '/api/v1/caregiver/{id}', url: (ids) => `/api/v1/caregiver/${ids.caregiverId}` },
];

let t: TestApp;
let owner: TestPatient;
let sameProgram: TestPatient;
let otherProgram: TestPatient;
let ownerIds: Owned;

async function snapshot(patient: TestPatient) {
  const treatments = TreatmentsResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/treatments')).json()).data;
  const caregiver = CaregiverGetResponseSchema.parse((await callAs(t, patient, 'GET', '/api/v1/caregiver')).json()).data;
  return { treatments, caregiver };
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', SIGNUP_PER_MINUTE: '1000' });
  owner = await enrolPatient(t, 'alivio');
  sameProgram = await enrolPatient(t, 'alivio');
  otherProgram = await enrolPatient(t, 'equilibrio');
  const added = await callAs(t, owner, 'POST', '/api/v1/caregiver', { ...caregiverBody(cedula()), firstName: 'Rosa', relation: 'DIRECT_FAMILY' });
  expect(added.statusCode, added.body).toBe(201);
  const { treatments, caregiver } = await snapshot(owner);
  ownerIds = { treatmentId: treatments.live[0]!.id, caregiverId: caregiver!.id };
});
afterAll(async () => t.close());

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code;

describe(`access matrix (${TEST_DB})`, () => {
  it.each(MATRIX.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: another patient of the program gets 404 and changes nothing', async (_name, route) => {
    const before = await snapshot(owner);
    const answer = await callAs(t, sameProgram, route.method, route.url(ownerIds), route.body?.(sameProgram));
    expect(answer.statusCode, answer.body).toBe(404);
    expect(codeOf(answer.body)).toBe('NOT_FOUND');
    expect(answer.body).not.toContain('Rosa');
    expect(await snapshot(owner)).toEqual(before);
  });

  it.each(MATRIX.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: a patient of another program gets 404 on its own host and 401 on the owner’s', async (_name, route) => {
    const before = await snapshot(owner);
    const ownHost = await callAs(t, otherProgram, route.method, route.url(ownerIds), route.body?.(otherProgram));
    expect(ownHost.statusCode, ownHost.body).toBe(404);
    const ownersHost = await callAs(t, { slug: 'alivio', authorization: otherProgram.authorization }, route.method, route.url(ownerIds), route.body?.(owner));
    expect(ownersHost.statusCode, ownersHost.body).toBe(401);
    expect(codeOf(ownersHost.body)).toBe('UNAUTHENTICATED');
    expect(await snapshot(owner)).toEqual(before);
  });

  it.each(MATRIX.map((route) => [`${route.method} ${route.path}`, route] as const))('%s: without a token (or with the owner’s token on another program) answers 401', async (_name, route) => {
    const before = await snapshot(owner);
    const anonymous = await callAs(t, { slug: 'alivio' }, route.method, route.url(ownerIds), route.body?.(owner));
    expect(anonymous.statusCode).toBe(401);
    const forged = await callAs(t, { slug: 'alivio', authorization: 'Bearer not-a-token' }, route.method, route.url(ownerIds), route.body?.(owner));
    expect(forged.statusCode).toBe(401);
    const crossPool = await callAs(t, { slug: 'equilibrio', authorization: owner.authorization }, route.method, route.url(ownerIds), route.body?.(owner));
    expect(crossPool.statusCode).toBe(401);
    expect(await snapshot(owner)).toEqual(before);
  });

  it('the owner reaches every route of the matrix (so a 404 above means "not yours", not "broken")', async () => {
    for (const route of MATRIX.filter((r) => r.method !== 'DELETE')) {
      const answer = await callAs(t, owner, route.method, route.url(ownerIds), route.body?.(owner));
      expect(answer.statusCode, `${route.method} ${route.path}: ${answer.body}`).toBe(200);
    }
  });

  it('lists every authenticated route with an id in its path', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const idBearing = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.length && /\{[^}]+\}/.test(path))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(idBearing.sort()).toEqual(MATRIX.map((route) => `${route.method} ${route.path}`).sort());
  });
});
