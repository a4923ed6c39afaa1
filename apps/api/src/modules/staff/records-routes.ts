// Finding a patient and opening their record (decision 074), behind the staff door: agents and nurses of the host's
// program only, checked on every call. The search's terms travel in the body, never in the URL, and no log line
// carries them. The patient's own view of the access log is behind the patient door.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PatientAccessLogResponseSchema,
  StaffOpenRecordBodySchema,
  StaffOpenRecordResponseSchema,
  StaffPatientIdParamsSchema,
  StaffPatientSearchBodySchema,
  StaffPatientSearchResponseSchema,
} from '@portal/contracts/staff-records';
import { StaffAssistedRecoveryBodySchema, StaffAssistedRecoveryResponseSchema } from '@portal/contracts/staff-recovery';
import { errorResponses } from '../../platform/errors.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import { scopeOf } from '../../platform/patient-auth.ts';
import { staffOf } from './door.ts';
import type { StaffRecordsService } from './records.ts';
import type { StaffRecoveryService } from './recovery.ts';
import { staffRoleIn } from './roles.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404, 429, 503);
/** Who may find and open a patient's record: agents and nurses; never managers or admins as such (issue 35). */
const RECORD_ROLES = ['agent', 'nurse'] as const;

export const staffRecordRoutes: FastifyPluginAsyncZod<{
  records: StaffRecordsService;
  recovery: StaffRecoveryService;
}> = async (app, { records, recovery }) => {
  app.post(
    '/staff/patients/search',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'searchStaffPatients',
        summary: "Finds the host program's patients by identification, e-mail, phone or the start of their names",
        description:
          'For agents and nurses of the host’s program (403 `FORBIDDEN` otherwise). One kind of term (`by`): an identification (type and number, read as at sign-up), an e-mail (the login’s or the alternative one), a phone (its digits, with or without the calling code) or the start of the first name and of a surname (any case, any accents). Only the host program’s patients; at most 20, with `isTruncated` when more matched. The terms are in the body so that no URL or log line carries them; the search itself is written to the access log, without its terms.',
        body: StaffPatientSearchBodySchema,
        response: { 200: StaffPatientSearchResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await records.search(staffOf(request), request.program, request.body),
    }),
  );

  app.post(
    '/staff/patients/:id/open',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'openStaffPatientRecord',
        summary: "Opens a patient's record, read-only, with the reason for it",
        description:
          'For agents and nurses of the host’s program (403 `FORBIDDEN` otherwise); a patient of another program is 404. The reason is one of `inbound-call`, `outbound-adherence-call`, `patient-email`, `pharmacy-query` or `other` with a short `reasonText`. The opening is written to the append-only access log, which the patient reads, and grants the record to this staff session until it ends. The record is the patient’s data as their export shows it: profile, plans, caregiver, treatments, discount codes, purchases and free units, refill reminders, lessons completed, appointments, consents and notice choices; beside it the patient’s live sessions and the 4+1 progress of each medicine with the offer.',
        params: StaffPatientIdParamsSchema,
        body: StaffOpenRecordBodySchema,
        response: { 200: StaffOpenRecordResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await records.open(staffOf(request), request.program, request.params.id, request.body),
    }),
  );

  app.post(
    '/staff/patients/:id/recovery',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...RECORD_ROLES),
      schema: {
        tags,
        operationId: 'sendStaffAssistedRecovery',
        summary:
          "Sends a caller a recovery link, after their answers confirm who they are, to the account's e-mail or to a new one",
        description:
          'For agents and nurses of the host’s program whose session opened the record (403 `STAFF_RECORD_NOT_OPENED` otherwise; decision 076). `answers` are what the caller said: the identification number, the birth date and one more (`phone-last-four` or `caregiver-name`); the server compares each with the record. `sendTo: account-email` needs the identification and the birth date to match; `sendTo: new-email` needs all three, and changes the account’s login e-mail to `newEmail` at once (every session ends; the old address gets a notice with a link that gives it back). Answers that do not match are 422 `STAFF_IDENTITY_NOT_CONFIRMED`, with the fields that did not. The agent never sees, sets or types a password. Written to the access log (`recovery-link-sent`, and `email-changed`) with the opening’s reason, and to the audit trail (which answers matched, never the answers).',
        params: StaffPatientIdParamsSchema,
        body: StaffAssistedRecoveryBodySchema,
        response: {
          200: StaffAssistedRecoveryResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503),
        },
      },
    },
    async (request) => ({
      data: await recovery.recover(staffOf(request), request.program, request.params.id, request.body),
    }),
  );
};

export const patientAccessLogRoutes: FastifyPluginAsyncZod<{ records: StaffRecordsService }> = async (
  app,
  { records },
) => {
  app.get(
    '/user/access-log',
    {
      schema: {
        tags: ['account'],
        operationId: 'getAccessLog',
        summary: "Who at the program has opened the caller's record: when, their role and first name, and why",
        description:
          'The staff access log’s entries of the caller, newest first (decision 074). Never another patient’s; never the staff member’s surname or e-mail.',
        response: { 200: PatientAccessLogResponseSchema, ...errorResponses(401, 429, 503) },
      },
    },
    async (request) => ({ data: { entries: await records.accessLogOf(scopeOf(request).patientId) } }),
  );
};
