// The domain model of the features built so far (docs/architecture.md). A new feature designs its own tables and
// records that design in a decision (decision 033); every table is classified, as a patient's data or not, in the part
// of the patient's data of the module that owns it (modules/<name>/patient-data.ts), or the type check fails.
import type { LocalizedText } from '@portal/contracts/localized-text';
import { PACKAGE_KINDS } from '@portal/contracts/enums';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** An instant: every point in time is stored with its time zone. */
const instant = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();
/** The id of a table whose rows the database numbers. */
const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();
/** The columns of a single-use link (platform/single-use-links.ts): its nonce only as a hash, its expiry, when it was used. */
const singleUseLink = () => ({
  nonceHash: text('nonce_hash').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

export const program = pgTable('program', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  condition: text('condition').notNull(),
  status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
    .notNull()
    .default('ACTIVE'),
  supportEmail: text('support_email').notNull(),
  defaultCountry: text('default_country').notNull(),
  countries: jsonb('countries').$type<string[]>().notNull(),
  updateStrategy: text('update_strategy', { enum: ['immediate', 'navigation'] }).notNull(),
  latestTermsVersion: text('latest_terms_version').notNull(),
  /** Logo path and colours; the web turns the colours into CSS custom properties. */
  branding: jsonb('branding').$type<{ logoPath: string; colors: Record<string, string> }>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The program a row belongs to (its `program_id`). */
const programOf = () =>
  integer('program_id')
    .notNull()
    .references(() => program.id);

export const supportPlan = pgTable(
  'support_plan',
  {
    id: integer('id').primaryKey(),
    programId: programOf(),
    country: text('country').notNull(),
    /** { es, en } (decision 054). */
    name: jsonb('name').$type<LocalizedText>().notNull(),
    identificationTypes: jsonb('identification_types').$type<string[]>().notNull(),
    fieldSettings: jsonb('field_settings').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('support_plan_program_country_uq').on(t.programId, t.country)],
);

const supportPlanOf = () =>
  integer('support_plan_id')
    .notNull()
    .references(() => supportPlan.id);

export const featureToggle = pgTable(
  'feature_toggle',
  {
    programId: programOf(),
    key: text('key').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('feature_toggle_pk').on(t.programId, t.key)],
);

/** One identity pool per program: its own accounts, issuer and keys. */
export const identityPool = pgTable('identity_pool', {
  id: serial('id').primaryKey(),
  programId: programOf().unique(),
  issuer: text('issuer').notNull().unique(),
  createdAt: createdAt(),
});

const poolOf = () =>
  integer('pool_id')
    .notNull()
    .references(() => identityPool.id);

export const signingKey = pgTable('signing_key', {
  kid: text('kid').primaryKey(),
  poolId: poolOf(),
  algorithm: text('algorithm').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  /** Private key, encrypted at rest with the server's key-encryption secret. */
  privateKeyEnc: text('private_key_enc').notNull(),
  status: text('status', { enum: ['active', 'retired'] }).notNull(),
  createdAt: createdAt(),
  retiredAt: instant('retired_at'),
});

export const userAccount = pgTable(
  'user_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    poolId: poolOf(),
    /** Lower-cased e-mail; unique within a pool, so one e-mail may hold one account per program. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['CONFIRMED', 'UNCONFIRMED', 'DISABLED'] }).notNull(),
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    /** "Close my account": set when the patient asked; the account is DISABLED at once and erased after the grace period. */
    closureRequestedAt: instant('closure_requested_at'),
    /**
     * When `npm run accounts:purge` may erase the personal data: closure + 30 days (cleared when the closure is
     * cancelled), or a disowned enrolment + 30 days (decision 042).
     */
    eraseAfter: instant('erase_after'),
    erasedAt: instant('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_account_pool_email_uq').on(t.poolId, t.email)],
);

/** The account a row belongs to (its `user_id`). */
const accountOf = () =>
  uuid('user_id')
    .notNull()
    .references(() => userAccount.id);

/** A change of login e-mail waiting for its confirmation link (sent to the new address); single use, like recovery links. */
export const emailChange = pgTable(
  'email_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: accountOf(),
    newEmail: text('new_email').notNull(),
    ...singleUseLink(),
    supersededAt: instant('superseded_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_user_idx').on(t.userId)],
);

/** A refresh-token family: rotated on every use; a reused token revokes the family. */
export const session = pgTable(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: accountOf(),
    currentTokenHash: text('current_token_hash').notNull(),
    /** The token rotated away last, and when: presented again within the grace period it gets the current pair back. */
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: instant('rotated_at'),
    generation: integer('generation').notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
    /**
     * The device, as "my sessions" shows it (decision 044): a browser and a system of the short lists in the contracts
     * (`DEVICE_BROWSERS`, `DEVICE_SYSTEMS`), read from the user agent at login and at each refresh. Never the user agent.
     */
    deviceBrowser: text('device_browser'),
    deviceSystem: text('device_system'),
  },
  (t) => [index('session_user_idx').on(t.userId), uniqueIndex('session_token_uq').on(t.currentTokenHash)],
);

