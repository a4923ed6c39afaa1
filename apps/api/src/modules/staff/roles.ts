// Role and program, checked on every staff call (decision 068): a staff route names the roles that may call it, and the
// program is the host's (every program's host serves the staff API); a member without one of those roles in that
// program is refused with FORBIDDEN, whatever they hold elsewhere.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { StaffRole } from '@portal/contracts/staff';
import { AppError } from '../../platform/errors.ts';
import { staffOf, type StaffCaller } from './door.ts';

/** Whether the member holds one of `roles` in the program. */
export function hasStaffRole(caller: StaffCaller, roles: readonly StaffRole[], programId: number): boolean {
  return caller.roles.some((held) => held.programId === programId && roles.includes(held.role));
}

/** The caller, if they hold one of `roles` in the program; FORBIDDEN otherwise. */
export function requireStaffRole(caller: StaffCaller, roles: readonly StaffRole[], programId: number): StaffCaller {
  if (!hasStaffRole(caller, roles, programId)) throw new AppError('FORBIDDEN');
  return caller;
}

/** A staff route's preHandler: one of `roles` in the program of the request's host, checked on every call. */
export function staffRoleIn(...roles: StaffRole[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    requireStaffRole(staffOf(request), roles, request.program.id);
  };
}
