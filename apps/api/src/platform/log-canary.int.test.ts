// Canary: the calls that carry personal data run with distinctive values while every log line is captured;
// none of the values may appear in the logs, whatever the call answered.
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountCodeResponseSchema } from '@portal/contracts/benefits';
import { ErrorBodySchema } from '@portal/contracts/errors';
import { LoginResponseSchema } from '@portal/contracts/identity';
import { userAccount } from '../db/schema.ts';
import { createTestPharmacy, pharmacyCall } from '../test/pharmacy.ts';
import { createTestApp, hostOf, TEST_DB, type TestApp } from '../test/app.ts';
import { callAs, enrolPatient } from '../test/patients.ts';
import { alivioBody } from '../test/signup-bodies.ts';
import { openTestStaffSession } from '../test/staff.ts';

const suffix = randomUUID().slice(0, 6);
const CANARY = {
  firstName: 'Canarinha',
  lastName: 'Xylofonista',
  secondSurname: 'Wuzzlebottom',
  email: `canary.${suffix}@canary-mail.example`,
  emailAlternative: `other.${suffix}@canary-mail.example`,
  idNumber: `7${String(randomInt(10_000_000, 99_999_999))}`,
  caregiverIdNumber: `6${String(randomInt(10_000_000, 99_999_999))}`,
  phone: '8877-6655',
  phoneNormalised: '88776655',
  addressLine: 'Calle Periquito 4242 casa violeta',
  doctorFirstName: 'Hortensio',
  doctorLastName: 'Quetzalcoatlo',
  healthCenter: 'Clínica Colibrí Dorado',
  password: 'Canary-password-77',
};

