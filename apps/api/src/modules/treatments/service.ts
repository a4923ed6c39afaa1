// Treatment rules (decision 018): the sign-up's treatment fields and checks (plan settings, product of the plan's
// country and the patient's age, approved dose), one live treatment per product (also under a race: the
// partial unique index decides), modifications only with the doctor's authorisation, soft delete with a reason,
// and an audit_event for every change (ids and field names only: no health data in free text).
import { FieldSettingsSchema } from '@portal/contracts/program-files';
import { treatmentSchemaFor, type TreatmentInput } from '@portal/contracts/patient-fields';
import { todayInCountry } from '@portal/contracts/time-zones';
import {
  isDoseApproved,
  productServes,
  MAX_LIVE_TREATMENTS,
  type DeleteTreatment,
  type TreatmentsList,
  type TreatmentView,
} from '@portal/contracts/treatments';
import type { CountryCode, ProductUnit } from '@portal/contracts/enums';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldErrorsOfIssues, uniqueViolationOf } from '../../platform/errors.ts';
import type { CareCall, PatientScope } from '../../platform/patient-auth.ts';
import * as repo from './repository.ts';
import { insertWithAudit, recordScopeAudit } from '../../platform/audit.ts';

export interface TreatmentDeps {
  db: Db;
  clock: () => Date;
}

const isoTimestamp = (value: Date | string) => new Date(value).toISOString();

export function toTreatmentView({ treatment: row, product }: repo.TreatmentWithProduct): TreatmentView {
  return {
    id: row.id,
    productId: row.productId,
    medicine: product.medicine,
    presentation: product.presentation,
    unit: product.unit as ProductUnit,
    unitAmount: String(Number(row.unitAmount)),
    frequency: {
      amount: row.frequencyAmount,
      interval: row.frequencyInterval as TreatmentView['frequency']['interval'],
    },
    duration: { amount: row.durationAmount, interval: row.durationInterval as TreatmentView['duration']['interval'] },
    restTime:
      row.restAmount && row.restInterval
        ? { amount: row.restAmount, interval: row.restInterval as TreatmentView['frequency']['interval'] }
        : null,
    startDate: row.startDate ? String(row.startDate).slice(0, 10) : null,
    doctor:
      row.doctorFirstName || row.doctorLastName
        ? { firstName: row.doctorFirstName, lastName: row.doctorLastName }
        : null,
    healthCenter: row.healthCenterName ? { name: row.healthCenterName, type: row.healthCenterType } : null,
    customTherapyCode: row.customTherapyCode,
    createdAt: isoTimestamp(row.createdAt),
    updatedAt: isoTimestamp(row.updatedAt),
    deletedAt: row.deletedAt ? isoTimestamp(row.deletedAt) : null,
    deletedReason: (row.deletedReason as TreatmentView['deletedReason']) ?? null,
    deletedNote: row.deletedNote,
  };
}

/** The columns of a validated treatment input (enrolment's and My care's; the weight is the patient's, added by the scope). */
export function treatmentColumnsOf(input: TreatmentInput) {
  const doctor = input.doctor as { firstName?: string; lastName?: string } | undefined;
  const healthCenter = input.healthCenter as { name?: string; type?: 'PUBLIC' | 'PRIVATE' } | undefined;
  const therapy = input.customTherapy as { hasCode: boolean; code?: string } | undefined;
  const startDate = input.startDate as string | undefined;
  return {
    unitAmount: input.unitAmount,
    frequencyAmount: input.frequency.amount,
    frequencyInterval: input.frequency.interval,
    durationAmount: input.duration.amount,
    durationInterval: input.duration.interval,
    restAmount: input.restTime?.amount ?? null,
    restInterval: input.restTime?.interval ?? null,
    startDate: input.notStarted ? null : (startDate ?? null),
    doctorFirstName: doctor?.firstName ?? null,
    doctorLastName: doctor?.lastName ?? null,
    healthCenterName: healthCenter?.name ?? null,
    healthCenterType: healthCenter?.name ? (healthCenter.type ?? null) : null,
    customTherapyCode: therapy?.hasCode ? (therapy.code ?? null) : null,
  };
}

