// Access rows of the staff API (test/access-matrix.ts): the way in is public on purpose (a set-up link, then e-mail and
// password, then the second factor); the rest is behind the staff door, each route with the roles it lets in, in the
// program of the request's host. The matrix tries each with every role in that program and in another, with no
// token, a forged one, a patient's token and a pharmacy's key; and every patient and pharmacy route with a staff token.
// The patient's view of the access log (decision 074) is behind the patient door. Booking on a patient's behalf is in
// booking/access-rows.ts, on that module's seeded appointments.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { identityPool, outreachEntry, patient, pharmacyApiKey, userAccount } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import type { Method, ModuleAccess, OwnedIds } from '../../test/access-matrix.ts';
import { enrolPatient } from '../../test/patients.ts';
import { createTestPharmacy } from '../../test/pharmacy.ts';
import { addTestStaff, enrolUnconfirmedPatient } from '../../test/staff.ts';
import { findMemberByEmail } from './repository.ts';

/** `count` patients of alivio on its outreach list, written as the refresh writes them (their reasons are not read). */
async function listedPatients(t: TestApp, count: number): Promise<number[]> {
  const db = t.database.db;
  const programId = t.app.programs.get('alivio')!.id;
  const [pool] = await db
    .select({ id: identityPool.id })
    .from(identityPool)
    .where(eq(identityPool.programId, programId));
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const [account] = await db
      .insert(userAccount)
      .values({ poolId: pool!.id, email: `listed-${unique()}@test.example`, passwordHash: 'x', status: 'CONFIRMED' })
      .returning({ id: userAccount.id });
    const [row] = await db
      .insert(patient)
      .values({
        userId: account!.id,
        programId,
        firstName: 'Lista',
        lastName: 'Matriz',
        birthDate: '1970-01-01',
        gender: 'FEMALE',
        country: 'CR',
        typeIdentification: 'IDENTIFICATION',
        legalIdentification: `MATRIZ${unique()}`,
      })
      .returning({ id: patient.id });
    ids.push(row!.id);
  }
  await db.insert(outreachEntry).values(
    ids.map((patientId) => ({
      patientId,
      programId,
      country: 'CR',
      since: '2026-01-01',
      reasons: [
        { kind: 'no-first-purchase', episode: 'no-first-purchase', since: '2026-01-01', enrolledOn: '2026-01-01' },
      ],
      refreshedAt: t.app.clock(),
    })),
  );
  return ids;
}

const unique = () => randomBytes(4).toString('hex');

/**
 * The outreach list's entries the matrix takes and settles (decision 080): each call naming an entry names the next
 * one, so that a role let in finds it free; an outcome's opening is of the entry its call names (`recordOf` first).
 */
const outreach = { patients: [] as number[], turn: 0 };
const currentEntry = () => outreach.patients[outreach.turn % outreach.patients.length]!;
const nextEntry = () => outreach.patients[outreach.turn++ % outreach.patients.length]!;
const adminOnly = ['admin'] as const;

