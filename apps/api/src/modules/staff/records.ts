// Finding a patient and opening their record with a reason (decision 074): a search within the host's program, by one
// kind of term, and the read-only record, which is the patient's own data as their export gathers it from every
// module's part. Every search and every record opened is written to the append-only access log, and an opened record
// is granted to the staff session that opened it until that session ends. The record adds the 4+1 progress, computed
// as the purchases screens compute it, through the purchases' and benefits' public files.
import type {
  PatientAccessKind,
  StaffOpenRecordBody,
  StaffPatientSearchBody,
  StaffRecordAction,
} from '@portal/contracts/staff-records';
import { PatientAccessKindSchema, STAFF_SEARCH_MAX_RESULTS } from '@portal/contracts/staff-records';
import type { CountryCode } from '@portal/contracts/enums';
import { maskIdentificationNumber } from '@portal/contracts/patient-identification';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { AppConfig } from '../../config.ts';
import type { Db, Executor, Tx } from '../../platform/db.ts';
import type { CareCall } from '../../platform/patient-auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { PatientDataPart } from '../../platform/patient-data.ts';
import { collectPatientData } from '../account/public.ts';
import { listCatalogue, prepareLiveProducts } from '../benefits/public.ts';
import { liveSessionsOf } from '../identity/public.ts';
import {
  findPatientOfProgram,
  findScopeOfPatient,
  listPlanIdsOfPatient,
  searchPatientsOfProgram,
} from '../patients/public.ts';
import { offerFor, progressOf, readOfferLedger } from '../purchases/public.ts';
import { insertAccessLogEntry, listAccessLogOfPatient, openedRecordGrant } from './access-log.ts';
import { alertBulkOpenings } from './bulk-opening.ts';
import type { StaffCaller } from './door.ts';
import { listNotesOfPatient } from './notes.ts';
import { hasStaffRole } from './roles.ts';

export interface StaffRecordsDeps {
  db: Db;
  clock: () => Date;
  /** Every part of the patient's data: the record is what they show. */
  patientData: readonly PatientDataPart[];
  /** The portal's address, for the link of the bulk-opening alert (decision 077). */
  config: Pick<AppConfig, 'PUBLIC_URL'>;
  /** Wakes the outbox worker after the alert's mails committed. */
  onMailQueued?: () => void;
}

/** The program as the answers name it. */
export interface ProgramRef {
  id: number;
  slug: string;
  name: string;
}

const summaryOf = (
  row: {
    id: number;
    firstName: string;
    lastName: string;
    secondLastName: string | null;
    typeIdentification: string;
    legalIdentification: string;
    country: string;
    status: string;
  },
  program: ProgramRef,
) => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  secondLastName: row.secondLastName,
  identification: { type: row.typeIdentification, masked: maskIdentificationNumber(row.legalIdentification) },
  country: row.country,
  program: { slug: program.slug, name: program.name },
  status: row.status,
});

/** The patient an action is taken on: the search's columns and the patient's account. */
export type OpenedPatient = NonNullable<Awaited<ReturnType<typeof findPatientOfProgram>>>;

const isPatientAccessKind = (what: string): what is PatientAccessKind =>
  (PatientAccessKindSchema.options as readonly string[]).includes(what);

