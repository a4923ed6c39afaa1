// Valid sign-up payloads for the API tests, the browser tests and the bench: each call makes a new person (e-mail, identification, idempotency key).
import { randomInt, randomUUID } from 'node:crypto';
import { curpCheckDigit } from '@portal/contracts/identification-numbers';
import { alivioTreatment, treatmentBody } from '@portal/contracts/test/sample-bodies';

export const cedula = () => `${randomInt(1, 8)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
export const uniqueEmail = () => `new-${randomUUID().slice(0, 8)}@test.example`;

// The contracts' tests check the same treatment.
export { alivioTreatment };

/** A complete, valid enrolment in alivio's Costa Rica plan (101): an adult, no weight step, second surname required. */
export function alivioBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    idempotencyKey: randomUUID(),
    supportPlanId: 101,
    language: 'es',
    country: 'CR',
    email: uniqueEmail(),
    identification: { type: 'IDENTIFICATION', number: cedula() },
    personalInfo: { firstName: 'Lucía', lastName: 'Quesada', secondSurname: 'Mora', gender: 'FEMALE' },
    birthDate: '1985-03-14',
    contact: { phone: { country: 'CR', phoneNumber: '8800-1234' }, phoneAlternative: '', emailAlternative: '' },
    address: { line: 'De la iglesia 200 m al norte, casa 12', location: { id: 'CR-san-jose-escazu' } },
    password: 'Primera-clave-9',
    consent: { accepted: true, termsVersion: '3.1' },
    treatments: [alivioTreatment()],
    ...overrides,
  };
}

/** What makes an alivio enrolment a minor's (born 2014, a minor's identification, the children's medicine 1102): the plan
 * then asks for a caregiver. Overrides for `alivioBody`. */
export function alivioMinor(): Record<string, unknown> {
  return {
    birthDate: '2014-02-01',
    identification: { type: 'TYPE_MINOR', number: `M${randomInt(10_000_000, 99_999_999)}` },
    treatments: [
      alivioTreatment({
        productId: 1102,
        duration: { amount: 3, interval: 'month' },
        healthCenter: { name: 'Hospital de Niños', type: 'PUBLIC' },
      }),
    ],
  };
}

/** A caregiver for a minor's alivio enrolment (Rosa Mora, direct family, a Costa Rican phone), by the identification given. */
export const alivioCaregiver = (number: string, overrides: Record<string, unknown> = {}) => ({
  relation: 'DIRECT_FAMILY',
  firstName: 'Rosa',
  lastName: 'Mora',
  identification: { type: 'IDENTIFICATION', number },
  phone: { country: 'CR', phoneNumber: '+506 7000 1111' },
  email: '',
  ...overrides,
});

/** A treatment of piel's Costa Rica plan (204) (Plaquexa 45 mg, 2101), started, at a public hospital. */
export const pielTreatment = (overrides: Record<string, unknown> = {}) =>
  treatmentBody(2101, {
    frequency: { amount: 1, interval: 'month' },
    startDate: '2026-11-01',
    healthCenter: { name: 'Hospital México', type: 'PUBLIC' },
    ...overrides,
  });

/** piel's Costa Rica plan (204): alivio's Costa Rican person, piel's terms, and a patient with no custom-therapy code. */
export function pielBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return alivioBody({
    supportPlanId: 204,
    consent: { accepted: true, termsVersion: '2.4' },
    treatments: [pielTreatment({ customTherapy: { hasCode: false } })],
    ...overrides,
  });
}

/** piel's Mexico plan (201): a CURP of someone born on 12 March 1985 (new each call, its check digit computed), that birth date. */
export function pielMexicoBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const consonants = Array.from({ length: 3 }, () => 'BCDFGHJKLMNPQRSTVWXYZ'[randomInt(0, 21)]).join('');
  const first17 = `GOMA850312MDF${consonants}${randomInt(0, 10)}`;
  return alivioBody({
    supportPlanId: 201,
    country: 'MX',
    identification: { type: 'IDENTIFICATION', number: `${first17}${curpCheckDigit(first17)}` },
    personalInfo: { firstName: 'Ana', lastName: 'Gómez', gender: 'FEMALE' },
    birthDate: '1985-03-12',
    contact: { phone: { country: 'MX', phoneNumber: '5512345678' } },
    address: { line: 'Avenida Juárez 120', location: { id: 'MX-jalisco-guadalajara' } },
    consent: { accepted: true, termsVersion: '2.4' },
    treatments: [
      treatmentBody(2101, {
        startDate: '2026-11-01',
        doctor: { firstName: 'Ricardo', lastName: 'Salinas' },
        customTherapy: { hasCode: false },
      }),
    ],
    ...overrides,
  });
}

/** equilibrio's Trinidad and Tobago plan (301): weight required (lb), no second surname, no health-center step. */
export function equilibrioBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    idempotencyKey: randomUUID(),
    supportPlanId: 301,
    language: 'en',
    country: 'TT',
    email: uniqueEmail(),
    identification: { type: 'PASSPORT', number: `TT${randomInt(1_000_000, 9_999_999)}` },
    personalInfo: { firstName: 'Kevin', lastName: 'Ramdial', gender: 'MALE' },
    weight: { value: 180, unit: 'lb' },
    birthDate: '1970-06-01',
    contact: { phone: { country: 'TT', phoneNumber: '868 620 1234' } },
    address: { line: '12 Frederick Street', location: { id: 'TT-tobago-scarborough' } },
    password: 'First-password-9',
    consent: { accepted: true, termsVersion: '1.7' },
    treatments: [
      treatmentBody(3101, {
        unitAmount: '20',
        startDate: '2026-10-01',
        doctor: { firstName: 'Anil', lastName: 'Persad' },
      }),
    ],
    ...overrides,
  };
}
