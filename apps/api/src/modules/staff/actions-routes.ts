// Actions on an opened record, and pre-registering a patient (decision 078), behind the staff door: agents and nurses
// of the host's program only, checked on every call; an action on a record needs this session to have opened it
// (403 `STAFF_RECORD_NOT_OPENED`). Ids travel in the path, personal data and a note's text only in bodies.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StaffCouponLinkBodySchema,
  StaffCouponLinkResponseSchema,
  StaffEndSessionsResponseSchema,
  StaffInvitationLookupBodySchema,
  StaffInvitationLookupResponseSchema,
  StaffNoteBodySchema,
  StaffNoteResponseSchema,
  StaffPreregisterBodySchema,
  StaffPreregisterResponseSchema,
  StaffRecordActionsResponseSchema,
  StaffSupportPlansResponseSchema,
  StaffWelcomeResentResponseSchema,
  STAFF_NOTE_MAX_LENGTH,
} from '@portal/contracts/staff-actions';
import { StaffPatientIdParamsSchema } from '@portal/contracts/staff-records';
import { errorResponses } from '../../platform/errors.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import type { StaffActionsService } from './actions.ts';
import { staffOf } from './door.ts';
import { staffRoleIn } from './roles.ts';

const tags = ['staff'];
/** Who may act on a record: agents and nurses; never managers or admins as such (issue 35). */
const RECORD_ROLES = ['agent', 'nurse'] as const;
const OPENED =
  'For agents and nurses of the host’s program whose session opened the record with a reason (403 `FORBIDDEN` for another role, 403 `STAFF_RECORD_NOT_OPENED` without the opening; a patient of another program is 404).';

export const staffActionRoutes: FastifyPluginAsyncZod<{
  actions: StaffActionsService;
  limits: { welcomePerMinute: number };
}> = async (app, { actions, limits }) => {
  app.get(
    '/staff/patients/:id/actions',
    {
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'getStaffRecordActions',
        summary: "What the actions on an opened record need: the notes, the general benefits, the account's state",
        description: `${OPENED} Read again after each action, without a new opening: the interaction notes newest first (a nurse's clinical ones only to nurses), the general benefits a coupon link may name, whether the enrolment is confirmed, and how many sessions are live.`,
        params: StaffPatientIdParamsSchema,
        response: { 200: StaffRecordActionsResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({
      data: await actions.actionsOf(staffOf(request), request.program, request.params.id),
    }),
  );

  app.post(
    '/staff/patients/:id/notes',
    {
      // A note's text may be 2,000 characters of any script: four bytes each at most, and the rest of the body.
      bodyLimit: SMALL_BODY_LIMIT_BYTES + STAFF_NOTE_MAX_LENGTH * 4,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'addStaffNote',
        summary: 'Adds a note of an interaction with the patient: channel, outcome and text',
        description: `${OPENED} The text is at most 2,000 characters and never reaches a log line. \`clinical\` by a nurse only (403 \`STAFF_CLINICAL_NOTE_FORBIDDEN\` otherwise): nurses read it, agents never receive it. Notes are not changed or deleted. Written to the access log (\`note-added\`) with the opening's reason, in the same transaction.`,
        params: StaffPatientIdParamsSchema,
        body: StaffNoteBodySchema,
        response: { 200: StaffNoteResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({
      data: { note: await actions.addNote(staffOf(request), request.program, request.params.id, request.body) },
    }),
  );

  app.post(
    '/staff/patients/:id/sessions/end',
    {
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'endStaffPatientSessions',
        summary: "Ends every session of the patient's account (a lost phone), and tells the patient by mail",
        description: `${OPENED} Every live session ends: its refresh token is refused at once and its access tokens at their next call. The patient gets a mail saying so. Written to the access log (\`sessions-ended\`) with the opening's reason, in the same transaction.`,
        params: StaffPatientIdParamsSchema,
        response: { 200: StaffEndSessionsResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({
      data: await actions.endSessions(staffOf(request), request.program, request.params.id),
    }),
  );

  app.post(
    '/staff/patients/:id/welcome',
    {
      // As many as the password recovery allows a minute, per patient.
      preHandler: [
        staffRoleIn(...RECORD_ROLES),
        app.subjectLimit(limits.welcomePerMinute, (request) => String((request.params as { id?: unknown }).id)),
      ],
      schema: {
        tags,
        operationId: 'resendStaffWelcome',
        summary:
          'Sends again the welcome mail of an enrolment not yet confirmed, with a new link to choose the password',
        description: `${OPENED} For an account enrolled without a password (UNCONFIRMED): the welcome mail again and a new one-hour link to choose the password, which confirms the account (older links stop working). A confirmed enrolment is 409 \`STAFF_ENROLMENT_ALREADY_CONFIRMED\`. Limited per patient as the password recovery is (429). Written to the access log (\`welcome-resent\`).`,
        params: StaffPatientIdParamsSchema,
        response: {
          200: StaffWelcomeResentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await actions.resendWelcome(staffOf(request), request.program, request.params.id),
    }),
  );

  app.post(
    '/staff/patients/:id/coupon-links',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'issueStaffCouponLink',
        summary: "Issues a coupon link of a general benefit for the patient's plan, to copy or to mail to the patient",
        description: `${OPENED} The link is the one \`coupons:link\` prints (signed, 30 days), with \`iumb\` the caller's staff number. \`delivery: email\` also mails it to the patient's login e-mail. A benefit that is not a general benefit of the patient's country, or a plan not active, is 422 \`STAFF_COUPON_NOT_AVAILABLE\`. Written to the access log (\`coupon-link-issued\`).`,
        params: StaffPatientIdParamsSchema,
        body: StaffCouponLinkBodySchema,
        response: { 200: StaffCouponLinkResponseSchema, ...errorResponses(400, 401, 403, 404, 422, 429, 503) },
      },
    },
    async (request) => ({
      data: await actions.issueCoupon(staffOf(request), request.program, request.params.id, request.body),
    }),
  );

  app.get(
    '/staff/preregistrations/plans',
    {
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'listStaffSupportPlans',
        summary: "The host program's support plans a pre-registration may name",
        description: 'For agents and nurses of the host’s program (403 `FORBIDDEN` otherwise).',
        response: { 200: StaffSupportPlansResponseSchema, ...errorResponses(401, 403, 429, 503) },
      },
    },
    async (request) => ({ data: await actions.supportPlans(request.program) }),
  );

  app.post(
    '/staff/preregistrations',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'preregisterStaffPatient',
        summary: 'Pre-registers a patient: the program holds their data and mails them the invitation to enrol',
        description:
          'For agents and nurses of the host’s program (403 `FORBIDDEN` otherwise). The form of `npm run patients:preregister` (which stays for batches): the support plan, the country and the e-mail, and what else the program knows. The invitation is mailed at once and lasts 30 days. Written to the access log (`preregistered`, naming no patient yet).',
        body: StaffPreregisterBodySchema,
        response: { 200: StaffPreregisterResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({ data: await actions.preregister(staffOf(request), request.program, request.body) }),
  );

  app.post(
    '/staff/preregistrations/lookup',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'lookupStaffInvitations',
        summary: "The host program's invitations to an e-mail, with their states",
        description:
          'For agents and nurses of the host’s program (403 `FORBIDDEN` otherwise). The e-mail is in the body, never in a URL. At most 20, newest first, each `pending`, `enrolled` or `expired`.',
        body: StaffInvitationLookupBodySchema,
        response: { 200: StaffInvitationLookupResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({ data: await actions.invitationsOf(request.program, request.body.email) }),
  );
};
