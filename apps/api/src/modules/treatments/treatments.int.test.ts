import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TreatmentResponseSchema, TreatmentsResponseSchema } from '@portal/contracts/treatments';
import { auditEvent, treatment } from '../../db/schema.ts';
import { createTestApp, createTestClock, TEST_DB, type TestApp } from '../../test/app.ts';
import { callAs, enrolPatient, errorOf, MANY_PATIENTS_ENV, type TestPatient } from '../../test/patients.ts';
import { treatmentBody } from '@portal/contracts/test/sample-bodies';
import { alivioTreatment } from '../../test/signup-bodies.ts';

const clock = createTestClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
let maria: TestPatient;

beforeAll(async () => {
  t = await createTestApp(MANY_PATIENTS_ENV, { clock });
  maria = await enrolPatient(t, 'alivio');
});
afterAll(async () => t.close());

/** Neurovia 140 mg/mL (1103), started in October, once a month for a year, at a public hospital. */
const neurovia = (overrides: Record<string, unknown> = {}) =>
  treatmentBody(1103, {
    frequency: { amount: 1, interval: 'month' },
    startDate: '2026-10-01',
    doctor: { firstName: 'Andrés', lastName: 'Solano' },
    healthCenter: { name: 'Hospital México', type: 'PUBLIC' },
    ...overrides,
  });
const list = async (who: TestPatient) =>
  TreatmentsResponseSchema.parse((await callAs(t, who, 'GET', '/api/v1/treatments')).json()).data;

