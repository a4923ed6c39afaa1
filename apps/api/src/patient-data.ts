// Every part of the patient's data (decision 033): the platform's own tables, then each module's part in the order of
// modules.ts. The data export and `npm run accounts:purge` (modules/account) run these parts and name no domain; the
// app hands them to the modules as `patientData`. The coverage below fails the type check for a table of schema.ts
// that no part covers, a table two parts claim, or a key of the export that no table shows (patient-data.test.ts
// probes each); patient-data.int.test.ts checks that the export and the purge do what the coverage says.
import { MODULES } from './modules.ts';
import type { PortalModule } from './platform/module.ts';
import {
  coverageOf,
  PLATFORM_PATIENT_DATA,
  type PatientDataPart,
  type SchemaTableName,
  type TableCoverage,
} from './platform/patient-data.ts';

/** The parts of a list of modules, each with its own type, leaving out the modules that declare none. */
export type PartsOf<Modules extends readonly PortalModule[]> = Modules extends readonly [
  infer Head,
  ...infer Rest extends readonly PortalModule[],
]
  ? Head extends PortalModule<infer Data>
    ? [Data] extends [undefined]
      ? PartsOf<Rest>
      : [Exclude<Data, undefined>, ...PartsOf<Rest>]
    : never
  : [];

/** The modules' parts, in the list's order (the type is the list's own: a part's tables keep their names). */
export function partsOf<const Modules extends readonly PortalModule[]>(modules: Modules): PartsOf<Modules> {
  return modules.flatMap((module) => (module.patientData ? [module.patientData] : [])) as PartsOf<Modules>;
}

const PARTS = [PLATFORM_PATIENT_DATA, ...partsOf(MODULES)] as const;

/** Every part of the patient's data: what the export and the purge run, in this order. */
export const PATIENT_DATA: readonly PatientDataPart[] = PARTS;

/** Which tables hold a patient's data, and how the export and the purge cover each one: every table of schema.ts. */
export const TABLE_COVERAGE = coverageOf(PARTS) satisfies Record<SchemaTableName, TableCoverage>;

/** The tables that hold a patient's data. */
export type PatientTableName = {
  [K in SchemaTableName]: (typeof TABLE_COVERAGE)[K]['holds'] extends 'patient data' ? K : never;
}[SchemaTableName];
