// Which tables hold a patient's data, and how the data export (POST /account/export) and `npm run accounts:purge`
// (purge.ts) cover each one (decision 033), in the spirit of the access matrix. Each module declares the tables it
// owns in its own `patient-data.ts` (this module's in account-data.ts); `src/patient-data.ts` gathers them into one
// coverage of every table of schema.ts, which fails the type check for a table no module covers. It is read here by
// the export's and the purge's tests: patient-data.int.test.ts enrols a patient with a row in every patient table and
// checks that the export shows each and that after the purge no personal value is left anywhere in the database.
export { TABLE_COVERAGE, type PatientTableName } from '../../patient-data.ts';
export type { OtherTable, PatientDataTable, SchemaTableName } from '../../platform/patient-data.ts';