describe(`treatments (${TEST_DB})`, () => {
  it('lists the treatment registered at enrolment with its medicine, dose and health center', async () => {
    const { live, deleted } = await list(maria);
    expect(deleted).toEqual([]);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      productId: 1101,
      medicine: 'Migralen 50 mg',
      unitAmount: '1',
      frequency: { amount: 1, interval: 'day' },
      startDate: null,
      healthCenter: { name: 'Clínica Bíblica', type: 'PRIVATE' },
    });
  });

  it('refuses a dose above the approved one, then adds the treatment with an approved dose and an audit event', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const refused = await callAs(t, patient, 'POST', '/api/v1/treatments', neurovia({ unitAmount: '3' }));
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused.json())).toMatchObject({
      code: 'DOSE_NOT_APPROVED',
      fieldErrors: { unitAmount: ['signup.details.doseNotApproved'] },
    });
    const added = await callAs(t, patient, 'POST', '/api/v1/treatments', neurovia());
    expect(added.statusCode, added.body).toBe(201);
    const view = TreatmentResponseSchema.parse(added.json()).data;
    expect(view).toMatchObject({
      productId: 1103,
      medicine: 'Neurovia 140 mg/mL',
      startDate: '2026-10-01',
      doctor: { firstName: 'Andrés', lastName: 'Solano' },
    });
    expect((await list(patient)).live.map((item) => item.productId).sort()).toEqual([1101, 1103]);
    const audits = await t.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'treatment-created'), eq(auditEvent.subject, `treatment:${view.id}`)));
    expect(audits).toHaveLength(1);
  });

  it('applies the plan: required fields, products of the country and age only, another program’s product refused', async () => {
    const missing = await callAs(t, maria, 'POST', '/api/v1/treatments', { productId: 1104 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing.json()).fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['unitAmount', 'frequency', 'duration']),
    );
    // 1102 is for ages 6 to 17; maría is an adult.
    const child = await callAs(t, maria, 'POST', '/api/v1/treatments', neurovia({ productId: 1102 }));
    expect(errorOf(child.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { productId: ['signup.treatment.medicine.notAvailable'] },
    });
    const foreign = await callAs(t, maria, 'POST', '/api/v1/treatments', neurovia({ productId: 2101 }));
    expect(errorOf(foreign.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { productId: ['signup.treatment.medicine.notAvailable'] },
    });
  });

  it('refuses a product already registered, and of two simultaneous adds of one product exactly one succeeds', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const again = await callAs(t, patient, 'POST', '/api/v1/treatments', neurovia({ productId: 1101 }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.json()).code).toBe('TREATMENT_DUPLICATED');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => callAs(t, patient, 'POST', '/api/v1/treatments', neurovia({ productId: 1104 }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.database.db.select().from(treatment).where(eq(treatment.productId, 1104));
    expect(
      rows.filter(
        (row) => row.deletedAt === null && row.planPatientId === rows.find((r) => r.productId === 1104)!.planPatientId,
      ),
    ).toHaveLength(1);
  });

  it('modifies a treatment only with the doctor’s authorisation, keeps its medicine, checks the dose again and records the change', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const [current] = (await list(patient)).live;
    const url = `/api/v1/treatments/${current!.id}`;
    const changes = alivioTreatment({ productId: 1103, unitAmount: '2', frequency: { amount: 2, interval: 'day' } });
    const unauthorised = await callAs(t, patient, 'PUT', url, { treatment: changes });
    expect(errorOf(unauthorised.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { doctorAuthorized: ['treatments.medicalAuthorization.required'] },
    });
    const tooMuch = await callAs(t, patient, 'PUT', url, {
      doctorAuthorized: true,
      treatment: { ...changes, unitAmount: '5' },
    });
    expect(errorOf(tooMuch.json()).code).toBe('DOSE_NOT_APPROVED');
    const modified = await callAs(t, patient, 'PUT', url, { doctorAuthorized: true, treatment: changes });
    expect(modified.statusCode, modified.body).toBe(200);
    expect(TreatmentResponseSchema.parse(modified.json()).data).toMatchObject({
      productId: 1101,
      unitAmount: '2',
      frequency: { amount: 2, interval: 'day' },
    });
    const [row] = await t.database.db.select().from(treatment).where(eq(treatment.id, current!.id));
    expect(row!.changeAuthorizedAt).not.toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'treatment-modified'), eq(auditEvent.subject, `treatment:${current!.id}`)));
    expect(audit!.detail).toEqual({ doctorAuthorized: true, changed: ['unitAmount', 'frequencyAmount'] });
  });

  it('deletes with a reason (OTHER needs the patient’s words), keeps it in the history, and lets the product be added again', async () => {
    const patient = await enrolPatient(t, 'alivio');
    const [current] = (await list(patient)).live;
    const url = `/api/v1/treatments/${current!.id}`;
    const noReason = await callAs(t, patient, 'DELETE', url, {});
    expect(errorOf(noReason.json())).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { reason: ['treatments.deleteReason.required'] },
    });
    const noNote = await callAs(t, patient, 'DELETE', url, { reason: 'OTHER', note: '  ' });
    expect(errorOf(noNote.json())).toMatchObject({ fieldErrors: { note: ['treatments.delete.note.required'] } });
    const deleted = await callAs(t, patient, 'DELETE', url, { reason: 'OTHER', note: 'Me dio mucho sueño' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const history = await list(patient);
    expect(history.live).toEqual([]);
    expect(history.deleted[0]).toMatchObject({
      id: current!.id,
      deletedReason: 'OTHER',
      deletedNote: 'Me dio mucho sueño',
    });
    expect((await callAs(t, patient, 'DELETE', url, { reason: 'COST' })).statusCode).toBe(404);
    expect((await callAs(t, patient, 'PUT', url, { doctorAuthorized: true, treatment: neurovia() })).statusCode).toBe(
      404,
    );
    const [audit] = await t.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'treatment-deleted'), eq(auditEvent.subject, `treatment:${current!.id}`)));
    expect(audit!.detail).toEqual({ reason: 'OTHER' }); // never the patient's words
    const readded = await callAs(t, patient, 'POST', '/api/v1/treatments', neurovia({ productId: 1101 }));
    expect(readded.statusCode, readded.body).toBe(201);
  });

  it('answers 401 without a token, whatever the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/treatments'],
      ['POST', '/api/v1/treatments'],
      ['DELETE', '/api/v1/treatments/1'],
    ] as const) {
      const answer = await callAs(
        t,
        { slug: 'alivio' },
        method,
        url,
        method === 'GET' ? undefined : { nonsense: true },
      );
      expect(answer.statusCode).toBe(401);
      expect(errorOf(answer.json()).code).toBe('UNAUTHENTICATED');
    }
  });
});
