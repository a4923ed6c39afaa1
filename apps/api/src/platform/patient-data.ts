// Each module's part of the patient's data (decision 033, issue 33): the tables it owns, each classified as a patient's
// data or not, and what the data export (POST /account/export) and `npm run accounts:purge` do with them. Modules
// declare their part in their own `patient-data.ts` and reference it from `module.ts`; `account` runs every part it is
// given and names no domain. The types here make the checks that the compiler can make: a part whose tables are shown
// in the export must bring the export's query, one whose rows are deleted or overwritten must bring the purge's step,
// and `coverageOf` (used by `src/patient-data.ts`, which gathers the parts) refuses a table of schema.ts that no part
// covers or that two parts claim. This file also declares the platform's own tables (the outbox, the audit trail...).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AccountExport } from '@portal/contracts/account';
import type * as schema from '../db/schema.ts';
import { auditEvent, outbox } from '../db/schema.ts';
import type { Executor } from './db.ts';

/** The name of every table exported by schema.ts. */
export type SchemaTableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/** The export's keys that tables show: all of the export but when it was made and for which program. */
export type ExportKey = Exclude<keyof AccountExport, 'exportedAt' | 'program'>;

export interface PatientDataTable {
  holds: 'patient data';
  /** The export's key that shows its rows, or why they are not shown. */
  export: ExportKey | { omitted: string };
  /** What the purge does with the rows: deleted, or kept with the personal columns overwritten, or kept whole and why. */
  purge: 'deleted' | 'overwritten' | { kept: string };
}

export interface OtherTable {
  holds: 'no patient data';
  why: string;
}

export type TableCoverage = PatientDataTable | OtherTable;

/** A part's tables, each with its coverage. */
export type TablesCoverage = { readonly [K in SchemaTableName]?: TableCoverage };

/** The export's keys that these tables show. */
export type ExportKeysOf<Tables> = {
  [K in keyof Tables]-?: Tables[K] extends { export: infer Key extends ExportKey } ? Key : never;
}[keyof Tables];

/** The tables whose rows the purge deletes or overwrites: a part with any brings the step that does it. */
export type ErasedTablesOf<Tables> = {
  [K in keyof Tables]-?: Tables[K] extends { purge: 'deleted' | 'overwritten' } ? K : never;
}[keyof Tables];

/**
 * What a part's export query answers: a value for each key its tables show, in the export's own form (dates as ISO
 * text). `undefined` says the row the key needs is not there (no account, no patient): the export is then not found.
 */
export type ExportPart<Tables> = { [Key in ExportKeysOf<Tables>]: AccountExport[Key] | undefined };

/** Whose data the export gathers: the caller's own ids. */
export interface ExportSubject {
  userId: string;
  patientId: number;
}

/** One account being erased, as every part's purge step sees it, in the purge's transaction. */
export interface Erasure {
  userId: string;
  /** The program of the account's pool: the same address may hold an account of another program. */
  programId: number;
  /** The account's patient record, with its status as the purge found it; none for an account without one. */
  patient: { id: number; status: string } | undefined;
  /** The patient's plans (none without a patient record). */
  planPatientIds: readonly number[];
  /** The address that takes the place of the account's: never delivered, never colliding (RFC 2606). */
  tombstoneEmail: string;
  now: Date;
}

/** The erasure once every part has told the addresses its rows hold. */
export interface AddressedErasure extends Erasure {
  /** Every address the account's mails may have gone to: its login e-mail and what the parts found. */
  addresses: ReadonlySet<string>;
}

/** A part as `account` runs it, whatever its tables. */
export interface PatientDataPart {
  tables: TablesCoverage;
  /** The export's keys of its tables, read with the caller's ids. */
  export?: (db: Executor, subject: ExportSubject) => Promise<Partial<Record<ExportKey, unknown>>>;
  /**
   * The addresses its rows hold that the account's mails may have gone to (an earlier login e-mail, the one it
   * enrolled with). Every part answers before any part's purge step runs, so a step may erase what another reads here.
   */
  addresses?: (tx: Executor, erasure: Erasure) => Promise<readonly string[]>;
  /** Deletes or overwrites its rows of the account, in the purge's transaction. The steps touch disjoint rows. */
  purge?: (tx: Executor, erasure: AddressedErasure) => Promise<void>;
}

/** A part with its tables' own types: what a module declares, and what the coverage check reads. */
export type PatientDataOf<Tables extends TablesCoverage> = {
  tables: Tables;
  addresses?: PatientDataPart['addresses'];
} & ([ExportKeysOf<Tables>] extends [never]
  ? { export?: never }
  : { export: (db: Executor, subject: ExportSubject) => Promise<ExportPart<Tables>> }) &
  ([ErasedTablesOf<Tables>] extends [never] ? { purge?: never } : { purge: NonNullable<PatientDataPart['purge']> });

