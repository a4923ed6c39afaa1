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
  /** A body the caller could send successfully (an intruder sends it with its own data). */
  body?: (caller: TestPatient) => unknown;
  /** The call spends the caller's session or account (logout, a password change, closing): an intruder of its own. */
  spendsTheCaller?: boolean;
}

/** A route behind the staff door, with the roles that may call it in the host's program. */
export interface StaffAccessRow extends AccessRow {
  /** The roles the route lets in, in the program of the request's host; 'any session' for a route of one's own session. */
  roles: readonly StaffRole[] | 'any session';
  /** An action on a patient's record: the session opens it with a reason first, as the console does (decision 074). */
  opensTheRecord?: boolean;
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
  /** Gives the owner the data the rows name, and tells its ids. */
  seed?: (t: TestApp, owner: TestPatient) => Promise<OwnedIds>;
  /** The module's data of the owner, as read back: "changed nothing" means equal before and after a call. */
  snapshot?: (t: TestApp, owner: TestPatient) => Promise<unknown>;
}

/** `METHOD /path` of a row, as the completeness checks compare them. */
export function routeOf(row: { method: string; path: string }): string {
  return `${row.method} ${row.path}`;
}
