// The access matrix's rows (decision 034): each module declares, in its own `access-rows.ts`, the routes it has
// behind each door and the ones it leaves public on purpose, the data of the owner its rows name (`seed`) and what
// "changed nothing" means for that data (`snapshot`). access-matrix.int.test.ts tries every row and checks that
// the rows cover every route of the OpenAPI document, scheme by scheme.
import type { StaffRole } from '@portal/contracts/staff';
import type { TestApp } from './app.ts';
import type { TestPatient } from './patients.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The ids of the owner's data, by name (`treatmentId`, `caregiverId`, `sessionId`): what each module's `seed` gave. */
export type OwnedIds = Partial<Record<string, number | string>>;

export interface AccessRow {
  method: Method;
  /** The OpenAPI path, e.g. /api/v1/treatments/{id}. A path with an id names the owner's data through `url`. */
  path: string;
  /** The URL naming the owner's data; without it the path itself (a route of the caller's own data, no id). */
  url?: (ids: OwnedIds) => string;
  /** A body the caller could send successfully (an intruder sends it with its own data; `ids`: the owner's). */
  body?: (caller: TestPatient, ids: OwnedIds) => unknown;
  /**
   * The call spends the caller's session or account (logout, ending its other sessions, a password change, closing):
   * an intruder of its own.
   */
  spendsTheCaller?: boolean;
  /**
   * The query budget (decision 086): the most statements the call may send to the database on its successful path (a
   * round trip each on PostgreSQL, a transaction's begin and commit included). The test counts them through the driver.
   */
  roundTrips: number;
  /**
   * Who makes the budget's call when the owner's seeded data would refuse it (the owner has a booking, a caregiver
   * already): another patient of the program (who made the same call in the matrix) or a new one.
   */
  budgetCaller?: 'another patient' | 'new patient';
}

/** A route behind the staff door, with the roles that may call it in the host's program. */
export interface StaffAccessRow extends AccessRow {
  /** The roles the route lets in, in the program of the request's host; 'any session' for a route of one's own session. */
  roles: readonly StaffRole[] | 'any session';
  /** An action on a patient's record: the session opens it with a reason first, as the console does (decision 074). */
  opensTheRecord?: boolean;
  /** The patient whose record the action is on, when not the owner (an action the owner's other calls would feel). */
  recordOf?: (ids: OwnedIds) => number;
}

export interface ModuleAccess {
  /** Routes without any door, on purpose: `METHOD /path`, as in the OpenAPI document. */
  publicRoutes?: string[];
  /** Routes behind the patient door (scheme `bearer`). */
  patientRows?: AccessRow[];
  /** Routes behind the pharmacy door (scheme `pharmacyApiKey`). */
  pharmacyRows?: AccessRow[];
  /** Routes behind the staff door (scheme `staffBearer`), tried with every role in the host's program and another. */
  staffRows?: StaffAccessRow[];
  /** The ids the matrix's own calls changed (a renewed code), as they are now: read again before the query budgets. */
  current?: (t: TestApp, owner: TestPatient) => Promise<OwnedIds>;
  /** Gives the owner the data the rows name, and tells its ids. */
  seed?: (t: TestApp, owner: TestPatient) => Promise<OwnedIds>;
  /** The module's data of the owner, as read back: "changed nothing" means equal before and after a call. */
  snapshot?: (t: TestApp, owner: TestPatient) => Promise<unknown>;
}

/** `METHOD /path` of a row, as the completeness checks compare them. */
export function routeOf(row: { method: string; path: string }): string {
  return `${row.method} ${row.path}`;
}
