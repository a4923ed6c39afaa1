// The staff door (decision 068): the program company's own people (call-center agents, nurses, managers, admins) call
// with a bearer token of the staff directory, issued after a password and a second factor; the directory, its sessions
// and its API live in modules/staff. Its scheme is its own, so that the API document and the access matrix keep it
// apart from the patient's bearer token, and a token of one kind is never read as the other.
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '@portal/contracts/staff';
import type { StaffActor } from '../../platform/actor.ts';
import { defineDoor } from '../../platform/door.ts';

/** Who is calling a staff route: the staff member, their live session and their roles in each program. */
export interface StaffCaller {
  /** The staff door's actor always has its session. */
  actor: StaffActor & { sessionId: string };
  email: string;
  firstName: string;
  lastName: string;
  /** Every role the member holds, per program (by the program's id). */
  roles: readonly { programId: number; role: StaffRole }[];
}

export const STAFF_DOOR = defineDoor<StaffCaller>({
  name: 'staff',
  schemeName: 'staffBearer',
  scheme: { type: 'http', scheme: 'bearer' },
});

/** The staff member calling a route of the staff door (a route of any other door, or of none, answers 401). */
export function staffOf(request: FastifyRequest): StaffCaller {
  return STAFF_DOOR.callerOf(request);
}
