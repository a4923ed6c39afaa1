// Caregiver rules (decision 018, spec section 5): one caregiver per patient; an identification never cares for two
// patients of the program (checked first, and decided by the unique index under a race); a minor must keep one.
import { ageOn, type Caregiver } from '@portal/contracts/patient-fields';
import { identificationMessageOf } from '@portal/contracts/patient-identification';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { CaregiverView } from '@portal/contracts/caregiver';
import type { CaregiverProfile } from '@portal/contracts/identity';
import type { CountryCode, IdentificationType } from '@portal/contracts/enums';
import { FieldSettingsSchema } from '@portal/contracts/program-files';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import type { CareCall, PatientScope } from '../../platform/patient-auth.ts';
import * as repo from './repository.ts';
import { insertWithAudit, recordScopeAudit } from '../../platform/audit.ts';

export interface CaregiverDeps {
  db: Db;
  clock: () => Date;
  /** What else the removal does in its transaction: the caregiver's own login ends with them (decision 092). */
  onRemoved?: (tx: Executor, call: CareCall) => Promise<unknown>;
}

type CaregiverProfileColumns = Pick<
  repo.CaregiverRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'legalIdentification'
  | 'typeIdentification'
  | 'phoneCountry'
  | 'phoneNumber'
>;

/** The caregiver as the profile shows it (GET /user), from the columns the profile's query reads. */
export function toCaregiverProfile(row: CaregiverProfileColumns): CaregiverProfile {
  return {
    id: row.id,
    displayName: `${row.firstName} ${row.lastName}`,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    legalIdentification: row.legalIdentification,
    typeIdentification: row.typeIdentification as IdentificationType,
    phone:
      row.phoneCountry && row.phoneNumber
        ? { country: row.phoneCountry as CountryCode, phoneNumber: row.phoneNumber }
        : null,
  };
}

/** The caregiver as its own screen shows it: the profile's fields and the relation (the answer keeps the schema's order). */
export function toCaregiverView(row: repo.CaregiverRow): CaregiverView {
  return { ...toCaregiverProfile(row), relation: row.relation as CaregiverView['relation'] };
}

const ALREADY_REGISTERED = { 'identification.number': ['errors.caregiverAlreadyRegistered'] };

export function createCaregiverService({ db, clock, onRemoved }: CaregiverDeps) {
  const findByPatient = repo.prepareFindByPatient(db);
  async function planOf(scope: PatientScope) {
    const plan = await repo.findSupportPlan(db, scope.programId, scope.supportPlanId);
    if (!plan) throw new AppError('NOT_FOUND');
    return { ...plan, settings: FieldSettingsSchema.parse(plan.fieldSettings) };
  }

  /** The enrolment's caregiver rules that need the plan: identification types and formats, never the patient. */
  async function checked(scope: PatientScope, input: Caregiver) {
    const plan = await planOf(scope);
    const { type, number } = input.identification;
    if (!(plan.identificationTypes as string[]).includes(type) || type === 'TYPE_MINOR') {
      throw new AppError('VALIDATION_FAILED', { 'identification.type': ['signup.idNumber.type.notAvailable'] });
    }
    const problem = identificationMessageOf(plan.country as CountryCode, type, number);
    if (problem) throw new AppError('VALIDATION_FAILED', { 'identification.number': [problem] });
    if (type === scope.identificationType && number === scope.identificationNumber) {
      throw new AppError('VALIDATION_FAILED', { 'identification.number': ['signup.caregiver.samePerson'] });
    }
    if (await repo.caresForAnother(db, scope.programId, scope.patientId, type, number))
      throw new AppError('CAREGIVER_ALREADY_REGISTERED', ALREADY_REGISTERED);
  }

  function columnsOf(input: Caregiver) {
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      relation: input.relation,
      typeIdentification: input.identification.type,
      legalIdentification: input.identification.number,
      phoneCountry: input.phone.country,
      phoneNumber: input.phone.phoneNumber,
    };
  }

  function mapRace(error: unknown): never {
    const constraint = uniqueViolationOf(error);
    // Two patients adding the same caregiver at once (the identification index), or one patient twice (patient index).
    if (constraint === 'caregiver_identification_uq')
      throw new AppError('CAREGIVER_ALREADY_REGISTERED', ALREADY_REGISTERED);
    if (constraint === 'caregiver_patient_id_unique')
      throw new AppError('CAREGIVER_ALREADY_REGISTERED', { _: ['caregiver.errors.alreadyHasOne'] });
    throw error;
  }

  return {
    async get(scope: PatientScope): Promise<CaregiverView | null> {
      const row = await findByPatient(scope.patientId);
      return row ? toCaregiverView(row) : null;
    },

    async create({ scope, actor }: CareCall, input: Caregiver): Promise<CaregiverView> {
      if (await findByPatient(scope.patientId))
        throw new AppError('CAREGIVER_ALREADY_REGISTERED', { _: ['caregiver.errors.alreadyHasOne'] });
      await checked(scope, input);
      const now = clock();
      try {
        const id = await db.transaction((t) =>
          insertWithAudit(
            t,
            scope,
            actor,
            now,
            (stamps) =>
              repo.insertCaregiver(t, {
                patientId: scope.patientId,
                programId: scope.programId,
                ...columnsOf(input),
                ...stamps,
              }),
            (created) => ({ action: 'caregiver-added', subject: `caregiver:${created}` }),
          ),
        );
        return toCaregiverView((await repo.findOwn(db, scope.patientId, id))!);
      } catch (error) {
        return mapRace(error);
      }
    },

    async update({ scope, actor }: CareCall, id: number, input: Caregiver): Promise<CaregiverView> {
      if (!(await repo.findOwn(db, scope.patientId, id))) throw new AppError('NOT_FOUND');
      await checked(scope, input);
      const now = clock();
      try {
        await db.transaction(async (t) => {
          if (!(await repo.updateOwn(t, scope.patientId, id, { ...columnsOf(input), updatedAt: now })))
            throw new AppError('NOT_FOUND');
          await recordScopeAudit(t, scope, actor, {
            action: 'caregiver-modified',
            subject: `caregiver:${id}`,
            createdAt: now,
          });
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        mapRace(error);
      }
      return toCaregiverView((await repo.findOwn(db, scope.patientId, id))!);
    },

    /** A minor (under the plan's minor age) must keep a caregiver: removal is refused. */
    async remove({ scope, actor }: CareCall, id: number): Promise<void> {
      if (!(await repo.findOwn(db, scope.patientId, id))) throw new AppError('NOT_FOUND');
      const plan = await planOf(scope);
      if (ageOn(scope.birthDate, todayInCountry(scope.country as CountryCode, clock())) < plan.settings.minorAgeYears)
        throw new AppError('CAREGIVER_REQUIRED_FOR_MINOR');
      const now = clock();
      await db.transaction(async (t) => {
        if (!(await repo.deleteOwn(t, scope.patientId, id))) throw new AppError('NOT_FOUND');
        await onRemoved?.(t, { scope, actor });
        await recordScopeAudit(t, scope, actor, {
          action: 'caregiver-removed',
          subject: `caregiver:${id}`,
          createdAt: now,
        });
      });
    },
  };
}

export type CaregiverService = ReturnType<typeof createCaregiverService>;
