// The admin's staff API (decision 077), behind the staff door: admins of the host's program only, checked on every
// call; a member outside the admin's programs, or a pharmacy of another program, is 404. Ids in paths and bodies,
// never an e-mail in a URL.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StaffAddMemberBodySchema,
  StaffAddMemberResponseSchema,
  StaffAddPharmacyBodySchema,
  StaffDisableResponseSchema,
  StaffEnableResponseSchema,
  StaffIssuedKeyResponseSchema,
  StaffMemberIdParamsSchema,
  StaffMemberLogResponseSchema,
  StaffMemberResponseSchema,
  StaffMembersResponseSchema,
  StaffPharmaciesResponseSchema,
  StaffPharmacyIdParamsSchema,
  StaffPharmacyKeyParamsSchema,
  StaffPharmacyResponseSchema,
  StaffResetSecondFactorBodySchema,
  StaffResetSecondFactorResponseSchema,
  StaffSetRolesBodySchema,
  StaffSetRolesResponseSchema,
} from '@portal/contracts/staff-admin';
import { errorResponses } from '../../platform/errors.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import type { StaffAdminService } from './admin.ts';
import { staffOf } from './door.ts';
import { staffRoleIn } from './roles.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const admins = staffRoleIn('admin');

export const staffAdminRoutes: FastifyPluginAsyncZod<{ admin: StaffAdminService }> = async (app, { admin }) => {
  app.get(
    '/staff/admin/members',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'listStaffMembers',
        summary: "The staff members of the caller's programs: roles, status and last login",
        description:
          'For admins of the host’s program (403 `FORBIDDEN` otherwise). Every member holding a role in a program where the caller is admin, with their roles in those programs only; status `invited` (not set up, or their second factor was reset), `active` or `disabled`. Also the programs where the caller may grant roles.',
        response: { 200: StaffMembersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.listMembers(staffOf(request)) }),
  );

  app.post(
    '/staff/admin/members',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: admins,
      schema: {
        tags,
        operationId: 'addStaffMember',
        summary: 'Adds a staff member with roles in the caller’s programs; answers their one-time set-up link once',
        description:
          'As `npm run staff:add` does: the member and the set-up link (24 hours, used once) are made in one transaction and the link is mailed to the address; it is answered here once, to hand over another way. Roles only in programs where the caller is admin (403 `FORBIDDEN` otherwise); an e-mail already in the staff directory is `VALIDATION_FAILED` on `email`.',
        body: StaffAddMemberBodySchema,
        response: { 200: StaffAddMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await admin.addMember(staffOf(request), request.program, request.body),
    }),
  );

  app.get(
    '/staff/admin/members/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'getStaffMember',
        summary: 'One staff member of the caller’s programs',
        description: 'A member with no role in the caller’s programs is 404.',
        params: StaffMemberIdParamsSchema,
        response: { 200: StaffMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: { member: await admin.getMember(staffOf(request), request.params.id) } }),
  );

  app.put(
    '/staff/admin/members/:id/roles',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: admins,
      schema: {
        tags,
        operationId: 'setStaffMemberRoles',
        summary: "Sets a staff member's roles in the caller's programs",
        description:
          'Replaces the member’s roles in the programs where the caller is admin with those given; their roles in other programs stay. A role in another program is 403 `FORBIDDEN`; removing one’s own last admin role is 409 `STAFF_SELF_REFUSED`. A member left with no role in the caller’s programs answers `member: null`. The roles count from the member’s next call.',
        params: StaffMemberIdParamsSchema,
        body: StaffSetRolesBodySchema,
        response: { 200: StaffSetRolesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await admin.setRoles(staffOf(request), request.params.id, request.body.roles),
    }),
  );

  app.post(
    '/staff/admin/members/:id/disable',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'disableStaffMember',
        summary: 'Disables a staff member: every session of theirs ends at once, on every instance',
        description:
          'The member can no longer log in or set up; every session ends in the same transaction, and each call checks its session in the database, so an existing token is refused from the next call. Disabling oneself is 409 `STAFF_SELF_REFUSED`; disabling a disabled member changes nothing.',
        params: StaffMemberIdParamsSchema,
        response: { 200: StaffDisableResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.disable(staffOf(request), request.params.id) }),
  );

  app.post(
    '/staff/admin/members/:id/enable',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'enableStaffMember',
        summary: 'Re-enables a disabled staff member: they may log in again',
        description:
          'The member logs in again with their password and second factor (or sets up, if they never did); no session ended by the disabling comes back. Re-enabling a member who is not disabled changes nothing.',
        params: StaffMemberIdParamsSchema,
        response: { 200: StaffEnableResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.enable(staffOf(request), request.params.id) }),
  );

  app.post(
    '/staff/admin/members/:id/reset-second-factor',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: admins,
      schema: {
        tags,
        operationId: 'resetStaffSecondFactor',
        summary: "Resets a staff member's second factor: their sessions end, and a new set-up link is answered once",
        description:
          'The authenticator and the recovery codes are forgotten and every session of the member ends at once; a fresh set-up link (24 hours, superseding any open one) is mailed and answered once. The member sets up again (a password, an authenticator). Resetting oneself is 409 `STAFF_SELF_REFUSED`; a disabled member is 404.',
        params: StaffMemberIdParamsSchema,
        body: StaffResetSecondFactorBodySchema,
        response: { 200: StaffResetSecondFactorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await admin.resetSecondFactor(staffOf(request), request.program, request.params.id, request.body.language),
    }),
  );

  app.get(
    '/staff/admin/members/:id/access-log',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'getStaffMemberAccessLog',
        summary: "A staff member's latest 100 access-log entries in the caller's programs",
        description:
          'Newest first: when, what (a record opened, an action, a search), the patient (name and identification masked as the search masks it; none for a search) and the reason. `isTruncated` when there are older ones.',
        params: StaffMemberIdParamsSchema,
        response: { 200: StaffMemberLogResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.memberLog(staffOf(request), request.params.id) }),
  );

  app.get(
    '/staff/admin/pharmacies',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'listStaffPharmacies',
        summary: "The host program's pharmacies and their keys",
        description:
          'For admins of the host’s program. Each pharmacy with its keys’ readable starts and states (never a key), and the program’s countries a new pharmacy may be in.',
        response: { 200: StaffPharmaciesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.listPharmacies(request.program) }),
  );

  app.post(
    '/staff/admin/pharmacies',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: admins,
      schema: {
        tags,
        operationId: 'addStaffPharmacy',
        summary: 'Adds a pharmacy to the host program',
        description:
          'As `npm run pharmacies:add` does, without a key (issue one next). A country the program does not serve is `VALIDATION_FAILED` on `country`; the same name twice in a country on `name`.',
        body: StaffAddPharmacyBodySchema,
        response: { 200: StaffPharmacyResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.addPharmacy(staffOf(request), request.program, request.body) }),
  );

  app.post(
    '/staff/admin/pharmacies/:id/keys',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'issueStaffPharmacyKey',
        summary: "Issues a new API key of the host program's pharmacy; the key is answered once",
        description:
          'As `npm run pharmacies:key` does: the key is stored only as its keyed hash, so this answer is the only time it is readable. A pharmacy of another program is 404.',
        params: StaffPharmacyIdParamsSchema,
        response: { 200: StaffIssuedKeyResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await admin.issueKey(staffOf(request), request.program, request.params.id) }),
  );

  app.post(
    '/staff/admin/pharmacies/:id/keys/:keyId/revoke',
    {
      preHandler: admins,
      schema: {
        tags,
        operationId: 'revokeStaffPharmacyKey',
        summary: "Revokes an API key of the host program's pharmacy",
        description:
          'As `npm run pharmacies:revoke` does: every instance refuses the key from the commit on. A key of another pharmacy or program is 404; a key already revoked changes nothing.',
        params: StaffPharmacyKeyParamsSchema,
        response: { 200: StaffPharmacyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await admin.revokeKey(staffOf(request), request.program, request.params.id, request.params.keyId),
    }),
  );
};
