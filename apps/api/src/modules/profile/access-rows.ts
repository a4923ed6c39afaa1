// Access rows of the profile (test/access-matrix.ts): the caller changes its own profile (read back by identity's rows).
import type { ModuleAccess } from '../../test/access-matrix.ts';

const change = {
  firstName: 'Intrusa',
  lastName: 'Prueba',
  secondSurname: 'Mora',
  gender: 'FEMALE',
  language: 'es',
  emailAlternative: null,
  phone: { country: 'CR', phoneNumber: '+506 8800 9999' },
  phoneAlternative: null,
  address: { line: 'Calle 5, casa 20', location: { id: 'CR-san-jose-escazu' } },
};

export const ACCESS: ModuleAccess = {
  patientRows: [
    { method: 'PUT', path: '/api/v1/user', roundTrips: 7, body: () => change },
    { method: 'PUT', path: '/api/v1/user/language', roundTrips: 7, body: () => ({ language: 'es' }) },
    { method: 'GET', path: '/api/v1/user/notices', roundTrips: 2 },
    {
      method: 'PUT',
      path: '/api/v1/user/notices',
      roundTrips: 7,
      body: () => ({ channel: 'sms', reminders: false, refillReminders: false }),
    },
  ],
};