export function createStaffRecordsService({ db, clock, patientData, config, onMailQueued }: StaffRecordsDeps) {
  const liveProducts = prepareLiveProducts(db);

  /** The 4+1 progress of each live medicine with the offer, as the purchases screens and the counter compute it. */
  async function fourPlusOneOf(programId: number, patientId: number, country: string, now: Date) {
    const catalogue = await listCatalogue(db, programId);
    const today = todayInCountry(country as CountryCode, now);
    const answer = [];
    for (const planPatientId of await listPlanIdsOfPatient(db, patientId)) {
      for (const product of await liveProducts(planPatientId)) {
        const offer = offerFor(catalogue, product.id, country);
        if (!offer?.rule) continue;
        const ledger = await readOfferLedger(db, offer, planPatientId, product.id);
        answer.push({
          productId: product.id,
          medicine: product.medicine,
          presentation: product.presentation,
          progress: progressOf(offer.rule, ledger, now, today),
        });
      }
    }
    return answer;
  }

  /** The access-log rows of an action, with the reason of the opening that granted it. */
  async function writeActionRows(
    tx: Executor,
    caller: StaffCaller,
    program: ProgramRef,
    patientId: number,
    grant: { reason: StaffOpenRecordBody['reason']; reasonText: string | null },
    what: StaffRecordAction | readonly StaffRecordAction[],
  ) {
    const at = clock();
    for (const kind of typeof what === 'string' ? [what] : what)
      await insertAccessLogEntry(tx, {
        staffId: caller.actor.staffId,
        staffSessionId: caller.actor.sessionId,
        programId: program.id,
        patientId,
        what: kind,
        reason: grant.reason,
        reasonText: grant.reasonText,
        at,
      });
  }

  /**
   * What every action on a patient checks first: this staff session opened the record of this program's patient with
   * a reason. The grant is the log's `record-opened` row of the session, so it ends with the session (15 minutes idle,
   * 10 hours at most, logout, the member disabled).
   */
  async function requireOpenedRecord(caller: StaffCaller, program: ProgramRef, patientId: number) {
    const found = await findPatientOfProgram(db, program.id, patientId);
    if (!found) throw new AppError('NOT_FOUND');
    const grant = await openedRecordGrant(db, caller.actor.sessionId, patientId);
    if (!grant) throw new AppError('STAFF_RECORD_NOT_OPENED');
    return { patient: found, grant };
  }

  return {
    requireOpenedRecord,

    /** At most 20 of the program's patients matching the term; the search is logged, never its terms. */
    async search(caller: StaffCaller, program: ProgramRef, term: StaffPatientSearchBody) {
      // One more than answered tells whether the term matched more.
      const rows = await searchPatientsOfProgram(db, program.id, term, STAFF_SEARCH_MAX_RESULTS + 1);
      await insertAccessLogEntry(db, {
        staffId: caller.actor.staffId,
        staffSessionId: caller.actor.sessionId,
        programId: program.id,
        patientId: null,
        what: 'search',
        reason: null,
        reasonText: null,
        at: clock(),
      });
      return {
        patients: rows.slice(0, STAFF_SEARCH_MAX_RESULTS).map((row) => summaryOf(row, program)),
        isTruncated: rows.length > STAFF_SEARCH_MAX_RESULTS,
      };
    },

    /** The program's patient's record, read-only; the opening (with its reason) is logged first, and grants it. */
    async open(caller: StaffCaller, program: ProgramRef, patientId: number, body: StaffOpenRecordBody) {
      const found = await findPatientOfProgram(db, program.id, patientId);
      if (!found) throw new AppError('NOT_FOUND');
      const data = await collectPatientData(db, patientData, { userId: found.userId, patientId: found.id });
      if (!data) throw new AppError('NOT_FOUND');
      const now = clock();
      await insertAccessLogEntry(db, {
        staffId: caller.actor.staffId,
        staffSessionId: caller.actor.sessionId,
        programId: program.id,
        patientId: found.id,
        what: 'record-opened',
        reason: body.reason,
        reasonText: body.reasonText ?? null,
        at: now,
      });
      // More than 50 openings within the hour mails the program's admins, once per member and hour (decision 077).
      await alertBulkOpenings({ db, config, onMailQueued }, caller, program, now);
      const { activity: _activity, accessLog: _accessLog, interactionNotes: _allNotes, ...record } = data;
      return {
        patient: summaryOf(found, program),
        grant: { openedAt: now.toISOString(), reason: body.reason, untilSessionEnds: true as const },
        record,
        sessions: await liveSessionsOf(db, found.userId, now),
        notes: await listNotesOfPatient(db, program.id, found.id, {
          withClinical: hasStaffRole(caller, ['nurse'], program.id),
        }),
        fourPlusOne: await fourPlusOneOf(program.id, found.id, found.country, now),
      };
    },

    /**
     * An action on an opened record (issue 35): the grant is checked, then the action and its access-log row (with the
     * opening's reason) commit together or not at all, so the patient's log never misses what was done, nor names
     * what was not. The action runs on the transaction it is given; a mail it sends is queued in that transaction.
     */
    async act<T>(
      caller: StaffCaller,
      program: ProgramRef,
      patientId: number,
      what: StaffRecordAction | readonly StaffRecordAction[],
      action: (tx: Tx, patient: OpenedPatient) => Promise<T>,
    ): Promise<T> {
      const { patient, grant } = await requireOpenedRecord(caller, program, patientId);
      return db.transaction(async (tx) => {
        const answer = await action(tx, patient);
        await writeActionRows(tx, caller, program, patient.id, grant, what);
        return answer;
      });
    },

    /**
     * A change of the patient's care made on their behalf by a service of another module (booking, decision 076): the
     * patient's scope (as their own door would resolve it: notices go to them) and the staff member as the actor, with
     * the access-log row the service writes in the change's own transaction (`CareCall.alsoWrite`).
     */
    async onBehalf(caller: StaffCaller, program: ProgramRef, patientId: number, what: StaffRecordAction) {
      const { patient, grant } = await requireOpenedRecord(caller, program, patientId);
      const scope = await findScopeOfPatient(db, program.id, patient.id);
      if (!scope) throw new AppError('NOT_FOUND');
      const call: CareCall = {
        actor: caller.actor,
        scope,
        alsoWrite: (tx) => writeActionRows(tx, caller, program, patient.id, grant, what),
      };
      return call;
    },

    /** The patient's own view: when, who (roles and first name), what, why; openings and actions (searches name nobody). */
    async accessLogOf(patientId: number) {
      const rows = await listAccessLogOfPatient(db, patientId);
      return rows
        .filter((row) => isPatientAccessKind(row.what) && row.reason !== null)
        .map((row) => ({
          at: row.at.toISOString(),
          what: row.what as PatientAccessKind,
          staff: { firstName: row.firstName, roles: row.roles },
          reason: row.reason as StaffOpenRecordBody['reason'],
          reasonText: row.reasonText,
        }));
    },
  };
}

export type StaffRecordsService = ReturnType<typeof createStaffRecordsService>;
