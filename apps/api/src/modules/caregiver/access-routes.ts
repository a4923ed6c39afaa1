// A caregiver's own login (decision 092): the patient's calls on the access of their caregiver (behind the patient door,
// the patient's own: a caregiver never reaches them), and the invitation's two public calls.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CaregiverAccessAreasBodySchema,
  CaregiverAccessEndedResponseSchema,
  CaregiverAccessGetResponseSchema,
  CaregiverAccessIdParamsSchema,
  CaregiverAccessInviteBodySchema,
  CaregiverAccessResponseSchema,
  CaregiverInvitationAcceptBodySchema,
  CaregiverInvitationAcceptResponseSchema,
  CaregiverInvitationOpenBodySchema,
  CaregiverInvitationOpenResponseSchema,
} from '@portal/contracts/caregiver-access';
import { CaregiverIdParamsSchema } from '@portal/contracts/caregiver';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import { AppError, errorResponses } from '../../platform/errors.ts';
import type { CaregiverAccessService } from './access.ts';

const tags = ['caregiver'];

export const caregiverAccessRoutes: FastifyPluginAsyncZod<{ access: CaregiverAccessService }> = async (
  app,
  { access },
) => {
  const errors = errorResponses(400, 401, 404, 409, 429);

  app.get(
    '/caregiver-access',
    {
      schema: {
        tags,
        operationId: 'getCaregiverAccess',
        summary: "The caregiver's own login: invited, active, or none",
        description: 'The areas granted, and while invited, when the invitation stops working.',
        response: { 200: CaregiverAccessGetResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await access.get(scopeOf(request)) }),
  );

  app.post(
    '/caregiver/:id/invitation',
    {
      schema: {
        tags,
        operationId: 'inviteCaregiver',
        summary: 'Invites the registered caregiver to a login of their own',
        description:
          "Mails the caregiver a link (one use, 7 days) to set up their own password; asked again while unused, the older link stops working. Without `areas`, an adult patient's caregiver gets `codes`, `booking`, `purchases` and `lessons`, a minor's every area. An id that is not the caller's caregiver is 404; a caregiver without an e-mail 409 `CAREGIVER_EMAIL_REQUIRED`; an e-mail that is a patient's login or another patient's caregiver's, or an access already active, 409 `CAREGIVER_ALREADY_REGISTERED`.",
        params: CaregiverIdParamsSchema,
        body: CaregiverAccessInviteBodySchema,
        response: { 200: CaregiverAccessResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await access.invite(request.program, callerOf(request), request.params.id, request.body.areas),
    }),
  );

  app.put(
    '/caregiver-access/:id',
    {
      schema: {
        tags,
        operationId: 'changeCaregiverAccess',
        summary: 'The areas of care the caregiver may act in',
        description: "They hold from the caregiver's next call. An id that is not the caller's live access is 404.",
        params: CaregiverAccessIdParamsSchema,
        body: CaregiverAccessAreasBodySchema,
        response: { 200: CaregiverAccessResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await access.changeAreas(callerOf(request), request.params.id, request.body.areas) }),
  );

  app.delete(
    '/caregiver-access/:id',
    {
      schema: {
        tags,
        operationId: 'endCaregiverAccess',
        summary: "Ends the caregiver's own login",
        description:
          "The invitation stops working and every session of the caregiver ends at once, on every instance. An id that is not the caller's live access is 404.",
        params: CaregiverAccessIdParamsSchema,
        response: { 200: CaregiverAccessEndedResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await access.end(callerOf(request), 'by-patient', request.params.id))) throw notFound();
      return { data: { ended: true as const } };
    },
  );
};

function notFound() {
  return new AppError('NOT_FOUND');
}

export interface CaregiverInvitationRouteOptions {
  access: CaregiverAccessService;
  limits: { perMinute: number; addressFactor: number };
}

export const caregiverInvitationRoutes: FastifyPluginAsyncZod<CaregiverInvitationRouteOptions> = async (
  app,
  { access, limits },
) => {
  const errors = errorResponses(400, 404, 409, 410, 429, 503);
  const perAddress = { rateLimit: { max: limits.perMinute * limits.addressFactor, timeWindow: '1 minute' } };
  const perLink = app.subjectLimit(limits.perMinute, (request) => (request.body as { n?: string }).n);

  app.post(
    '/caregiver-invitation/open',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perLink,
      schema: {
        tags,
        operationId: 'openCaregiverInvitation',
        summary: "Opens a caregiver's invitation: who invites, and the login's e-mail",
        description:
          'A forged, used, superseded or expired (7 days) link, or one of an access that ended, is 410 `CAREGIVER_INVITATION_INVALID`.',
        body: CaregiverInvitationOpenBodySchema,
        response: { 200: CaregiverInvitationOpenResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await access.openInvitation(request.program, request.body.n, request.body.s) }),
  );

  app.post(
    '/caregiver-invitation/accept',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perLink,
      schema: {
        tags,
        operationId: 'acceptCaregiverInvitation',
        summary: "Sets up the caregiver's own password and uses the invitation up",
        description:
          "The patients' password rules. The caregiver then logs in with `POST /login`, recovers a forgotten password and is locked out as a patient is. A link that cannot be used is 410 `CAREGIVER_INVITATION_INVALID`; an e-mail that became a patient's login or another patient's caregiver's meanwhile 409 `CAREGIVER_ALREADY_REGISTERED`.",
        body: CaregiverInvitationAcceptBodySchema,
        response: { 200: CaregiverInvitationAcceptResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await access.acceptInvitation(request.program, request.body.n, request.body.s, request.body.password),
    }),
  );
};
