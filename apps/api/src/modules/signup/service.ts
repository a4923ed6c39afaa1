// Enrolment rules: the check calls and the sign-up itself (one transaction, idempotent, safe under races).
import type { CountryCode, IdentificationType, Language } from '@portal/contracts/enums';
import { FieldSettingsSchema, type FieldSettings } from '@portal/contracts/program-files';
import {
  normalizePhoneNumber,
  type Caregiver,
  type DosageCheckBody,
  type Location,
  type PlanProduct,
  type SignupPhone,
} from '@portal/contracts/patient-fields';
import { isValidIdentificationNumber } from '@portal/contracts/patient-identification';
import {
  signupSchemaFor,
  type Citizen,
  type SignupBody,
  type SignupInput,
  type PreregisteredPatientView,
  type PreregistrationLink,
  type SignupResponse,
} from '@portal/contracts/signup';
import { todayInCountry } from '@portal/contracts/time-zones';
import { PASSWORD_TOO_WEAK_KEYS, passwordUserInputs } from '@portal/contracts/password-rules';
import type { ErrorCode } from '@portal/contracts/errors';
import { isDoseApproved as isDoseWithin, productServes } from '@portal/contracts/treatments';
import type { Executor } from '../../platform/db.ts';
import { AppError, fieldErrorsOfIssues, uniqueViolationOf } from '../../platform/errors.ts';
import { issuePasswordLink, PASSWORD_RESET } from '../identity/public.ts';
import { ENROLMENT } from './mails.ts';
import { enqueueMail, type LinkMailingDeps } from '../../platform/mail/outbox.ts';
import { programPageUrl } from '../../platform/mail/render.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { randomToken } from '../../platform/crypto.ts';
import { findStoredAnswer, idempotentRequest, runIdempotent } from '../../platform/idempotency.ts';
import type { PasswordHashing } from '../../platform/passwords.ts';
import { refuseCommonPassword } from '../../platform/common-passwords.ts';
import { treatmentColumnsOf } from '../treatments/public.ts';
import { issueNotMeLink } from './disown.ts';
import type { CitizenRegister } from './citizen-register.ts';
import type { LocationDirectory } from './locations.ts';
import { openPreregistration } from './preregistration.ts';
import * as repo from './repository.ts';
import { accountActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';

export interface SignupDeps extends LinkMailingDeps {
  citizens: CitizenRegister;
  locations: LocationDirectory;
  /** The app's password hashing (platform/passwords.ts, decision 043). */
  passwords: PasswordHashing;
  /** Test-only: runs inside the transaction right after the account insert (a throw must roll everything back). */
  afterAccountInsert?: (tx: Executor) => Promise<void>;
  /** Called once an enrolment has committed (never for a replay of its idempotency key): the metrics. */
  onEnrolled?: (programId: number) => void;
}

type PlanRow = NonNullable<Awaited<ReturnType<typeof repo.findSupportPlan>>>;

/** Unique indexes whose violation means "already registered" (two racing enrolments: one wins, one gets the code). */
const UNIQUE_VIOLATIONS: Record<string, ErrorCode> = {
  user_account_pool_email_uq: 'EMAIL_ALREADY_REGISTERED',
  patient_program_identification_uq: 'IDENTIFICATION_ALREADY_REGISTERED',
  caregiver_identification_uq: 'CAREGIVER_ALREADY_REGISTERED',
  treatment_live_product_uq: 'TREATMENT_DUPLICATED',
};

function addOneYear(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export function createSignupService(deps: SignupDeps) {
  const { db, clock, config, citizens, locations, passwords, onMailQueued, onEnrolled } = deps;
  /** Today where the plan's patients live: the reference of the age and date rules. */
  const today = (country: string) => todayInCountry(country as CountryCode, clock());

  async function planOf(program: ProgramRow, supportPlanId: number): Promise<PlanRow & { settings: FieldSettings }> {
    // A plan of another program is as unknown as a plan that does not exist.
    const plan = await repo.findSupportPlan(db, program.id, supportPlanId);
    if (!plan) throw new AppError('SUPPORT_PLAN_NOT_FOUND');
    return { ...plan, settings: FieldSettingsSchema.parse(plan.fieldSettings) };
  }

  return {
    /** Whether a patient with this identification is already enrolled in the program (any of its plans). */
    async isIdentificationRegistered(
      program: ProgramRow,
      supportPlanId: number,
      country: CountryCode,
      type: IdentificationType,
      number: string,
    ): Promise<boolean> {
      await planOf(program, supportPlanId);
      return repo.isIdentificationRegistered(db, program.id, country, type, number);
    },

    /** Approved iff 0 < unitAmount <= the product's largest dose and the product serves the plan's country (and the age, when given). */
    async isDoseApproved(
      program: ProgramRow,
      body: Omit<DosageCheckBody, 'supportPlanId' | 'productId'> & { supportPlanId: number; productId: number },
    ): Promise<boolean> {
      const plan = await planOf(program, body.supportPlanId);
      const item = (await repo.findProducts(db, program.id)).find((row) => row.id === body.productId);
      return Boolean(
        item &&
        productServes(item, plan.country, body.birthDate, today(plan.country)) &&
        isDoseWithin(item.maxUnitAmount, body.unitAmount),
      );
    },

    /** The program's products for the plan's country, and for the age of `birthDate` when given. */
    async productsFor(program: ProgramRow, supportPlanId: number, birthDate?: string): Promise<PlanProduct[]> {
      const plan = await planOf(program, supportPlanId);
      const day = today(plan.country);
      return (await repo.findProducts(db, program.id))
        .filter((item) => productServes(item, plan.country, birthDate, day)) // a future birth date gives a negative age: no product
        .map((item) => ({
          id: item.id,
          medicine: item.medicine,
          presentation: item.presentation,
          unit: item.unit as PlanProduct['unit'],
          minAgeYears: item.minAgeYears,
          maxAgeYears: item.maxAgeYears,
          maxUnitAmount: Number(item.maxUnitAmount),
        }));
    },

    /** Costa Rica's citizen register: cédulas only; NOT_FOUND for any other document or an unknown one. */
    async lookupCitizen(type: IdentificationType, number: string): Promise<Citizen> {
      if (type !== 'IDENTIFICATION') throw new AppError('NOT_FOUND');
      if (!isValidIdentificationNumber('CR', type, number))
        throw new AppError('VALIDATION_FAILED', { number: ['signup.idNumber.invalid'] });
      const citizen = await citizens.lookup(type, number);
      if (!citizen) throw new AppError('NOT_FOUND');
      return citizen;
    },

    searchLocations(country: CountryCode, query: string, language: Language): Promise<Location[]> {
      return locations.search(country, query, language);
    },

    /** What the program holds of the patient an invitation link names (signup?v=ppr), to prefill the wizard. */
    async preregisteredPatient(program: ProgramRow, link: PreregistrationLink): Promise<PreregisteredPatientView> {
      return (await openPreregistration(db, program, link, clock(), config)).data;
    },

    /** Enrols a patient: 201 with the answer, or the stored answer again for a repeated idempotency key. */
    async signup(program: ProgramRow, body: SignupBody): Promise<SignupResponse> {
      const plan = await planOf(program, (body as { supportPlanId: number }).supportPlanId);
      const day = today(plan.country);
      const schema = signupSchemaFor(
        plan.settings,
        {
          id: plan.id,
          country: plan.country as CountryCode,
          identificationTypes: plan.identificationTypes as IdentificationType[],
        },
        program,
        { today: day },
      );
      const result = schema.safeParse(body);
      if (!result.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOfIssues(result.error.issues));
      const input: SignupInput = result.data;
      const { idempotencyKey, ...payload } = input;
      const request = idempotentRequest(
        config.signingKeys,
        { programId: program.id, caller: { kind: 'anonymous' }, operation: 'signup' },
        idempotencyKey,
        payload,
      );
      // Before the checks below: a retry of an enrolment that went through gets its answer, not "already registered".
      const replay = await findStoredAnswer<SignupResponse>(db, request);
      if (replay) return replay;
      if (input.password) {
        const { firstName, lastName } = input.personalInfo;
        const inputs = passwordUserInputs(input.email, firstName, lastName);
        await refuseCommonPassword(input.password, inputs, 'password', PASSWORD_TOO_WEAK_KEYS.signup);
      }

      // Completing a pre-registration: the invitation must still be usable, and it went to this e-mail.
      const invitation = input.preregistration
        ? await openPreregistration(db, program, input.preregistration, clock(), config)
        : undefined;
      if (invitation && invitation.email !== input.email)
        throw new AppError('VALIDATION_FAILED', { email: ['signup.preregistered.emailChanged'] });

      const poolId = await repo.findPoolId(db, program.id);
      if (!poolId) throw new Error(`program ${program.slug} has no identity pool`);
      const caregiverInput = input.caregiver as Caregiver | undefined;
      if (await repo.isEmailTaken(db, poolId, input.email)) {
        // A double click: the same key's first submission may have committed between the replay's read above and
        // this one. Its answer, not "already registered".
        const won = await findStoredAnswer<SignupResponse>(db, request);
        if (won) return won;
        throw new AppError('EMAIL_ALREADY_REGISTERED', { email: ['signup.email.alreadyRegistered'] });
      }
      if (
        await repo.isIdentificationRegistered(
          db,
          program.id,
          plan.country,
          input.identification.type,
          input.identification.number,
        )
      ) {
        throw new AppError('IDENTIFICATION_ALREADY_REGISTERED', {
          'identification.number': ['signup.idNumber.alreadyRegistered'],
        });
      }
      if (
        caregiverInput &&
        (await repo.isCaregiverRegistered(
          db,
          program.id,
          caregiverInput.identification.type,
          caregiverInput.identification.number,
        ))
      ) {
        throw new AppError('CAREGIVER_ALREADY_REGISTERED', {
          'caregiver.identification.number': ['signup.caregiver.alreadyRegistered'],
        });
      }
      const address = input.address as { line: string; location: { id: string } } | undefined;
      const location = address ? await locations.get(address.location.id, 'es') : undefined;
      if (address && (!location || location.country !== plan.country))
        throw new AppError('VALIDATION_FAILED', { 'address.location': ['signup.address.search.required'] });
      const products = new Map((await repo.findProducts(db, program.id)).map((row) => [row.id, row]));
      input.treatments.forEach((item, index) => {
        const found = products.get(item.productId);
        if (!found || !productServes(found, plan.country, input.birthDate, day)) {
          throw new AppError('VALIDATION_FAILED', {
            [`treatments.${index}.productId`]: ['signup.treatment.medicine.notAvailable'],
          });
        }
        if (!isDoseWithin(found.maxUnitAmount, item.unitAmount))
          throw new AppError('DOSE_NOT_APPROVED', {
            [`treatments.${index}.unitAmount`]: ['signup.details.doseNotApproved'],
          });
      });

      // Skip-password mode (or a plan without the password step): a random password nobody knows, UNCONFIRMED.
      const hasPassword = Boolean(input.password);
      const passwordHash = await passwords.hash(input.password ?? randomToken(32)); // before the transaction: ~10 ms of CPU
      const now = clock();
      const contact = input.contact as
        { phone: SignupPhone; phoneAlternative?: string; emailAlternative?: string } | undefined;
      const weight = input.weight as { value: number; unit: 'kg' | 'lb' } | undefined;
      const patientName = `${input.personalInfo.firstName} ${input.personalInfo.lastName}`;
      const link = programPageUrl(config.PUBLIC_URL, program.slug, input.language, '/login').toString();

      try {
        // A simultaneous duplicate of this submission waits on the key's claim, then reads our answer.
        const onCommitted = () => onEnrolled?.(program.id);
        const response = await runIdempotent(db, request, { now, status: 201, onCommitted }, async (t) => {
          const userId = await repo.insertAccount(t, {
            poolId,
            email: input.email,
            passwordHash,
            status: hasPassword ? 'CONFIRMED' : 'UNCONFIRMED',
            language: input.language,
            createdAt: now,
            updatedAt: now,
          });
          await deps.afterAccountInsert?.(t);
          const patientId = await repo.insertPatient(t, {
            userId,
            programId: program.id,
            firstName: input.personalInfo.firstName,
            lastName: input.personalInfo.lastName,
            secondLastName: (input.personalInfo.secondSurname as string | undefined) ?? null,
            emailAlternative: contact?.emailAlternative ?? null,
            birthDate: input.birthDate,
            gender: input.personalInfo.gender,
            country: plan.country,
            typeIdentification: input.identification.type,
            legalIdentification: input.identification.number,
            phoneCountry: contact?.phone.country ?? null,
            phoneNumber: contact?.phone.phoneNumber ?? null,
            phoneAlternative: contact?.phoneAlternative
              ? normalizePhoneNumber(contact.phone.country, contact.phoneAlternative)
              : null,
            address: address && location ? { line: address.line, location } : null,
            weight: weight ? String(weight.value) : null,
            weightUnit: weight?.unit ?? null,
            language: input.language,
            latestTermsAccepted: input.consent.termsVersion,
            createdAt: now,
            updatedAt: now,
          });
          // Used up with the enrolment: a second enrolment from the same invitation finds it used and rolls back.
          if (invitation && !(await repo.consumePreregistration(t, invitation.id, patientId, now)))
            throw new AppError('PREREGISTRATION_LINK_INVALID');
          const planPatientId = await repo.insertPlanPatient(t, {
            patientId,
            supportPlanId: plan.id,
            startPeriod: day,
            endPeriod: addOneYear(day),
            createdAt: now,
          });
          if (caregiverInput) {
            await repo.insertCaregiver(t, {
              patientId,
              programId: program.id,
              firstName: caregiverInput.firstName,
              lastName: caregiverInput.lastName,
              email: caregiverInput.email ?? null,
              relation: caregiverInput.relation,
              typeIdentification: caregiverInput.identification.type,
              legalIdentification: caregiverInput.identification.number,
              phoneCountry: caregiverInput.phone.country,
              phoneNumber: caregiverInput.phone.phoneNumber,
              createdAt: now,
            });
          }
          await repo.insertTreatments(
            t,
            // A health center's type without its name never passes the treatment schema: the columns are My care's.
            input.treatments.map((item) => ({
              planPatientId,
              productId: item.productId,
              ...treatmentColumnsOf(item),
              weight: weight ? String(weight.value) : null,
              weightUnit: weight?.unit ?? null,
              createdAt: now,
            })),
          );
          await repo.insertConsent(t, { patientId, termsVersion: input.consent.termsVersion, acceptedAt: now });
          await recordAudit(t, {
            programId: program.id,
            actor: accountActor(userId),
            action: 'signup',
            subject: `patient:${patientId}`,
            detail: {
              supportPlanId: plan.id,
              skipPassword: !hasPassword,
              treatments: input.treatments.length,
              caregiver: Boolean(caregiverInput),
              preregistered: Boolean(invitation),
            },
            createdAt: now,
          });
          const notMeLink = await issueNotMeLink(t, {
            config,
            programSlug: program.slug,
            language: input.language,
            account: { id: userId, email: input.email, passwordHash },
            now,
          });
          await enqueueMail(
            t,
            {
              programId: program.id,
              kind: ENROLMENT,
              recipient: input.email,
              language: input.language,
              payload: { link, patientName, notMeLink },
            },
            { publicUrl: config.PUBLIC_URL },
          );
          if (!hasPassword) {
            // Enrolled without a password (v=sp): the patient chooses one from a one-hour link, which also confirms the account.
            const passwordLink = await issuePasswordLink(t, {
              userId,
              programSlug: program.slug,
              language: input.language,
              now,
              config,
            });
            await enqueueMail(
              t,
              {
                programId: program.id,
                kind: PASSWORD_RESET,
                recipient: input.email,
                language: input.language,
                payload: { link: passwordLink },
              },
              { publicUrl: config.PUBLIC_URL },
            );
          }
          const answer: SignupResponse = {
            data: {
              patientId,
              userId,
              planName: plan.name,
              email: input.email,
              patientName,
              accountStatus: hasPassword ? 'CONFIRMED' : 'UNCONFIRMED',
            },
          };
          return answer;
        });
        onMailQueued?.();
        return response;
      } catch (error) {
        const constraint = uniqueViolationOf(error);
        if (constraint === undefined) throw error;
        const code = UNIQUE_VIOLATIONS[constraint];
        if (!code) throw error;
        throw new AppError(code);
      }
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
