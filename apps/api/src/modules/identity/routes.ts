// Identity calls: login, token refresh, the e-mail check and password recovery (public), and the profile and
// logout of the patient's own session (behind the patient door, registered in its scope).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailCheckQuerySchema,
  EmailCheckResponseSchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  PasswordRecoverBodySchema,
  PasswordRecoverResponseSchema,
  RefreshBodySchema,
  UserQuerySchema,
  UserResponseSchema,
} from '@portal/contracts/identity';
import {
  OtherSessionsEndedResponseSchema,
  SessionEndedResponseSchema,
  SessionIdParamsSchema,
  SessionsResponseSchema,
} from '@portal/contracts/sessions';
import { LoginWithHomeResponseSchema } from '@portal/contracts/way-in';
import { deviceOf } from './device.ts';
import { firstHomeAnswers } from './first-home.ts';
import { inCareArea } from '../../platform/care-areas.ts';
import { SMALL_BODY_LIMIT_BYTES } from '../../platform/json-body.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import type { IdentityService } from './service.ts';
import { errorResponses } from '../../platform/errors.ts';

export interface IdentityRouteOptions {
  identity: IdentityService;
  limits: { loginPerMinute: number; emailCheckPerMinute: number; recoveryPerMinute: number; addressFactor: number };
}

// 503: a dependency is down, or too many password hashes wait (decision 043).
const errors = errorResponses(400, 401, 404, 409, 410, 429, 503);