/** A module's part of the patient's data, checked by its type and keeping its tables' names for the coverage check. */
export const definePatientData = <const Tables extends TablesCoverage>(
  part: PatientDataOf<Tables>,
): PatientDataOf<Tables> => part;

/** A row as the export shows it: the same keys in the same order, dates as ISO text. */
export const datesAsText = <Row extends Record<string, unknown>>(row: Row) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

// The coverage check, on the parts' types. Each check answers `never` when it holds.
type TablesOf<Part> = Part extends { tables: infer Tables } ? keyof Tables : never;
type ShownBy<Part> = Part extends { tables: infer Tables } ? ExportKeysOf<Tables> : never;
type Twice<Parts extends readonly unknown[], Of extends 'tables' | 'shown'> = Parts extends readonly [
  infer Head,
  ...infer Rest,
]
  ? | (Of extends 'tables' ? TablesOf<Head> & TablesOf<Rest[number]> : ShownBy<Head> & ShownBy<Rest[number]>)
    | Twice<Rest, Of>
  : never;

/** What is wrong with these parts' coverage, by kind; every kind is `never` when the coverage is whole. */
export interface CoverageProblems<Parts extends readonly unknown[]> {
  /** Tables of schema.ts that no part covers. */
  uncovered: Exclude<SchemaTableName, TablesOf<Parts[number]>>;
  /** Tables that two parts claim. */
  claimedTwice: Twice<Parts, 'tables'>;
  /** Names that are no table of schema.ts. */
  notInSchema: Exclude<TablesOf<Parts[number]>, SchemaTableName>;
  /** Keys of the export that no table shows: the export would always be "not found". */
  notShown: Exclude<ExportKey, ShownBy<Parts[number]>>;
  /** Keys of the export that two parts show: one would hide the other. */
  shownTwice: Twice<Parts, 'shown'>;
}

/** What is wrong, as sentences the compiler prints in its error: one per table or key. */
type CoverageMessages<Problems extends CoverageProblems<readonly unknown[]>> =
  | `${Problems['uncovered']} is a table of schema.ts that no part covers`
  | `${Problems['claimedTwice'] & string} is claimed by two parts`
  | `${Problems['notInSchema'] & string} is no table of schema.ts`
  | `the export's ${Problems['notShown']} is shown by no table`
  | `the export's ${Problems['shownTwice']} is shown by two parts`;

/** `unknown` (no constraint) when the coverage is whole; otherwise one property per problem, named by it. */
type WholeCoverage<Parts extends readonly unknown[]> = [CoverageMessages<CoverageProblems<Parts>>] extends [never]
  ? unknown
  : { [Message in CoverageMessages<CoverageProblems<Parts>>]: true };

/** Every table's coverage, from each part's. */
export type CoverageOf<Parts extends readonly unknown[]> = {
  [Table in TablesOf<Parts[number]>]: Parts[number] extends infer Part
    ? Part extends { tables: infer Tables }
      ? Table extends keyof Tables
        ? Tables[Table]
        : never
      : never
    : never;
};

/**
 * The coverage of every table of schema.ts, gathered from the parts. A table that no part covers, a table two parts
 * claim, a name that is no table, or a key of the export that no table or two parts show, is a type error at the call.
 */
export function coverageOf<const Parts extends readonly PatientDataPart[]>(
  parts: Parts & WholeCoverage<Parts>,
): CoverageOf<Parts> {
  return Object.assign({}, ...parts.map((part) => part.tables)) as CoverageOf<Parts>;
}

/** The platform's own tables: its mechanisms (programs, switches, jobs, mails, the audit trail). */
export const PLATFORM_PATIENT_DATA = definePatientData({
  tables: {
    program: { holds: 'no patient data', why: 'a program: its name, countries and branding, from its files' },
    featureToggle: { holds: 'no patient data', why: "a program's switches" },
    jobRound: { holds: 'no patient data', why: "the job runner's last claimed round per job: a name and a time" },
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
  },
  async export(db, { userId }) {
    const activity = await db
      .select({ action: auditEvent.action, at: auditEvent.createdAt })
      .from(auditEvent)
      .where(eq(auditEvent.actorUserId, userId))
      .orderBy(asc(auditEvent.id))
      .limit(1000);
    return { activity: activity.map((row) => ({ action: row.action, at: row.at.toISOString() })) };
  },
  async purge(tx, { programId, addresses }) {
    // Mails already written carry the address (and some the name): they go too. Only the program's own: the same
    // address may hold an account of another program.
    await tx.delete(outbox).where(and(eq(outbox.programId, programId), inArray(outbox.recipient, [...addresses])));
  },
});