describe(`no personal data in the logs (${TEST_DB})`, () => {
  let t: TestApp;
  let ip = 0;
  const request = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: { host: hostOf('alivio') },
      remoteAddress: `10.77.0.${++ip}`,
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ MAIL_WORKER: 'false', LOG_LEVEL: 'trace' });
    // A failed query whose parameters carry the canary values (a unique violation on the e-mail).
    t.app.post('/api/v1/test-canary-query', async () => {
      const [existing] = await t.database.db.select({ poolId: userAccount.poolId }).from(userAccount).limit(1);
      await t.database.db.insert(userAccount).values({
        poolId: existing!.poolId,
        email: CANARY.email,
        passwordHash: `${CANARY.firstName} ${CANARY.idNumber}`,
        status: 'CONFIRMED',
        language: 'es',
      });
      return { ok: true };
    });
  });
  afterAll(async () => t.close());

  it('runs sign-up, login, recovery, a failed query and the identification lookups without logging any of their values', async () => {
    const body = alivioBody({
      email: CANARY.email,
      identification: { type: 'IDENTIFICATION', number: CANARY.idNumber },
      personalInfo: {
        firstName: CANARY.firstName,
        lastName: CANARY.lastName,
        secondSurname: CANARY.secondSurname,
        gender: 'FEMALE',
      },
      contact: {
        phone: { country: 'CR', phoneNumber: CANARY.phone },
        phoneAlternative: '',
        emailAlternative: CANARY.emailAlternative,
      },
      address: { line: CANARY.addressLine, location: { id: 'CR-san-jose-escazu' } },
      password: CANARY.password,
    });
    (body.treatments as Array<Record<string, unknown>>)[0]!.doctor = {
      firstName: CANARY.doctorFirstName,
      lastName: CANARY.doctorLastName,
    };
    (body.treatments as Array<Record<string, unknown>>)[0]!.healthCenter = {
      name: CANARY.healthCenter,
      type: 'PRIVATE',
    };

    const idCheck = `/api/v1/plan/101/patient/identification/${CANARY.idNumber}/type/IDENTIFICATION/country/CR/check`;
    expect((await request('GET', idCheck)).statusCode).toBe(200);
    expect((await request('GET', `/api/v1/citizen/IDENTIFICATION/${CANARY.idNumber}`)).statusCode).toBeLessThan(500);
    expect((await request('GET', `/api/v1/cognito/check?email=${encodeURIComponent(CANARY.email)}`)).statusCode).toBe(
      200,
    );
    expect(
      (await request('GET', `/api/v1/resource/locations?country=CR&q=${encodeURIComponent(CANARY.addressLine)}`))
        .statusCode,
    ).toBe(200);
    const signup = await request('POST', '/api/v1/patient/signup', body);
    expect(signup.statusCode, signup.body).toBe(201);
    // Refused sign-ups log nothing of the body either: the same person again, and a NUL in the address.
    expect(
      (await request('POST', '/api/v1/patient/signup', { ...body, idempotencyKey: randomUUID() })).statusCode,
    ).toBe(409);
    expect(
      (
        await request('POST', '/api/v1/patient/signup', {
          ...body,
          idempotencyKey: randomUUID(),
          address: { line: `${CANARY.addressLine}\u0000`, location: { id: 'CR-san-jose-escazu' } },
        })
      ).statusCode,
    ).toBeLessThan(500);
    expect((await request('GET', idCheck)).json()).toEqual({ data: { registered: true } });

    expect(
      (await request('POST', '/api/v1/login', { email: CANARY.email, password: 'Wrong-password-1' })).statusCode,
    ).toBe(400);
    const login = await request('POST', '/api/v1/login', { email: CANARY.email, password: CANARY.password });
    expect(login.statusCode).toBe(200);
    // A discount code made, read and renewed (decision 045): neither code may reach a log line, in any form.
    const authorization = `Bearer ${LoginResponseSchema.parse(login.json()).data.AccessToken}`;
    const codeUrl = '/api/v1/benefits/products/1101/discount-code';
    const withToken = (method: 'GET' | 'PUT' | 'POST', url: string) =>
      t.app.inject({ method, url, headers: { host: hostOf('alivio'), authorization }, remoteAddress: '10.77.1.1' });
    const made = await withToken('PUT', codeUrl);
    expect(made.statusCode, made.body).toBe(201);
    expect((await withToken('GET', codeUrl)).statusCode).toBe(200);
    const renewed = await withToken('POST', `${codeUrl}/renew`);
    expect(renewed.statusCode).toBe(200);
    const codes = [made, renewed].map((answer) => DiscountCodeResponseSchema.parse(answer.json()).data.code.code);
    // A pharmacy verifies the live code (and a wrong one, and the identification), records purchases and redeems a
    // free unit (decision 059): neither its key nor the code may reach a log line.
    const counter = await createTestPharmacy(t, 'alivio', 'CR');
    const pharmacy = (url: string, payload: Record<string, unknown>, key = counter.key) =>
      pharmacyCall(t, key, 'alivio', url, payload);
    expect((await pharmacy('/api/v1/pharmacy/verifications', { code: codes[1]! })).statusCode).toBe(200);
    expect((await pharmacy('/api/v1/pharmacy/verifications', { code: codes[0]! })).statusCode).toBe(404);
    expect((await pharmacy('/api/v1/pharmacy/verifications', { code: codes[1]! }, `${counter.key}x`)).statusCode).toBe(
      401,
    );
    expect(
      (
        await pharmacy('/api/v1/pharmacy/verifications', {
          identification: { type: 'IDENTIFICATION', number: CANARY.idNumber },
        })
      ).statusCode,
    ).toBe(200);
    for (let index = 0; index < 4; index += 1) {
      const bought = await pharmacy('/api/v1/pharmacy/purchases', {
        code: codes[1]!,
        productId: 1101,
        quantity: 1,
        unitPrice: '9999.99',
        receiptId: `canary-${index}`,
        purchasedAt: t.app.clock().toISOString(),
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    expect(
      (await pharmacy('/api/v1/pharmacy/redemptions', { code: codes[1]!, productId: 1101, receiptId: 'canary-free' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await request('POST', '/api/v1/password/recover', { step: 'request', email: CANARY.email, language: 'es' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await request('POST', '/api/v1/password/recover', {
          step: 'request',
          email: CANARY.emailAlternative,
          language: 'es',
        })
      ).statusCode,
    ).toBe(200);

    const failed = await request('POST', '/api/v1/test-canary-query', {});
    expect(failed.statusCode).toBe(500);
    const errorId = ErrorBodySchema.parse(failed.json()).error.errorId!;
    expect(await t.app.mail.worker.drainOnce()).toBeGreaterThan(0);

    const logs = t.logs();
    // The capture works: the failure is logged with its id, its SQLSTATE and constraint, and requests by route pattern.
    const failureLine = logs.split('\n').find((line) => line.includes(errorId));
    expect(failureLine).toBeDefined();
    expect(failureLine).toContain('"code":"23505"');
    expect(failureLine).toMatch(/"constraint":"[a-z_]+"/);
    expect(logs).toContain(
      '"path":"/api/v1/plan/:idSupportPlan/patient/identification/:number/type/:type/country/:country/check"',
    );
    expect(logs).toContain('"path":"/api/v1/citizen/:type/:number"');
    // One line per answered request (decision 027): the request and its outcome together, no "incoming request".
    expect(logs).not.toContain('"msg":"incoming request"');
    expect(logs).toMatch(
      /"req":\{"id":"[^"]+","method":"POST","path":"\/api\/v1\/login","host":"[^"]+"\},"res":\{"statusCode":200\},"responseTime":[0-9.]+,"msg":"request completed"/,
    );
    for (const [name, value] of Object.entries(CANARY)) {
      expect(logs.includes(value), `${name} appears in the logs`).toBe(false);
    }
    for (const secret of [counter.key, counter.key.slice(9)])
      expect(logs.includes(secret), 'a pharmacy key appears in the logs').toBe(false);
    for (const code of codes) {
      for (const form of [code, code.replaceAll('-', '')])
        expect(logs.includes(form), `discount code ${form} appears in the logs`).toBe(false);
    }
    for (const part of [CANARY.email.split('@')[0]!, 'canary-mail.example', 'Canarinha', 'Periquito', 'Colibr']) {
      expect(logs.includes(part), `${part} appears in the logs`).toBe(false);
    }
  });

  it('writes interaction notes, a clinical one and refused ones, without logging their text (decision 078)', async () => {
    const noteText = `Refiere mareos con Canarinota ${suffix}\nsegunda línea Zumbadorcito`;
    const patient = await enrolPatient(t, 'alivio');
    const nurse = await openTestStaffSession(t, ['nurse:alivio']);
    const agent = await openTestStaffSession(t, ['agent:alivio']);
    for (const authorization of [nurse, agent])
      expect(
        (
          await callAs(
            t,
            { slug: 'alivio', authorization },
            'POST',
            `/api/v1/staff/patients/${patient.patientId}/open`,
            {
              reason: 'inbound-call',
            },
          )
        ).statusCode,
      ).toBe(200);
    const note = (authorization: string, body: Record<string, unknown>) =>
      callAs(t, { slug: 'alivio', authorization }, 'POST', `/api/v1/staff/patients/${patient.patientId}/notes`, {
        channel: 'phone-in',
        outcome: 'resolved',
        ...body,
      });
    expect((await note(nurse, { text: noteText, clinical: true })).statusCode).toBe(200);
    expect((await note(agent, { text: noteText })).statusCode).toBe(200);
    // Refused: a clinical note by an agent, a control character, a text too long.
    expect((await note(agent, { text: noteText, clinical: true })).statusCode).toBe(403);
    expect((await note(agent, { text: `${noteText}\u0000` })).statusCode).toBe(400);
    expect((await note(agent, { text: `${noteText} ${'x'.repeat(2000)}` })).statusCode).toBe(400);
    const logs = t.logs();
    expect(logs).toContain('"path":"/api/v1/staff/patients/:id/notes"');
    for (const part of ['Canarinota', 'Zumbadorcito', 'mareos'])
      expect(logs.includes(part), `${part} of a note appears in the logs`).toBe(false);
  });
});
