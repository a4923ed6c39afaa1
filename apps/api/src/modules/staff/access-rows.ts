// Access rows of the staff API (test/access-matrix.ts): the way in is public on purpose (a set-up link, then e-mail and
// password, then the second factor); the rest is behind the staff door, each route with the roles it lets in, in the
// program of the request's host. The matrix tries each with every role in that program and in another, with no
// token, a forged one, a patient's token and a pharmacy's key; and every patient and pharmacy route with a staff token.
// The patient's view of the access log (decision 074) is behind the patient door. Booking on a patient's behalf is in
// booking/access-rows.ts, on that module's seeded appointments.
import { randomUUID } from 'node:crypto';
import type { Method, ModuleAccess, OwnedIds } from '../../test/access-matrix.ts';
import { enrolPatient } from '../../test/patients.ts';
import { enrolUnconfirmedPatient } from '../../test/staff.ts';

export const ACCESS: ModuleAccess = {
  publicRoutes: [
    'POST /api/v1/staff/setup/open',
    'POST /api/v1/staff/setup/finish',
    'POST /api/v1/staff/login',
    'POST /api/v1/staff/login/second-factor',
  ],
  staffRows: [
    { method: 'GET', path: '/api/v1/staff/me', roles: ['agent', 'nurse', 'manager', 'admin'] },
    { method: 'POST', path: '/api/v1/staff/logout', roles: 'any session', spendsTheCaller: true },
    // Finding a patient and opening their record (decision 074): agents and nurses only, never managers or admins.
    {
      method: 'POST',
      path: '/api/v1/staff/patients/search',
      roles: ['agent', 'nurse'],
      body: (owner) => ({ by: 'email', email: owner.email }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/open',
      url: (ids) => `/api/v1/staff/patients/${ids.patientId}/open`,
      roles: ['agent', 'nurse'],
      body: () => ({ reason: 'inbound-call' }),
    },
    // Actions on an opened record (decision 076): the caller's answers are the owner's own.
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/recovery',
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
        ['GET', 'actions'],
        ['POST', 'notes', () => ({ channel: 'phone-in', outcome: 'resolved', text: 'Llamó por su cita.' })],
        ['POST', 'coupon-links', () => ({ benefitId: 1205, delivery: 'show' })],
      ] as const
    ).map(([method, action, body]: readonly [Method, string, (() => unknown)?]) => ({
      method,
      path: `/api/v1/staff/patients/{id}/${action}`,
      url: (ids: OwnedIds) => `/api/v1/staff/patients/${ids.patientId}/${action}`,
      roles: ['agent', 'nurse'] as const,
      opensTheRecord: true,
      ...(body ? { body } : {}),
    })),
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/sessions/end',
      url: (ids) => `/api/v1/staff/patients/${ids.sessionsPatientId}/sessions/end`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      recordOf: (ids) => Number(ids.sessionsPatientId),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/patients/{id}/welcome',
      url: (ids) => `/api/v1/staff/patients/${ids.unconfirmedPatientId}/welcome`,
      roles: ['agent', 'nurse'],
      opensTheRecord: true,
      recordOf: (ids) => Number(ids.unconfirmedPatientId),
    },
    // Pre-registering a patient (decision 078): no record, no id.
    { method: 'GET', path: '/api/v1/staff/preregistrations/plans', roles: ['agent', 'nurse'] },
    {
      method: 'POST',
      path: '/api/v1/staff/preregistrations',
      roles: ['agent', 'nurse'],
      body: () => ({
        patient: { supportPlanId: 101, country: 'CR', email: `invited-${randomUUID().slice(0, 8)}@test.example` },
        language: 'es',
      }),
    },
    {
      method: 'POST',
      path: '/api/v1/staff/preregistrations/lookup',
      roles: ['agent', 'nurse'],
      body: (owner) => ({ email: owner.email }),
    },
  ],
  // The patient's own view of who at the program opened their record.
  patientRows: [{ method: 'GET', path: '/api/v1/user/access-log' }],
  seed: async (t, owner) => ({
    patientId: owner.patientId,
    sessionsPatientId: (await enrolPatient(t, 'alivio')).patientId,
    unconfirmedPatientId: (await enrolUnconfirmedPatient(t)).patientId,
  }),
};