export const passwordReset = pgTable(
  'password_reset',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: accountOf(),
    ...singleUseLink(),
    supersededAt: instant('superseded_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

/**
 * The "this wasn't me" link of a welcome mail (decision 042): a nonce stored only as a hash, single use, with an
 * expiry, and bound to the account as it was when the mail was written (a keyed fingerprint of its login e-mail and
 * password hash), so that it is refused once the patient has changed either.
 */
export const enrolmentNotMeLink = pgTable(
  'enrolment_not_me_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: accountOf(),
    ...singleUseLink(),
    accountFingerprint: text('account_fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('enrolment_not_me_link_user_idx').on(t.userId)],
);

export const patient = pgTable(
  'patient',
  {
    id: serialId(),
    userId: accountOf().unique(),
    programId: programOf(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name'),
    emailAlternative: text('email_alternative'),
    birthDate: date('birth_date').notNull(),
    gender: text('gender').notNull(),
    country: text('country').notNull(),
    typeIdentification: text('type_identification').notNull(),
    legalIdentification: text('legal_identification').notNull(),
    phoneCountry: text('phone_country'),
    phoneNumber: text('phone_number'),
    phoneAlternative: text('phone_alternative'),
    address: jsonb('address').$type<Record<string, unknown>>(),
    weight: numeric('weight', { precision: 6, scale: 2 }),
    weightUnit: text('weight_unit', { enum: ['kg', 'lb'] }),
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    /** ACTIVE; DISOWNED by the "this wasn't me" link (decision 042); ERASED by the purge. */
    status: text('status').notNull().default('ACTIVE'),
    latestTermsAccepted: text('latest_terms_accepted'),
    /** How booking notices reach the patient (decision 058, addendum): e-mail, or SMS/WhatsApp to the main phone. */
    noticeChannel: text('notice_channel', { enum: ['email', 'sms', 'whatsapp'] })
      .notNull()
      .default('email'),
    /** Whether the reminder a day before each appointment is sent. */
    bookingReminders: boolean('booking_reminders').notNull().default(true),
    /** Whether the e-mail a few days before a medicine should run out is sent (decision 061). */
    refillReminders: boolean('refill_reminders').notNull().default(true),
    /** A made-up patient of the demo's living year (decision 080): never in production, never a person. */
    synthetic: boolean('synthetic').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('patient_notice_channel', sql`${t.noticeChannel} in ('email', 'sms', 'whatsapp')`),
    // A disowned enrolment ("this wasn't me", decision 042) no longer holds its identification: the real patient can enrol.
    uniqueIndex('patient_program_identification_uq')
      .on(t.programId, t.country, t.typeIdentification, t.legalIdentification)
      .where(sql`${t.status} <> 'DISOWNED'`),
  ],
);

/** The patient a row belongs to (its `patient_id`). */
const patientOf = () =>
  bigint('patient_id', { mode: 'number' })
    .notNull()
    .references(() => patient.id);

/**
 * What the program holds of a patient before the patient has an account (entered by a call center or a doctor),
 * with the invitation that lets the patient complete it (signup?v=ppr): a nonce stored only as a hash, single use.
 */
export const preregistration = pgTable(
  'preregistration',
  {
    id: serialId(),
    programId: programOf(),
    supportPlanId: supportPlanOf(),
    /** Lower-cased; the invitation went there, so the enrolment must keep it. */
    email: text('email').notNull(),
    /** PreregisteredPatientSchema (contracts), checked when written and when read. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    ...singleUseLink(),
    patientId: bigint('patient_id', { mode: 'number' }).references(() => patient.id),
    createdAt: createdAt(),
  },
  (t) => [index('preregistration_program_email_idx').on(t.programId, t.email)],
);

export const planPatient = pgTable(
  'plan_patient',
  {
    id: serialId(),
    patientId: patientOf(),
    supportPlanId: supportPlanOf(),
    startPeriod: date('start_period').notNull(),
    endPeriod: date('end_period').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_patient_uq').on(t.patientId, t.supportPlanId)],
);

/** The patient's plan a row belongs to (its `plan_patient_id`). */
const planPatientOf = () =>
  bigint('plan_patient_id', { mode: 'number' })
    .notNull()
    .references(() => planPatient.id);

/** One caregiver per patient; a caregiver identification may never care for two patients. */
export const caregiver = pgTable(
  'caregiver',
  {
    id: serialId(),
    patientId: patientOf().unique(),
    programId: programOf(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    relation: text('relation').notNull(),
    typeIdentification: text('type_identification').notNull(),
    legalIdentification: text('legal_identification').notNull(),
    phoneCountry: text('phone_country'),
    phoneNumber: text('phone_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('caregiver_identification_uq').on(t.programId, t.typeIdentification, t.legalIdentification)],
);

/**
 * A caregiver's own login (decision 092): the access a patient grants the registered caregiver, per area of their care.
 * Invited first (the mail is out, `user_id` empty), then active once the caregiver has set up a password: `user_id` is
 * the caregiver's own account in the program's pool. Ended by the patient, by the removal of the caregiver, or by a
 * minor's 18th birthday; an ended access is kept as the record of who could act (the audit names what they did).
 * One live access per patient, and a caregiver's account looks after one patient only (the spec's rule).
 */
export const caregiverAccess = pgTable(
  'caregiver_access',
  {
    id: serialId(),
    programId: programOf(),
    patientId: patientOf(),
    /** The caregiver's account, once set up. */
    userId: uuid('user_id').references(() => userAccount.id),
    /** Lower-cased; where the invitation went and the caregiver's login e-mail. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    /** The areas granted (`CARE_AREAS` of the contracts), in that order. */
    areas: jsonb('areas').$type<string[]>().notNull(),
    /** Granted while the patient was a minor: it ends by itself on the patient's 18th birthday in their country. */
    grantedForMinor: boolean('granted_for_minor').notNull(),
    invitedAt: instant('invited_at').notNull(),
    acceptedAt: instant('accepted_at'),
    endedAt: instant('ended_at'),
    /** by-patient, caregiver-removed, came-of-age, account-closed. */
    endedReason: text('ended_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('caregiver_access_live_patient_uq')
      .on(t.patientId)
      .where(sql`${t.endedAt} is null`),
    uniqueIndex('caregiver_access_live_user_uq')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** The caregiver's invitation: a nonce stored only as a hash, 7 days, single use; a newer one supersedes it. */
export const caregiverInvitation = pgTable(
  'caregiver_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accessId: bigint('access_id', { mode: 'number' })
      .notNull()
      .references(() => caregiverAccess.id),
    ...singleUseLink(),
    supersededAt: instant('superseded_at'),
    createdAt: createdAt(),
  },
  (t) => [index('caregiver_invitation_access_idx').on(t.accessId)],
);

export const consentRecord = pgTable(
  'consent_record',
  {
    id: serialId(),
    patientId: patientOf(),
    termsVersion: text('terms_version').notNull(),
    acceptedAt: instant('accepted_at').notNull().defaultNow(),
  },
  (t) => [index('consent_record_patient_idx').on(t.patientId, t.acceptedAt)],
);

export const product = pgTable(
  'product',
  {
    id: integer('id').primaryKey(),
    programId: programOf(),
    medicine: text('medicine').notNull(),
    /** { es, en } (decision 054). */
    presentation: jsonb('presentation').$type<LocalizedText>().notNull(),
    unit: text('unit').notNull(),
    minAgeYears: smallint('min_age_years').notNull(),
    maxAgeYears: smallint('max_age_years').notNull(),
    maxUnitAmount: numeric('max_unit_amount', { precision: 10, scale: 2 }).notNull(),
    /**
     * How many of `unit` one package holds (decision 061), from the program file; null only until the seed writes it
     * (no estimate without it, rather than a guessed one).
     */
    unitsPerPackage: integer('units_per_package'),
    /** What one package is (a box, a pen, a vial…), from the program file: the patient's word for it (decision 087). */
    packageKind: text('package_kind', { enum: PACKAGE_KINDS }).notNull().default('box'),
    countries: jsonb('countries').$type<string[]>().notNull(),
    /** The product's slug in /benefits/{productSearchQuery} (decision 045); set by the seed from the program files. */
    searchQuery: text('search_query'),
  },
  (t) => [uniqueIndex('product_program_search_query_uq').on(t.programId, t.searchQuery)],
);

const productOf = () =>
  integer('product_id')
    .notNull()
    .references(() => product.id);

/**
 * A program's benefit (decision 045), seeded from `benefits` of its config.json: the id is the file's. A benefit the
 * file no longer declares is retired (its codes keep their row), never deleted.
 */
export const benefit = pgTable(
  'benefit',
  {
    id: integer('id').primaryKey(),
    programId: programOf(),
    kind: text('kind', { enum: ['discount', 'preventive4plus1', 'service', 'general'] }).notNull(),
    countries: jsonb('countries').$type<string[]>().notNull(),
    /** Keys of the program's texts: title, description, conditions; a general benefit's how-to-use (decision 075). */
    texts: jsonb('texts')
      .$type<{ title: string; description: string; conditions: string; howToUse?: string | undefined }>()
      .notNull(),
    discountPercent: smallint('discount_percent'),
    /** A bookable service's block, as the file has it (booking defines it). */
    booking: jsonb('booking').$type<Record<string, unknown>>(),
    /** A preventive4plus1's exchange rule (decision 059; the spec's 4+1 when null). */
    exchange: jsonb('exchange').$type<{
      unitsPerFreeUnit: number;
      maxFreeUnitsPerMonth?: number | undefined;
      maxFreeUnitsPerYear?: number | undefined;
      /** Whose free units the caps count (decision 066): the offer's when absent. */
      capPer?: 'offer' | 'product' | undefined;
    }>(),
    /** Declaration order in the file: the order the patient sees. */
    position: smallint('position').notNull(),
    retiredAt: instant('retired_at'),
  },
  (t) => [index('benefit_program_idx').on(t.programId)],
);

const benefitOf = () =>
  integer('benefit_id')
    .notNull()
    .references(() => benefit.id);

/** The products a benefit applies to (none for a general benefit). */
export const benefitProduct = pgTable(
  'benefit_product',
  {
    benefitId: benefitOf(),
    productId: productOf(),
  },
  (t) => [
    uniqueIndex('benefit_product_pk').on(t.benefitId, t.productId),
    index('benefit_product_product_idx').on(t.productId),
  ],
);

export const treatment = pgTable(
  'treatment',
  {
    id: serialId(),
    planPatientId: planPatientOf(),
    productId: productOf(),
    unitAmount: numeric('unit_amount', { precision: 10, scale: 2 }).notNull(),
    frequencyAmount: integer('frequency_amount').notNull(),
    frequencyInterval: text('frequency_interval').notNull(),
    durationAmount: integer('duration_amount').notNull(),
    durationInterval: text('duration_interval').notNull(),
    restAmount: integer('rest_amount'),
    restInterval: text('rest_interval'),
    startDate: date('start_date'),
    doctorFirstName: text('doctor_first_name'),
    doctorLastName: text('doctor_last_name'),
    healthCenterName: text('health_center_name'),
    healthCenterType: text('health_center_type', { enum: ['PUBLIC', 'PRIVATE'] }),
    weight: numeric('weight', { precision: 6, scale: 2 }),
    weightUnit: text('weight_unit', { enum: ['kg', 'lb'] }),
    customTherapyCode: text('custom_therapy_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When a doctor's authorisation of the last change was confirmed by the patient (spec section 4: modify). */
    changeAuthorizedAt: instant('change_authorized_at'),
    deletedAt: instant('deleted_at'),
    /** A code of TREATMENT_DELETE_REASONS (contracts/treatments.ts). */
    deletedReason: text('deleted_reason'),
    /** The patient's own words when the reason is OTHER (health data: never logged). */
    deletedNote: text('deleted_note'),
  },
  (t) => [
    index('treatment_plan_patient_idx').on(t.planPatientId),
    // Already-registered products cannot be added twice (only among live treatments).
    uniqueIndex('treatment_live_product_uq')
      .on(t.planPatientId, t.productId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A discount code (decision 045): per patient plan and product (what the patient shows at the pharmacy), or per patient
 * plan and general benefit (the coupon link's). Canonical form, 11 characters; valid to the plan period's end. At most
 * one live (not revoked) code per plan and product, and per plan and benefit: the partial unique indexes decide, also
 * under a race. A renewed code is revoked, never deleted.
 */
export const discountCode = pgTable(
  'discount_code',
  {
    id: serialId(),
    programId: programOf(),
    planPatientId: planPatientOf(),
    productId: integer('product_id').references(() => product.id),
    benefitId: integer('benefit_id').references(() => benefit.id),
    code: text('code').notNull(),
    /** The last day it is valid (inclusive, in the patient's country): the plan period's end when it was made. */
    validUntil: date('valid_until').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('discount_code_program_code_uq').on(t.programId, t.code),
    uniqueIndex('discount_code_live_product_uq')
      .on(t.planPatientId, t.productId)
      .where(sql`${t.revokedAt} is null and ${t.productId} is not null`),
    uniqueIndex('discount_code_live_benefit_uq')
      .on(t.planPatientId, t.benefitId)
      .where(sql`${t.revokedAt} is null and ${t.benefitId} is not null`),
    index('discount_code_plan_patient_idx').on(t.planPatientId),
    check('discount_code_one_target', sql`num_nonnulls(${t.productId}, ${t.benefitId}) = 1`),
    check('discount_code_canonical', sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{11}$'`),
  ],
);

/**
 * An appointment of a bookable service, or a slot held while the patient confirms it (decision 058). A row takes one
 * seat (1..capacity) of one slot (service, place, start): the partial unique index over (service, place, start, seat)
 * among the rows that hold a seat is what keeps a slot from holding more than its capacity, on both engines and under
 * any race; the check keeps the seat within the capacity the row was made with. One confirmed booking per patient plan and
 * service (a partial unique index); holds are bounded by their minutes and the per-patient limit of writes. A held row whose `held_until` has passed still holds its seat
 * until a write of its slot (or of its patient's service) releases it: every such write releases the stale holds
 * first, and every read counts only holds still running. Times are instants, with the IANA zone they were offered in
 * beside them. A moved booking's row ends as `moved` and its new row keeps its calendar UID with the next SEQUENCE.
 */
export const booking = pgTable(
  'booking',
  {
    id: serialId(),
    programId: programOf(),
    planPatientId: planPatientOf(),
    /** The service: a benefit of kind `service`. */
    benefitId: benefitOf(),
    /** The place's id in the service's booking block. */
    placeId: text('place_id').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /** The zone the slot was computed and shown in (the place's country's). */
    timeZone: text('time_zone').notNull(),
    seat: smallint('seat').notNull(),
    capacity: smallint('capacity').notNull(),
    /**
     * `completed`: a confirmed appointment whose time has passed (set by the reminders' round, or by the patient's next
     * booking of the service); `missed`: one the program's staff marked as not attended (decision 085).
     */
    status: text('status', {
      enum: ['held', 'confirmed', 'moved', 'cancelled', 'released', 'completed', 'missed'],
    }).notNull(),
    /** Until when a hold keeps its seat (null once confirmed). */
    heldUntil: instant('held_until'),
    /** For a hold that moves a booking (and once confirmed, the booking it replaced). */
    replacesId: bigint('replaces_id', { mode: 'number' }),
    /** iCalendar UID and SEQUENCE: the same UID across moves, the sequence raised on each change. */
    calendarUid: uuid('calendar_uid').notNull().defaultRandom(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    confirmedAt: instant('confirmed_at'),
    /** When it was moved, cancelled or released; for a completed or missed one, when its time ended. */
    endedAt: instant('ended_at'),
    /** When the reminder before it was queued (decision 058: once, whichever worker gets there). */
    reminderQueuedAt: instant('reminder_queued_at'),
  },
  (t) => [
    uniqueIndex('booking_slot_seat_uq')
      .on(t.benefitId, t.placeId, t.startsAt, t.seat)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    uniqueIndex('booking_confirmed_service_uq')
      .on(t.planPatientId, t.benefitId)
      .where(sql`${t.status} = 'confirmed'`),
    index('booking_plan_patient_idx').on(t.planPatientId),
    index('booking_reminder_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderQueuedAt} is null`),
    check(
      'booking_status',
      sql`${t.status} in ('held', 'confirmed', 'moved', 'cancelled', 'released', 'completed', 'missed')`,
    ),
    check('booking_seat_within_capacity', sql`${t.seat} between 1 and ${t.capacity}`),
    check('booking_held_until', sql`(${t.status} = 'held') = (${t.heldUntil} is not null)`),
    check('booking_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Transactional outbox: mails are written with the change that causes them, delivered by a worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: programOf(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

export const auditEvent = pgTable(
  'audit_event',
  {
    id: serialId(),
    programId: integer('program_id').references(() => program.id),
    /** Who acted (decision 064): patient, pharmacy, staff, visitor or system, and its id (none for a visitor). */
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    /** The patient account that acted, when one did: the data export's "activity". */
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_event_program_idx').on(t.programId, t.createdAt)],
);

export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    programId: programOf(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_key_pk').on(t.programId, t.key)],
);

export const clientLog = pgTable(
  'client_log',
  {
    id: serialId(),
    programId: programOf(),
    level: smallint('level').notNull(),
    message: text('message').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>(),
    path: text('path'),
    appVersion: text('app_version'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('client_log_program_idx').on(t.programId, t.createdAt)],
);

/**
 * A coupon link the call center issued (decision 047): a link opens only when its ids name a row here, so a link is
 * the issuing staff user's, on record, and can be withdrawn by deleting its row. The link itself (the signature) is
 * never stored.
 */
export const couponLink = pgTable(
  'coupon_link',
  {
    id: serialId(),
    programId: programOf(),
    planPatientId: planPatientOf(),
    /** A general benefit of the program's catalogue. */
    benefitId: benefitOf(),
    /** The call center's user who issued the link (`iumb`): a staff member's `number` when the console issued it (decision 078). */
    staffUserId: bigint('staff_user_id', { mode: 'number' }).notNull(),
    issuedAt: instant('issued_at').notNull(),
    /** Whole seconds: the link's `e`. */
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('coupon_link_plan_patient_idx').on(t.planPatientId, t.benefitId)],
);

/**
 * A lesson the patient marked completed (decision 049): the lesson texts are program files, the database keeps only
 * what each patient completed. One row per patient and lesson (the unique index decides, also under a race);
 * unmarking deletes the row.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    id: serialId(),
    programId: programOf(),
    patientId: patientOf(),
    condition: text('condition').notNull(),
    lesson: text('lesson').notNull(),
    completedAt: instant('completed_at').notNull(),
  },
  (t) => [uniqueIndex('lesson_progress_patient_lesson_uq').on(t.patientId, t.condition, t.lesson)],
);

/**
 * A pharmacy of a program (decision 059): the caller behind the pharmacy door. Made by `npm run pharmacies:add` (and,
 * outside production, one per program country by the demo seed).
 */
export const pharmacy = pgTable(
  'pharmacy',
  {
    id: serialId(),
    programId: programOf(),
    name: text('name').notNull(),
    chain: text('chain'),
    branch: text('branch'),
    /** Its country: the currency of its amounts and the benefits that apply at its counter. */
    country: text('country').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pharmacy_program_name_uq').on(t.programId, t.country, t.name)],
);

const pharmacyOf = () =>
  bigint('pharmacy_id', { mode: 'number' })
    .notNull()
    .references(() => pharmacy.id);

/**
 * A pharmacy's API key (decision 059): only its keyed hash is stored, with its first characters in clear (`prefix`,
 * unique) to find it and to name it when revoking. Several per pharmacy (one per counter); revoked, never deleted.
 */
export const pharmacyApiKey = pgTable(
  'pharmacy_api_key',
  {
    id: serialId(),
    pharmacyId: pharmacyOf(),
    prefix: text('prefix').notNull().unique(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('pharmacy_api_key_pharmacy_idx').on(t.pharmacyId)],
);

/** The columns a pharmacy's record of a patient's counter operation shares (purchase and redemption). */
const counterRecord = () => ({
  id: serialId(),
  programId: programOf(),
  pharmacyId: pharmacyOf(),
  /** The key (the counter) that recorded it; none for a line of the pharmacy's report (`npm run purchases:import`). */
  apiKeyId: bigint('api_key_id', { mode: 'number' }).references(() => pharmacyApiKey.id),
  planPatientId: planPatientOf(),
  productId: productOf(),
  /** The pharmacy's receipt: with the product, unique per pharmacy (a retry is the same record). */
  receiptId: text('receipt_id').notNull(),
  /** The keyed fingerprint of the request that made it: the same receipt with another body is refused. */
  requestHash: text('request_hash').notNull(),
  createdAt: createdAt(),
  /** Reversed by the same pharmacy on the same day, with a reason: kept, never deleted. */
  reversedAt: instant('reversed_at'),
  reversalReason: text('reversal_reason'),
});

/**
 * A purchase at a pharmacy with the program's code (decision 059). Amounts are exact decimals in the pharmacy
 * country's currency; the discount is the benefit's, applied by the server.
 */
export const purchase = pgTable(
  'purchase',
  {
    ...counterRecord(),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    discountAmount: numeric('discount_amount', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    purchasedAt: instant('purchased_at').notNull(),
  },
  (t) => [
    uniqueIndex('purchase_pharmacy_receipt_uq').on(t.pharmacyId, t.receiptId, t.productId),
    index('purchase_plan_product_idx').on(t.planPatientId, t.productId, t.purchasedAt),
    check('purchase_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A free unit redeemed at a pharmacy (decision 059): which purchases' units it used (`uses`, oldest first), and the
 * day in the patient's country (the caps count calendar months and years there).
 */
export const redemption = pgTable(
  'redemption',
  {
    ...counterRecord(),
    redeemedAt: instant('redeemed_at').notNull(),
    redeemedOn: date('redeemed_on').notNull(),
    uses: jsonb('uses').$type<{ purchaseId: number; units: number }[]>().notNull(),
  },
  (t) => [
    uniqueIndex('redemption_pharmacy_receipt_uq').on(t.pharmacyId, t.receiptId, t.productId),
    index('redemption_plan_product_idx').on(t.planPatientId, t.productId, t.redeemedAt),
  ],
);

/**
 * The refill reminder decided for a patient's newest supply of a medicine (decision 061): at most one per purchase and
 * one per free unit (the unique keys), whichever worker gets there first; `outcome` says whether a mail was queued
 * (in the same transaction) or why not. Nothing here is the pharmacy's: the purge deletes it.
 */
export const refillReminder = pgTable(
  'refill_reminder',
  {
    id: serialId(),
    programId: programOf(),
    planPatientId: planPatientOf(),
    productId: productOf(),
    /** The newest supply the estimate counted: a purchase, or a free unit (exactly one of the two). */
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchase.id),
    redemptionId: bigint('redemption_id', { mode: 'number' }).references(() => redemption.id),
    /** The estimate it was made for: the last day of the supply and the day the reminder was due. */
    lastsUntil: date('lasts_until').notNull(),
    remindOn: date('remind_on').notNull(),
    /** queued: the mail is in the outbox; off: the patient turned refill reminders off; closed: the account is closed. */
    outcome: text('outcome', { enum: ['queued', 'off', 'closed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refill_reminder_purchase_uq').on(t.purchaseId),
    uniqueIndex('refill_reminder_redemption_uq').on(t.redemptionId),
    index('refill_reminder_plan_idx').on(t.planPatientId),
    check('refill_reminder_one_supply', sql`num_nonnulls(${t.purchaseId}, ${t.redemptionId}) = 1`),
    check('refill_reminder_outcome', sql`${t.outcome} in ('queued', 'off', 'closed')`),
  ],
);

/**
 * The job runner's rounds (decision 064): one row per interval job, claimed by the instance that runs the round, so
 * that a job runs once per round however many instances tick.
 */
export const jobRound = pgTable('job_round', {
  name: text('name').primaryKey(),
  /** The start of the last round claimed (the round's instant: now rounded down to the job's interval). */
  roundAt: instant('round_at').notNull(),
});

/**
 * The staff directory (decision 068): the program company's own people, one directory for the whole portal (not a
 * patient pool). A member is made by `npm run staff:add` with a one-time set-up link; until set up, no password and no
 * second factor. The authenticator's secret is sealed at rest with the key-encryption secret; `totp_last_step` is the
 * last time step a code was accepted for, so that a code is never accepted twice (RFC 6238, section 5.2).
 */
export const staffMember = pgTable(
  'staff_member',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The member's number: the `iumb` of the coupon links they issue (decision 078), which the specification makes a
     * number. Drawn by the database, never reused.
     */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    /** Lower-cased; unique whatever its case (the index is on lower(email)). */
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    status: text('status', { enum: ['active', 'disabled'] }).notNull(),
    passwordHash: text('password_hash'),
    totpSecretEnc: text('totp_secret_enc'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    setupCompletedAt: instant('setup_completed_at'),
    disabledAt: instant('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_member_email_uq').on(sql`lower(${t.email})`)],
);

const staffOf = () =>
  uuid('staff_id')
    .notNull()
    .references(() => staffMember.id);

/** A staff member's role in one program: agent, nurse, manager or admin (several roles and programs per member). */
export const staffRole = pgTable(
  'staff_role',
  {
    staffId: staffOf(),
    programId: programOf(),
    role: text('role', { enum: ['agent', 'nurse', 'manager', 'admin'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.programId, t.role] })],
);

/**
 * A one-time set-up link (24 hours): the nonce only as a hash. Opening it draws a fresh authenticator secret, kept
 * sealed here until the set-up proves it with a code; a newer link supersedes the older ones.
 */
export const staffSetupLink = pgTable(
  'staff_setup_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: staffOf(),
    ...singleUseLink(),
    supersededAt: instant('superseded_at'),
    pendingTotpSecretEnc: text('pending_totp_secret_enc'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_setup_link_staff_idx').on(t.staffId)],
);

/** The ten single-use recovery codes of the set-up, each hashed like a password (they are short to type). */
export const staffRecoveryCode = pgTable(
  'staff_recovery_code',
  {
    id: serialId(),
    staffId: staffOf(),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_code_staff_idx').on(t.staffId)],
);

/** The step between the password and the second factor: a nonce (hashed) valid 5 minutes, used once. */
export const staffLoginChallenge = pgTable(
  'staff_login_challenge',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: staffOf(),
    ...singleUseLink(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_login_challenge_staff_idx').on(t.staffId)],
);

/**
 * A staff session: an opaque bearer token (hashed), checked in the database on every call, so that an end (logout,
 * the member disabled) holds at once on every instance. It ends 15 minutes after its last call and 10 hours after it began.
 */
export const staffSession = pgTable(
  'staff_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: staffOf(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    endedAt: instant('ended_at'),
    endedReason: text('ended_reason'),
  },
  (t) => [index('staff_session_staff_idx').on(t.staffId)],
);

/**
 * The staff access log (decision 074): every record a staff member opened and every search they made, append-only.
 * No code path updates or deletes a row, and a trigger of migration 0019 refuses UPDATE and DELETE in the database
 * itself. A search names no patient (`patient_id` null) and never its terms. The grant to act on a patient is a
 * `record-opened` row of the staff member's live session.
 */
export const staffAccessLog = pgTable(
  'staff_access_log',
  {
    id: serialId(),
    staffId: staffOf(),
    /** The session it was done in: an opened record is granted for that session only. */
    staffSessionId: uuid('staff_session_id').notNull(),
    programId: programOf(),
    patientId: bigint('patient_id', { mode: 'number' }).references(() => patient.id),
    /** `record-opened` or `search`. */
    what: text('what').notNull(),
    /** Why the record was opened (STAFF_ACCESS_REASONS); none for a search. */
    reason: text('reason'),
    reasonText: text('reason_text'),
    at: instant('at').notNull(),
  },
  (t) => [
    index('staff_access_log_patient_idx').on(t.patientId, t.at),
    index('staff_access_log_staff_idx').on(t.staffId, t.at),
    index('staff_access_log_session_idx').on(t.staffSessionId, t.patientId),
  ],
);

/**
 * A note of an interaction with the patient (decision 078): how (channel), how it ended (outcome) and the text, by an
 * agent or a nurse on a record their session opened. A nurse's clinical note is read by nurses only. Append-only in
 * the application (no route changes or deletes one); the purge overwrites the text.
 */
export const staffNote = pgTable(
  'staff_note',
  {
    id: serialId(),
    programId: programOf(),
    patientId: patientOf(),
    staffId: staffOf(),
    channel: text('channel', { enum: ['phone-in', 'phone-out', 'email', 'text-message', 'other'] }).notNull(),
    outcome: text('outcome', { enum: ['resolved', 'follow-up', 'no-answer', 'left-message', 'other'] }).notNull(),
    text: text('text').notNull(),
    clinical: boolean('clinical').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('staff_note_patient_idx').on(t.patientId, t.createdAt)],
);

/**
 * A treatment's dose history (decision 080): one row when it is created, one each time its dose, frequency, length,
 * rest or start changes, and one when it is deleted, each with the values it then had. Written by a trigger on
 * `treatment` (every writer: the sign-up, My care, an agent, the seeds), never by the application; adherence reads the
 * dose in effect on a purchase's day, and the console shows the history.
 */
export const treatmentVersion = pgTable(
  'treatment_version',
  {
    id: serialId(),
    treatmentId: bigint('treatment_id', { mode: 'number' })
      .notNull()
      .references(() => treatment.id),
    planPatientId: planPatientOf(),
    productId: productOf(),
    change: text('change', { enum: ['created', 'modified', 'deleted'] }).notNull(),
    at: instant('at').notNull(),
    unitAmount: numeric('unit_amount', { precision: 10, scale: 2 }).notNull(),
    frequencyAmount: integer('frequency_amount').notNull(),
    frequencyInterval: text('frequency_interval').notNull(),
    durationAmount: integer('duration_amount').notNull(),
    durationInterval: text('duration_interval').notNull(),
    restAmount: integer('rest_amount'),
    restInterval: text('rest_interval'),
    startDate: date('start_date'),
  },
  (t) => [
    index('treatment_version_plan_product_idx').on(t.planPatientId, t.productId, t.at),
    index('treatment_version_treatment_idx').on(t.treatmentId, t.id),
  ],
);

/**
 * What adherence knows of a patient's medicine (decision 080), kept by the refresh job from the purchases, free units
 * and dose history: the PDC of the last year, until when the supply lasts, persistence. The outreach list and the
 * program's figures read these rows, never every purchase.
 */
export const adherenceSummary = pgTable(
  'adherence_summary',
  {
    planPatientId: planPatientOf(),
    productId: productOf(),
    programId: programOf(),
    patientId: patientOf(),
    country: text('country').notNull(),
    /** Whether the patient has a live treatment of the product now. */
    liveTreatment: boolean('live_treatment').notNull(),
    pdc: numeric('pdc', { precision: 5, scale: 4 }),
    daysCovered: integer('days_covered').notNull(),
    daysInPeriod: integer('days_in_period').notNull(),
    coveredUntil: date('covered_until'),
    firstSupplyOn: date('first_supply_on'),
    lastSupplyOn: date('last_supply_on'),
    persistent: boolean('persistent'),
    /** The first day a gap grew longer than the allowed one (null while persistent): the cohorts' figure. */
    persistenceEndedOn: date('persistence_ended_on'),
    suppliesCounted: integer('supplies_counted').notNull(),
    /** The patient's day the figures are for. */
    computedOn: date('computed_on').notNull(),
    computedAt: instant('computed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planPatientId, t.productId] }),
    index('adherence_summary_program_covered_idx').on(t.programId, t.coveredUntil),
    index('adherence_summary_patient_idx').on(t.patientId),
  ],
);

/**
 * A patient on the outreach list (decision 080): why (`reasons`, one per episode: a medicine run out, no first
 * purchase, an appointment cancelled), since when, the lowest PDC; rebuilt by the refresh job. An agent's claim keeps
 * it theirs for 30 minutes (one conditional write decides a race); a "no answer" hides it until its day.
 */
export const outreachEntry = pgTable(
  'outreach_entry',
  {
    patientId: bigint('patient_id', { mode: 'number' })
      .primaryKey()
      .references(() => patient.id),
    programId: programOf(),
    country: text('country').notNull(),
    /** The day the risk began (the supply's run-out day, the enrolment, the cancellation): the oldest first. */
    since: date('since').notNull(),
    pdc: numeric('pdc', { precision: 5, scale: 4 }),
    reasons: jsonb('reasons').$type<Record<string, unknown>[]>().notNull(),
    /** A "no answer" puts the entry off until this day (the program's default country's). */
    hiddenUntil: date('hidden_until'),
    claimedBy: uuid('claimed_by').references(() => staffMember.id),
    claimedUntil: instant('claimed_until'),
    refreshedAt: instant('refreshed_at').notNull(),
  },
  // The list's order, so that its first page is read from the index whatever the list's length.
  (t) => [index('outreach_entry_program_since_idx').on(t.programId, t.since, t.pdc.asc().nullsFirst(), t.patientId)],
);

/**
 * What an outreach call came to (decision 080), append-only: per episode of a reason, the outcome, a stop's reason,
 * the day to try again. The list leaves out an episode whose latest outcome ended it or whose day has not come; the
 * figures count them.
 */
export const outreachOutcome = pgTable(
  'outreach_outcome',
  {
    id: serialId(),
    programId: programOf(),
    patientId: patientOf(),
    staffId: staffOf(),
    country: text('country').notNull(),
    episode: text('episode').notNull(),
    outcome: text('outcome', { enum: ['will-buy', 'stopped', 'wrong-number', 'no-answer'] }).notNull(),
    stopReason: text('stop_reason', { enum: ['side-effects', 'cost', 'doctor', 'feels-better', 'other'] }),
    retryOn: date('retry_on'),
    at: instant('at').notNull(),
  },
  (t) => [
    index('outreach_outcome_patient_idx').on(t.patientId, t.episode, t.id),
    index('outreach_outcome_program_idx').on(t.programId, t.at),
  ],
);

/** When the refresh job last brought a program's summaries and list up to date, and the day of its last full round. */
export const adherenceRefresh = pgTable('adherence_refresh', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => program.id),
  refreshedAt: instant('refreshed_at').notNull(),
  fullOn: date('full_on').notNull(),
});

/**
 * The program's figures for its managers (decision 081), rebuilt by the figures job from the enrolments, purchases,
 * free units, appointments, lessons, logins, adherence summaries and outreach outcomes: a count (or, for savings, an
 * amount) per program, country, metric, bucket (a week, a month, a decile, a cohort) and category (a product, a
 * currency, an outcome, a horizon; '' for none). Counts only, never a patient: the API suppresses the small ones.
 */
export const programFigure = pgTable(
  'program_figure',
  {
    programId: programOf(),
    country: text('country').notNull(),
    metric: text('metric').notNull(),
    bucket: text('bucket').notNull(),
    category: text('category').notNull().default(''),
    value: numeric('value', { precision: 16, scale: 2 }).notNull(),
    computedAt: instant('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.country, t.metric, t.bucket, t.category] })],
);
