// The managers' figures (decision 081), behind the staff door: managers of the host's program only, checked on every
// call (agents, nurses and admins are 403). The query names a country and months, no one; the answer holds counts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProgramFiguresQuerySchema, ProgramFiguresResponseSchema } from '@portal/contracts/program-figures';
import { errorResponses } from '../../platform/errors.ts';
import { staffRoleIn } from '../staff/public.ts';
import type { FiguresService } from './service.ts';

export const staffFiguresRoutes: FastifyPluginAsyncZod<{ figures: FiguresService }> = async (app, { figures }) => {
  app.get(
    '/staff/figures',
    {
      preHandler: staffRoleIn('manager'),
      schema: {
        tags: ['staff'],
        operationId: 'getStaffFigures',
        summary:
          "The program's figures: enrolments, activity, PDC, persistence, benefits, appointments, lessons, outreach",
        description:
          'For managers of the host’s program (403 `FORBIDDEN` otherwise). Read from the figures the figures job keeps (`refreshedAt`, every 15 minutes), never from every purchase; for one country or all, over a period of months (the last 12 by default, at most 36). Every count of patients or of their events below 5 shows as `"<5"`, and so does any count that would let a hidden one be worked out from its row’s or column’s total. No personal data.',
        querystring: ProgramFiguresQuerySchema,
        response: { 200: ProgramFiguresResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({ data: await figures.figuresOf(request.program.id, request.query) }),
  );
};