export const identityRoutes: FastifyPluginAsyncZod<IdentityRouteOptions> = async (app, { identity, limits }) => {
  // Abuse-prone calls: strict per e-mail (or link), looser per address (shared addresses), see platform/subject-limit.ts.
  const perAddress = (max: number) => ({ rateLimit: { max: max * limits.addressFactor, timeWindow: '1 minute' } });
  app.post(
    '/login',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress(limits.loginPerMinute),
      preHandler: app.subjectLimit(limits.loginPerMinute, (request) => (request.body as { email?: string }).email),
      schema: {
        tags: ['identity'],
        operationId: 'login',
        summary: 'Log in with e-mail and password',
        description:
          "Answers an access token (for `Authorization: Bearer`) and a refresh token of the program's identity pool, and in `home` the answers of the home's first calls for the new session (`GET /user?expand=USER,PERIOD,CAREGIVER`, `GET /treatments`, `GET /consents`; one that could not be read is left out), so that the home paints without another round trip. A refused login is 400 `NotAuthorizedException` (never 401), an unconfirmed account 400 `UserNotConfirmedException`; repeated failures lock the account for a while. Limited per e-mail and, more loosely, per address.",
        body: LoginBodySchema,
        response: { 200: LoginWithHomeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const tokens = await identity.login(
        request.program,
        request.body.email,
        request.body.password,
        deviceOf(request.headers['user-agent']),
      );
      return { data: { ...tokens, home: await firstHomeAnswers(app, request, tokens.AccessToken) } };
    },
  );

  app.post(
    '/token/refresh',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: limits.loginPerMinute * 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['identity'],
        operationId: 'refreshTokens',
        summary: 'New tokens for a refresh token',
        description:
          'Rotates the refresh token: the old one stops working (a reuse within a few seconds answers the same tokens; a later reuse is taken for theft and ends the session). An unknown, expired or revoked refresh token is 401.',
        body: RefreshBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await identity.refresh(request.program, request.body.refreshToken, deviceOf(request.headers['user-agent'])),
    }),
  );

  // Inherently an enumeration oracle (sign-up needs it): limited hard per address; the e-mail never reaches the logs.
  app.get(
    '/cognito/check',
    {
      config: perAddress(limits.emailCheckPerMinute),
      preHandler: app.subjectLimit(
        limits.emailCheckPerMinute,
        (request) => (request.query as { email?: string }).email,
      ),
      schema: {
        tags: ['identity'],
        operationId: 'checkEmail',
        summary: 'Whether an e-mail is already registered in the program',
        description:
          'Used by the sign-up before the password step. Limited per e-mail and per address; the e-mail never reaches the logs.',
        querystring: EmailCheckQuerySchema,
        response: { 200: EmailCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: { exists: await identity.emailExists(request.program, request.query.email) } }),
  );

  app.post(
    '/password/recover',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      config: perAddress(limits.recoveryPerMinute),
      preHandler: app.subjectLimit(limits.recoveryPerMinute, (request) => {
        const body = request.body as { email?: string; n?: string };
        return body.email ?? body.n;
      }),
      schema: {
        tags: ['identity'],
        operationId: 'recoverPassword',
        summary: 'Password recovery: request the mail, verify its link, set the new password',
        description:
          'One call with three steps (`step`): `request` mails a signed link (always answered the same, whether the e-mail is known or not); `verify` checks the link (`n`, `s`) and answers its e-mail; `reset` sets the new password and ends every session. A used or expired link is 410.',
        body: PasswordRecoverBodySchema,
        response: { 200: PasswordRecoverResponseSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      switch (body.step) {
        case 'request':
          await identity.requestRecovery(request.program, body.email, body.language);
          return { data: { step: 'request' as const, accepted: true as const } };
        case 'verify':
          return {
            data: {
              step: 'verify' as const,
              email: await identity.verifyRecoveryLink(request.program, body.n, body.s),
            },
          };
        case 'reset':
          await identity.resetPassword(request.program, body.n, body.s, body.password);
          return { data: { step: 'reset' as const, passwordChanged: true as const } };
      }
    },
  );
};

/** The caller's own session: registered in the patient door's scope, which resolves the token before these run. */
export const identitySessionRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  app.post(
    '/logout',
    {
      config: inCareArea('own-session'),
      schema: {
        tags: ['identity'],
        operationId: 'logout',
        summary: "Ends the caller's session",
        description: 'The access and refresh tokens of this session are refused from the next call.',
        response: { 200: LogoutResponseSchema, ...errors },
      },
    },
    async (request) => {
      await identity.logout(request.program, callerOf(request));
      return { data: { loggedOut: true as const } };
    },
  );

  // "My sessions" (decision 044): the account's live sessions, and ending any or all others.
  app.get(
    '/sessions',
    {
      config: inCareArea('own-session'),
      schema: {
        tags: ['identity'],
        description:
          "Each live session of the account with its device, when it started and when it was last used; `current` marks the caller's own.",
        operationId: 'listSessions',
        summary: "The caller's live sessions (device, first and last use), the caller's own marked",
        response: { 200: SessionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await identity.sessions(callerOf(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      config: inCareArea('own-session'),
      schema: {
        tags: ['identity'],
        description: "Ends one session of the caller's account; an id of another account is 404, as an unknown one.",
        operationId: 'endSession',
        summary:
          "Ends one of the caller's sessions: its tokens are refused from the next call (NOT_FOUND if not the caller's)",
        params: SessionIdParamsSchema,
        response: { 200: SessionEndedResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await identity.endSession(callerOf(request), request.params.id) }),
  );

  app.post(
    '/sessions/end-others',
    {
      config: inCareArea('own-session'),
      schema: {
        tags: ['identity'],
        description: 'Ends every other session of the account (after a lost phone, say); answers how many were ended.',
        operationId: 'endOtherSessions',
        summary: "Ends every session of the caller's account but the caller's own",
        response: { 200: OtherSessionsEndedResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await identity.endOtherSessions(callerOf(request)) }),
  );

  app.get(
    '/user',
    {
      config: inCareArea('profile'),
      schema: {
        tags: ['identity'],
        operationId: 'getUser',
        summary: "The caller's profile",
        description:
          "The patient, their plan and, with `expand`, their treatments and caregiver. The patient is always the token's, never a parameter.",
        querystring: UserQuerySchema,
        response: { 200: UserResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await identity.profile(request.program, scopeOf(request), new Set(request.query.expand.split(','))),
    }),
  );
};
