// The data export's gathering (POST /account/export, decision 033): each module's part of the patient's data answers
// the export's keys its tables show, and the export is all of them in the contract's order. It names no domain.
import { AccountExportSchema, type AccountExport } from '@portal/contracts/account';
import type { Executor } from '../../platform/db.ts';
import type { ExportKey, ExportSubject, PatientDataPart } from '../../platform/patient-data.ts';

/** The keys the parts answer, in the contract's order (the export's JSON keeps it). */
const EXPORT_KEYS = AccountExportSchema.keyof().options.filter(
  (key): key is ExportKey => key !== 'exportedAt' && key !== 'program',
);

/**
 * Everything held about one patient, each part's queries keyed by the caller's own ids; none without an account or a
 * patient.
 */
export async function collectPatientData(
  db: Executor,
  parts: readonly PatientDataPart[],
  subject: ExportSubject,
): Promise<Pick<AccountExport, ExportKey> | undefined> {
  const shown: Partial<Record<ExportKey, unknown>> = {};
  for (const part of parts) if (part.export) Object.assign(shown, await part.export(db, subject));
  // A part answers `undefined` for a row that must be there (the account, the patient): the export is not found.
  if (EXPORT_KEYS.some((key) => shown[key] === undefined)) return undefined;
  return Object.fromEntries(EXPORT_KEYS.map((key) => [key, shown[key]])) as Pick<AccountExport, ExportKey>;
}