export function createTreatmentService({ db, clock }: TreatmentDeps) {
  const listTreatments = repo.prepareListTreatments(db);
  /** The caller's plan settings and the product, checked like enrolment checks them. */
  async function validated(
    scope: PatientScope,
    body: unknown,
  ): Promise<{ input: TreatmentInput; product: repo.ProductRow }> {
    const plan = await repo.findSupportPlan(db, scope.programId, scope.supportPlanId);
    if (!plan) throw new AppError('NOT_FOUND');
    const result = treatmentSchemaFor(FieldSettingsSchema.parse(plan.fieldSettings)).safeParse(body);
    if (!result.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOfIssues(result.error.issues));
    const input = result.data as TreatmentInput;
    const product = await repo.findProduct(db, scope.programId, input.productId);
    if (
      !product ||
      !productServes(product, plan.country, scope.birthDate, todayInCountry(plan.country as CountryCode, clock()))
    ) {
      throw new AppError('VALIDATION_FAILED', { productId: ['signup.treatment.medicine.notAvailable'] });
    }
    if (!isDoseApproved(product.maxUnitAmount, input.unitAmount))
      throw new AppError('DOSE_NOT_APPROVED', { unitAmount: ['signup.details.doseNotApproved'] });
    return { input, product };
  }

  return {
    async list(scope: PatientScope): Promise<TreatmentsList> {
      const rows = (await listTreatments(scope.planPatientId)).map(toTreatmentView);
      const deleted = rows
        .filter((row) => row.deletedAt)
        .sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? ''));
      return { live: rows.filter((row) => !row.deletedAt), deleted };
    },

    async get(scope: PatientScope, id: number): Promise<TreatmentView> {
      const found = await repo.findTreatment(db, scope.planPatientId, id);
      if (!found) throw new AppError('NOT_FOUND');
      return toTreatmentView(found);
    },

    async create({ scope, actor }: CareCall, body: unknown): Promise<TreatmentView> {
      const { input } = await validated(scope, body);
      const now = clock();
      try {
        const id = await db.transaction(async (t) => {
          if ((await repo.countLive(t, scope.planPatientId)) >= MAX_LIVE_TREATMENTS)
            throw new AppError('VALIDATION_FAILED', { productId: ['treatments.add.tooMany'] });
          return insertWithAudit(
            t,
            scope,
            actor,
            now,
            (stamps) =>
              repo.insertTreatment(t, {
                planPatientId: scope.planPatientId,
                productId: input.productId,
                ...treatmentColumnsOf(input),
                ...stamps,
              }),
            (created) => ({
              action: 'treatment-created',
              subject: `treatment:${created}`,
              detail: { productId: input.productId },
            }),
          );
        });
        return this.get(scope, id);
      } catch (error) {
        // Two simultaneous adds of one product: the partial unique index lets one through.
        if (uniqueViolationOf(error) === 'treatment_live_product_uq')
          throw new AppError('TREATMENT_DUPLICATED', { productId: ['errors.treatmentDuplicated'] });
        throw error;
      }
    },

    async update(
      { scope, actor }: CareCall,
      id: number,
      body: { doctorAuthorized: true; treatment: Record<string, unknown> },
    ): Promise<TreatmentView> {
      const existing = await repo.findTreatment(db, scope.planPatientId, id);
      if (!existing || existing.treatment.deletedAt) throw new AppError('NOT_FOUND');
      // The medicine is what the treatment is: it never changes (a different medicine is a new treatment).
      const { input } = await validated(scope, { ...body.treatment, productId: existing.treatment.productId });
      const now = clock();
      const columns = treatmentColumnsOf(input);
      const before = existing.treatment as unknown as Record<string, string | number | boolean | Date | null>;
      const changed = Object.entries(columns)
        .filter(
          ([key, value]) =>
            String(before[key] ?? '') !== String(value ?? '') &&
            !(key === 'unitAmount' && Number(before[key]) === Number(value)),
        )
        .map(([key]) => key);
      await db.transaction(async (t) => {
        if (
          !(await repo.updateLiveTreatment(t, scope.planPatientId, id, {
            ...columns,
            updatedAt: now,
            changeAuthorizedAt: now,
          }))
        )
          throw new AppError('NOT_FOUND');
        await recordScopeAudit(t, scope, actor, {
          action: 'treatment-modified',
          subject: `treatment:${id}`,
          detail: { doctorAuthorized: true, changed },
          createdAt: now,
        });
      });
      return this.get(scope, id);
    },

    async remove({ scope, actor }: CareCall, id: number, body: DeleteTreatment): Promise<TreatmentView> {
      const now = clock();
      await db.transaction(async (t) => {
        if (
          !(await repo.softDeleteTreatment(t, scope.planPatientId, id, {
            reason: body.reason,
            note: body.reason === 'OTHER' ? (body.note ?? null) : null,
            now,
          }))
        ) {
          throw new AppError('NOT_FOUND');
        }
        // The reason code only: the patient's own words stay in the treatment row, never in the audit trail.
        await recordScopeAudit(t, scope, actor, {
          action: 'treatment-deleted',
          subject: `treatment:${id}`,
          detail: { reason: body.reason },
          createdAt: now,
        });
      });
      return this.get(scope, id);
    },
  };
}

export type TreatmentService = ReturnType<typeof createTreatmentService>;
