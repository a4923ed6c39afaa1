// The outreach list in the console (decision 080), behind the staff door: agents and nurses of the host's program,
// checked on every call. The list names patients and why they are on it; taking one claims it for 30 minutes; what the
// call came to is an action on the record the session opened (reason "outbound adherence call"), written to the
// access log with it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OutreachClaimResponseSchema,
  OutreachListResponseSchema,
  OutreachOutcomeBodySchema,
  OutreachOutcomeResponseSchema,
  OutreachPatientParamsSchema,
  OUTREACH_CLAIM_MINUTES,
  OUTREACH_LIST_MAX,
} from '@portal/contracts/outreach';
import type { OutreachService } from '../adherence/public.ts';
import { errorResponses } from '../../platform/errors.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import { staffOf } from './door.ts';
import type { StaffRecordsService } from './records.ts';
import { staffRoleIn } from './roles.ts';

const tags = ['staff'];
/** Who works the list: agents and nurses (issue 36); a manager reads the figures, never a patient's name. */
const OUTREACH_ROLES = ['agent', 'nurse'] as const;
const WHO = 'For agents and nurses of the host’s program (403 `FORBIDDEN` otherwise).';

export const staffOutreachRoutes: FastifyPluginAsyncZod<{
  outreach: OutreachService;
  records: StaffRecordsService;
}> = async (app, { outreach, records }) => {
  app.get(
    '/staff/outreach',
    {
      preHandler: staffRoleIn(...OUTREACH_ROLES),
      schema: {
        tags,
        operationId: 'listStaffOutreach',
        summary:
          'The patients to call: who ran out of medicine, never made a first purchase, or cancelled an appointment',
        description: `${WHO} At most ${OUTREACH_LIST_MAX}, the longest at risk first (the day the oldest reason began), then the lowest PDC, each with its reasons and who holds it. Read from the summaries the refresh job keeps (\`refreshedAt\`), never from every purchase; an entry put off by "no answer" comes back on its day.`,
        response: { 200: OutreachListResponseSchema, ...errorResponses(401, 403, 429, 503) },
      },
    },
    async (request) => ({ data: await outreach.list(request.program.id, staffOf(request).actor.staffId) }),
  );

  app.post(
    '/staff/outreach/:patientId/claim',
    {
      preHandler: staffRoleIn(...OUTREACH_ROLES),
      schema: {
        tags,
        operationId: 'claimStaffOutreachEntry',
        summary: 'Takes a patient of the list: nobody else calls them for the next 30 minutes',
        description: `${WHO} The entry is the caller's for ${OUTREACH_CLAIM_MINUTES} minutes (again from now, if it already was). Of two agents taking one entry at once one gets it; the other is 409 \`OUTREACH_TAKEN\` until the claim lapses. A patient not on the list (or put off until a later day) is 409 \`OUTREACH_NOT_LISTED\`.`,
        params: OutreachPatientParamsSchema,
        response: { 200: OutreachClaimResponseSchema, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => ({
      data: await outreach.claim(request.program.id, staffOf(request).actor.staffId, request.params.patientId),
    }),
  );

  app.post(
    '/staff/outreach/:patientId/outcome',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      preHandler: staffRoleIn(...OUTREACH_ROLES),
      schema: {
        tags,
        operationId: 'recordStaffOutreachOutcome',
        summary:
          'What the call came to: reached and will buy, stopped (and why), wrong number, no answer (and when to try again)',
        description: `${WHO} The session must have opened the patient's record (403 \`STAFF_RECORD_NOT_OPENED\`); the outcome is written to the access log (\`outreach-outcome-recorded\`) with it. One outcome per reason the entry lists. \`stopped\` and \`wrong-number\` end the entry; \`will-buy\` puts it off for the program's run-out days (it comes back if no purchase came); \`no-answer\` until \`retryOn\` (after the patient's today, at most 60 days ahead; 400 \`VALIDATION_FAILED\` otherwise). Another agent's live claim is 409 \`OUTREACH_TAKEN\`; a patient not on the list 409 \`OUTREACH_NOT_LISTED\`.`,
        params: OutreachPatientParamsSchema,
        body: OutreachOutcomeBodySchema,
        response: { 200: OutreachOutcomeResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => {
      const caller = staffOf(request);
      const { patientId } = request.params;
      return {
        data: await records.act(caller, request.program, patientId, 'outreach-outcome-recorded', (tx) =>
          outreach.recordOutcome(tx, request.program.id, caller.actor.staffId, patientId, request.body),
        ),
      };
    },
  );
};
