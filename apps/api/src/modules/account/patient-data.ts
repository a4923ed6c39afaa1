// Which tables hold a patient's data, and how the data export (POST /account/export) and `npm run accounts:purge`
// (purge.ts) cover each one (decision 033), in the spirit of the access matrix. Every table of schema.ts has an
// entry: a table missing here fails the type check and patient-data.int.test.ts, which also enrols a patient with a
// row in every patient table and checks that the export shows each and that after the purge no personal value is
// left anywhere in the database.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AccountExport } from '@portal/contracts/account';
import type * as schema from '../../db/schema.ts';

/** The name of every table exported by schema.ts. */
export type SchemaTableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

export interface PatientDataTable {
  holds: 'patient data';
  /** The export's key that shows its rows, or why they are not shown. */
  export: Exclude<keyof AccountExport, 'exportedAt' | 'program'> | { omitted: string };
  /** What the purge does with the rows: deleted, or kept with the personal columns overwritten, or kept whole and why. */
  purge: 'deleted' | 'overwritten' | { kept: string };
}

export interface OtherTable {
  holds: 'no patient data';
  why: string;
}

export const TABLE_COVERAGE = {
  program: { holds: 'no patient data', why: 'a program: its name, countries and branding, from its files' },
  supportPlan: { holds: 'no patient data', why: "a program's plan for one country, from its files" },
  featureToggle: { holds: 'no patient data', why: "a program's switches" },
  identityPool: { holds: 'no patient data', why: "a program's account pool and issuer" },
  signingKey: { holds: 'no patient data', why: "a pool's token signing keys" },
  product: { holds: 'no patient data', why: "a program's medicines, from its files" },
  benefit: { holds: 'no patient data', why: "a program's benefit catalogue, from its files" },
  benefitProduct: { holds: 'no patient data', why: 'which products a benefit of the catalogue applies to' },
  pharmacy: { holds: 'no patient data', why: "a program's partner pharmacy: name, chain, branch, country" },
  pharmacyApiKey: { holds: 'no patient data', why: "a pharmacy's API keys: hashes, a readable start and times" },
  jobRound: { holds: 'no patient data', why: "the job runner's last claimed round per job: a name and a time" },
  staffMember: {
    holds: 'no patient data',
    why: "the program company's staff directory (decision 068): a staff member's e-mail, names, status, password hash and sealed authenticator secret",
  },
  staffRole: { holds: 'no patient data', why: "a staff member's role in a program" },
  staffSetupLink: {
    holds: 'no patient data',
    why: "a staff member's set-up link: a nonce hash, times and a sealed authenticator secret",
  },
  staffRecoveryCode: { holds: 'no patient data', why: "a staff member's recovery codes: hashes and times" },
  staffLoginChallenge: {
    holds: 'no patient data',
    why: "a staff member's step between password and second factor: a nonce hash and times",
  },
  staffSession: { holds: 'no patient data', why: "a staff member's sessions: a token hash and times" },
  clientLog: {
    holds: 'no patient data',
    why: "the web's error reports: a message and a context the web's code writes, never a form's values, and no account id",
  },

  userAccount: { holds: 'patient data', export: 'account', purge: 'overwritten' },
  emailChange: { holds: 'patient data', export: 'emailChanges', purge: 'deleted' },
  session: {
    holds: 'patient data',
    export: {
      omitted:
        'hashes of refresh tokens (secrets), times and the device as a browser and a system word (decision 044, shown in my sessions); the logins they come from are in `activity`',
    },
    purge: {
      kept: 'revoked when the account closes; token hashes, times and a browser and a system word, no personal value',
    },
  },
  passwordReset: {
    holds: 'patient data',
    export: { omitted: 'a link’s nonce hash and times: a secret, no personal value' },
    purge: 'deleted',
  },
  enrolmentNotMeLink: {
    holds: 'patient data',
    export: {
      omitted:
        'the welcome mail’s "this wasn’t me" link: a nonce hash, a keyed fingerprint and times, no personal value',
    },
    purge: 'deleted',
  },
  patient: { holds: 'patient data', export: 'patient', purge: 'overwritten' },
  preregistration: { holds: 'patient data', export: 'invitation', purge: 'overwritten' },
  planPatient: {
    holds: 'patient data',
    export: 'plans',
    purge: { kept: "the plan and its period, no personal value: the program's counts" },
  },
  caregiver: { holds: 'patient data', export: 'caregiver', purge: 'deleted' },
  consentRecord: {
    holds: 'patient data',
    export: 'consents',
    purge: { kept: 'a terms version and when: the program’s proof of consent, no personal value' },
  },
  treatment: { holds: 'patient data', export: 'treatments', purge: 'overwritten' },
  discountCode: { holds: 'patient data', export: 'discountCodes', purge: 'deleted' },
  lessonProgress: { holds: 'patient data', export: 'learningProgress', purge: 'deleted' },
  booking: { holds: 'patient data', export: 'bookings', purge: 'deleted' },
  outbox: {
    holds: 'patient data',
    export: {
      omitted:
        'the mails sent to the patient, made of what `account` and `patient` already show, and their links (secrets)',
    },
    purge: 'deleted',
  },
  auditEvent: {
    holds: 'patient data',
    export: 'activity',
    purge: { kept: "actions and times under the account's id, no personal value: the security record" },
  },
  idempotencyKey: {
    holds: 'patient data',
    export: { omitted: "the sign-up's stored answer (name, e-mail, ids), all of it in `account` and `patient`" },
    purge: 'deleted',
  },
  couponLink: {
    holds: 'patient data',
    export: { omitted: "the call center's record of the coupon links it issued: ids and times, no personal value" },
    purge: { kept: 'ids and times, no personal value; the account is disabled, so its links no longer open' },
  },
  purchase: {
    holds: 'patient data',
    export: 'purchases',
    purge: { kept: 'the pharmacy’s accounts: receipt, product, amounts and times under the plan, no personal value' },
  },
  redemption: {
    holds: 'patient data',
    export: 'redemptions',
    purge: { kept: 'the pharmacy’s accounts: receipt, product and times under the plan, no personal value' },
  },
  refillReminder: { holds: 'patient data', export: 'refillReminders', purge: 'deleted' },
} as const satisfies Record<SchemaTableName, PatientDataTable | OtherTable>;

/** The tables that hold a patient's data. */
export type PatientTableName = {
  [K in SchemaTableName]: (typeof TABLE_COVERAGE)[K]['holds'] extends 'patient data' ? K : never;
}[SchemaTableName];