export const ACCESS: ModuleAccess = {
  publicRoutes: [
    'POST /api/v1/staff/setup/open',
    'POST /api/v1/staff/setup/finish',
    'POST /api/v1/staff/login',
    'POST /api/v1/staff/login/second-factor',
  ],
  staffRows: [
    {
      method: 'GET',
      path: '/api/v1/staff/me',
      roundTrips: 3,
      roles: ['agent', 'nurse', 'manager', 'admin'],
    },
    {
      method: 'POST',
      path: '/api/v1/staff/logout',
      roundTrips: 7,
      roles: 'any session',
      spendsTheCaller: true,
    },
    // Finding a patient and opening their record (decision 074): agents and nurses only, never managers or admins.
    {
      method: 'POST',
      path: '/api/v1/staff/patients/search',
      roundTrips: 5,
      roles: ['agent', 'nurse'],
      body: (owner) => ({ by: 'email', email: owner.email }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/open',
      roundTrips: 34,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/open`,
      roles: ['agent', 'nurse'],
      body: () => ({ reason: 'inbound-call' }),
    },
    // Actions on an opened record (decision 076): the caller's answers are the owner's own.
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/recovery',
      roundTrips: 16,
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/recovery`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      body: (owner) => ({
        sendTo: 'account-email',
        answers: {
          identificationNumber: (owner.body.identification as { number: string }).number,
          birthDate: owner.body.birthDate,
          third: { by: 'phone-last-four', digits: '0000' },
        },
      }),
    },
    // Actions on an opened record (decision 078). Ending sessions and resending the welcome act on patients of their
    // own (the owner's token must live on; a welcome needs an unconfirmed enrolment); the coupon link names the
    // program's general benefit for Costa Rica.
    ...(
      [
        ['GET', 'actions', 10],
        ['POST', 'notes', 11, () => ({ channel: 'phone-in', outcome: 'resolved', text: 'Llamó por su cita.' })],
        ['POST', 'coupon-links', 14, () => ({ benefitId: 1205, delivery: 'show' })],
      ] as const
    ).map(([method, action, roundTrips, body]: readonly [Method, string, number, (() => unknown)?]) => ({
      method,
      path: `/api/v1/staff/patients/{id}/${action}`,
      roundTrips,
      url: (ids: OwnedIds) => `/api/v1/staff/patients/${ids.patientId}/${action}`,
      roles: ['agent', 'nurse'] as const,
      opensTheRecord: true,
      ...(body ? { body } : {}),
    })),
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/sessions/end',
      roundTrips: 15,
      url: (ids) => `/api/v1/staff/patients/${ids.sessionsPatientId}/sessions/end`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      recordOf: (ids) => Number(ids.sessionsPatientId),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/welcome',
      roundTrips: 16,
      url: (ids) => `/api/v1/staff/patients/${ids.unconfirmedPatientId}/welcome`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      recordOf: (ids) => Number(ids.unconfirmedPatientId),
    },
    // Pre-registering a patient (decision 078): no record, no id.
    {
      method: 'GET',
      path: '/api/v1/staff/preregistrations/plans',
      roundTrips: 3,
      roles: ['agent', 'nurse'],
    },
    {
      method: 'POST',
      path: '/api/v1/staff/preregistrations',
      roundTrips: 13,
      roles: ['agent', 'nurse'],
      body: () => ({
        patient: { supportPlanId: 101, country: 'CR', email: `invited-${randomUUID().slice(0, 8)}@test.example` },
        language: 'es',
      }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/preregistrations/lookup',
      roundTrips: 4,
      roles: ['agent', 'nurse'],
      body: (owner) => ({ email: owner.email }),
    },
    // The outreach list (decision 080): agents and nurses of the host's program.
    { method: 'GET', path: '/api/v1/staff/outreach', roundTrips: 4, roles: ['agent', 'nurse'] },
    {
      method: 'POST',
      path: '/api/v1/staff/outreach/{patientId}/claim',
      roundTrips: 5,
      url: () => `/api/v1/staff/outreach/${nextEntry()}/claim`,
      roles: ['agent', 'nurse'],
    },
    {
      method: 'POST',
      path: '/api/v1/staff/outreach/{patientId}/outcome',
      roundTrips: 12,
      url: () => `/api/v1/staff/outreach/${nextEntry()}/outcome`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      recordOf: () => currentEntry(),
      body: () => ({ outcome: 'wrong-number' }),
    },
    // The admin's side (decision 077): admins of the host's program only; members and pharmacies of alivio.
    { method: 'GET', path: '/api/v1/staff/admin/members', roundTrips: 4, roles: adminOnly },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/members',
      roundTrips: 15,
      roles: adminOnly,
      body: () => ({ email: `matrix-${unique()}@example.com`, roles: [{ program: 'alivio', role: 'agent' }] }),
    },
    {
      method: 'GET',
      path: '/api/v1/staff/admin/members/{id}',
      roundTrips: 4,
      url: (ids) => `/api/v1/staff/admin/members/${ids.memberId}`,
      roles: adminOnly,
    },
    {
      method: 'PUT',
      path: '/api/v1/staff/admin/members/{id}/roles',
      roundTrips: 12,
      url: (ids) => `/api/v1/staff/admin/members/${ids.memberId}/roles`,
      roles: adminOnly,
      body: () => ({ roles: [{ program: 'alivio', role: 'agent' }] }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/members/{id}/disable',
      roundTrips: 12,
      url: (ids) => `/api/v1/staff/admin/members/${ids.memberToDisable}/disable`,
      roles: adminOnly,
    },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/members/{id}/enable',
      roundTrips: 11,
      url: (ids) => `/api/v1/staff/admin/members/${ids.memberToDisable}/enable`,
      roles: adminOnly,
    },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/members/{id}/reset-second-factor',
      roundTrips: 16,
      url: (ids) => `/api/v1/staff/admin/members/${ids.memberToReset}/reset-second-factor`,
      roles: adminOnly,
      body: () => ({ language: 'es' }),
    },
    {
      method: 'GET',
      path: '/api/v1/staff/admin/members/{id}/access-log',
      roundTrips: 5,
      url: (ids) => `/api/v1/staff/admin/members/${ids.memberId}/access-log`,
      roles: adminOnly,
    },
    { method: 'GET', path: '/api/v1/staff/admin/pharmacies', roundTrips: 4, roles: adminOnly },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/pharmacies',
      roundTrips: 10,
      roles: adminOnly,
      body: () => ({ name: `Farmacia matriz ${unique()}`, country: 'CR' }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/pharmacies/{id}/keys',
      roundTrips: 11,
      url: (ids) => `/api/v1/staff/admin/pharmacies/${ids.staffPharmacyId}/keys`,
      roles: adminOnly,
    },
    {
      method: 'POST',
      path: '/api/v1/staff/admin/pharmacies/{id}/keys/{keyId}/revoke',
      roundTrips: 9,
      url: (ids) => `/api/v1/staff/admin/pharmacies/${ids.staffPharmacyId}/keys/${ids.staffKeyId}/revoke`,
      roles: adminOnly,
    },
  ],
  // The patient's own view of who at the program opened their record.
  patientRows: [{ method: 'GET', path: '/api/v1/user/access-log', roundTrips: 3 }],
  seed: async (t, owner) => {
    const idOf = async (roles: string[]) => {
      const { email } = await addTestStaff(t, roles);
      return (await findMemberByEmail(t.database.db, email))!.id;
    };
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const [key] = await t.database.db
      .select({ id: pharmacyApiKey.id })
      .from(pharmacyApiKey)
      .where(eq(pharmacyApiKey.prefix, counter.prefix));
    outreach.patients = await listedPatients(t, 40);
    return {
      patientId: owner.patientId,
      sessionsPatientId: (await enrolPatient(t, 'alivio')).patientId,
      unconfirmedPatientId: (await enrolUnconfirmedPatient(t)).patientId,
      memberId: await idOf(['agent:alivio']),
      memberToDisable: await idOf(['agent:alivio']),
      memberToReset: await idOf(['nurse:alivio']),
      staffPharmacyId: counter.pharmacyId,
      staffKeyId: key!.id,
    };
  },
};
