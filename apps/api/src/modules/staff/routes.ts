// The staff API (decision 068), under the `staff` tag: the way in is public (a set-up link, then e-mail and password,
// then the second factor), limited per subject and per address; the rest is behind the staff door, each route checking
// role and program on every call.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STAFF_ROLES,
  StaffLoginBodySchema,
  StaffLoginResponseSchema,
  StaffLogoutResponseSchema,
  StaffMeResponseSchema,
  StaffSecondFactorBodySchema,
  StaffSessionResponseSchema,
  StaffSetupFinishBodySchema,
  StaffSetupFinishResponseSchema,
  StaffSetupOpenBodySchema,
  StaffSetupOpenResponseSchema,
} from '@portal/contracts/staff';
import { errorResponses } from '../../platform/errors.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import { staffOf } from './door.ts';
import { staffRoleIn } from './roles.ts';
import type { StaffService } from './service.ts';

export interface StaffRouteOptions {
  staff: StaffService;
  limits: { loginPerMinute: number; addressFactor: number };
}

const tags = ['staff'];
// 503: a dependency is down, or too many password hashes wait (decision 043).
const errors = errorResponses(400, 401, 403, 410, 429, 503);

export const staffPublicRoutes: FastifyPluginAsyncZod<StaffRouteOptions> = async (app, { staff, limits }) => {
  const perAddress = { rateLimit: { max: limits.loginPerMinute * limits.addressFactor, timeWindow: '1 minute' } };
  const perSubject = (field: 'n' | 'email' | 'challenge') =>
    app.subjectLimit(limits.loginPerMinute, (request) => (request.body as Record<string, string | undefined>)[field]);

  app.post(
    '/staff/setup/open',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perSubject('n'),
      schema: {
        tags,
        operationId: 'openStaffSetup',
        summary: "Opens a staff member's set-up link: who it is for, and a new authenticator secret",
        description:
          'The link (`n`, `s`) came by mail or from `npm run staff:add`; it is valid for 24 hours and until the set-up is finished. Each opening draws a new secret (base32 text and an `otpauth://` URI for a QR code); only the latest one can finish the set-up. A forged, used, superseded or expired link is 410 `STAFF_SETUP_LINK_INVALID`.',
        body: StaffSetupOpenBodySchema,
        response: { 200: StaffSetupOpenResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await staff.openSetup(request.body.n, request.body.s) }),
  );

  app.post(
    '/staff/setup/finish',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perSubject('n'),
      schema: {
        tags,
        operationId: 'finishStaffSetup',
        summary:
          'Finishes the set-up: names, a password and a current code of the authenticator; answers the recovery codes',
        description:
          'The password needs 12 characters and must not be a common or breached password nor the e-mail or names (`VALIDATION_FAILED` on `password`); the code must be the authenticator’s current one (`VALIDATION_FAILED` on `code`). The link is then used up, and the ten recovery codes are answered once: they are stored only as hashes.',
        body: StaffSetupFinishBodySchema,
        response: { 200: StaffSetupFinishResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await staff.finishSetup(request.body) }),
  );

  app.post(
    '/staff/login',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perSubject('email'),
      schema: {
        tags,
        operationId: 'staffLogin',
        summary: 'Staff login, first step: e-mail and password; answers the challenge of the second factor',
        description:
          'The same refusal, 400 `STAFF_LOGIN_REFUSED`, whether the e-mail is unknown, the password wrong or the member disabled or not set up; repeated failures lock the e-mail for a while (`details.reason` LOCKED). The challenge is valid 5 minutes.',
        body: StaffLoginBodySchema,
        response: { 200: StaffLoginResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await staff.login(request.body.email, request.body.password) }),
  );

  app.post(
    '/staff/login/second-factor',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress,
      preHandler: perSubject('challenge'),
      schema: {
        tags,
        operationId: 'staffLoginSecondFactor',
        summary:
          'Staff login, second step: the authenticator’s code or a recovery code; answers the staff session’s token',
        description:
          'A code is accepted once, within 30 seconds either side of now; a recovery code once. A wrong code or an unknown, used or expired challenge is 400 `STAFF_CODE_REFUSED`; the fifth wrong code locks the member’s second factor for 15 minutes on every instance (429 `STAFF_SECOND_FACTOR_LOCKED` with `Retry-After`). The session ends after 15 minutes without a call and 10 hours after it began.',
        body: StaffSecondFactorBodySchema,
        response: { 200: StaffSessionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await staff.completeLogin(request.body.challenge, request.body.code) }),
  );
};

/** The staff member's own session: registered in the staff door's scope, which resolves the token before these run. */
export const staffSessionRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  app.get(
    '/staff/me',
    {
      // Any role in the host's program: the console opens on a program the member works on.
      preHandler: staffRoleIn(...STAFF_ROLES),
      schema: {
        tags,
        operationId: 'getStaffMe',
        summary: 'The staff member calling: names, e-mail, and the programs they work on with their roles',
        description:
          'Answered on the host of a program where the member holds a role (403 `FORBIDDEN` elsewhere); lists every program of theirs, so the console can switch between them.',
        response: { 200: StaffMeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await staff.me(staffOf(request)) }),
  );

  app.post(
    '/staff/logout',
    {
      schema: {
        tags,
        operationId: 'staffLogout',
        summary: "Ends the staff member's session",
        description: 'The token is refused from the next call, on every instance.',
        response: { 200: StaffLogoutResponseSchema, ...errors },
      },
    },
    async (request) => {
      await staff.logout(staffOf(request));
      return { data: { loggedOut: true as const } };
    },
  );
};
