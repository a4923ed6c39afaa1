// Account calls (decisions 019, 020). `accountRoutes` sit in the authenticated scope (the caller from the token);
// `accountLinkRoutes` holds the one public call: opening the e-mail confirmation link, whose signed nonce is the proof.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptTermsBodySchema,
  AccountExportSchema,
  ChangeEmailBodySchema,
  ChangeEmailResponseSchema,
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  CloseAccountBodySchema,
  CloseAccountResponseSchema,
  ConfirmEmailChangeResponseSchema,
  ConsentsResponseSchema,
  EmailChangeLinkSchema,
  ExportDataBodySchema,
} from '@portal/contracts/account';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import type { AccountService } from './service.ts';
import { EmailNotMeBodySchema, EmailNotMeResponseSchema } from '@portal/contracts/staff-recovery';
import { errorResponses } from '../../platform/errors.ts';

export interface AccountRouteOptions {
  account: AccountService;
  /** Calls per minute of the routes that check the current password or send mail (per address, as the other limits). */
  perMinute: number;
}

// 503: a dependency is down, or too many password hashes wait (decision 043).
const errors = errorResponses(400, 401, 404, 409, 410, 429, 503);

export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, { account, perMinute }) => {
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  app.post(
    '/account/password',
    {
      config: limited,
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: "Changes the caller's password",
        description: 'Asks for the current password; ends every other session.',
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await account.changePassword(callerOf(request), request.body.currentPassword, request.body.newPassword),
    }),
  );

  app.post(
    '/account/email',
    {
      config: limited,
      schema: {
        tags: ['account'],
        operationId: 'requestEmailChange',
        summary: "Starts a change of the caller's e-mail",
        description:
          'Asks for the current password and mails a confirmation link to the new address; the e-mail changes when the link is followed.',
        body: ChangeEmailBodySchema,
        response: { 202: ChangeEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await account.requestEmailChange(
          request.program,
          callerOf(request),
          request.body.newEmail,
          request.body.currentPassword,
        ),
      }),
  );

  app.get(
    '/consents',
    {
      schema: {
        tags: ['account'],
        operationId: 'listConsents',
        summary: "The caller's accepted terms",
        description: 'Every version of the terms the patient accepted, and when.',
        response: { 200: ConsentsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await account.consents(request.program, scopeOf(request)) }),
  );

  app.post(
    '/consents',
    {
      schema: {
        tags: ['account'],
        operationId: 'acceptTerms',
        summary: 'Accepts the current terms',
        description:
          "Records the patient's acceptance of the program's current terms version; an older version is refused.",
        body: AcceptTermsBodySchema,
        response: { 201: ConsentsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await account.acceptTerms(request.program, callerOf(request), request.body.termsVersion) }),
  );

  // The password again (a stolen access token alone exports nothing), and a limit per account on top of the one per
  // address (decision 044); the password check shares the other current-password checks' lockout (decision 040).
  app.post(
    '/account/export',
    {
      config: limited,
      preHandler: app.subjectLimit(
        app.appConfig.EXPORT_PER_MINUTE,
        (request) => scopeOf(request).userId,
        'account-export-account',
      ),
      schema: {
        tags: ['account'],
        description:
          "A JSON file of everything the portal holds about the patient (the data-protection laws' right of access). Asks for the current password; limited per account.",
        operationId: 'exportMyData',
        summary: 'Everything the portal holds about the caller, as a JSON file; asks for the current password',
        body: ExportDataBodySchema,
        response: { 200: AccountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await account.exportData(request.program, callerOf(request), request.body.currentPassword);
      // A file of personal data: downloaded, never kept by a browser or a proxy.
      void reply
        .header('content-disposition', `attachment; filename="${request.program.slug}-my-data.json"`)
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache');
      return data;
    },
  );

  app.post(
    '/account/close',
    {
      config: limited,
      schema: {
        tags: ['account'],
        operationId: 'closeAccount',
        summary: "Closes the caller's account",
        description:
          'Asks for the current password and ends every session; the data is erased after the grace period, and logging in before then cancels the closure.',
        body: CloseAccountBodySchema,
        response: { 200: CloseAccountResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await account.closeAccount(callerOf(request), request.body.currentPassword) }),
  );
};

export const accountLinkRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, { account, perMinute }) => {
  app.post(
    '/account/email/confirm',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        operationId: 'confirmEmailChange',
        summary: 'Confirms a change of e-mail',
        description:
          "With the mailed link (`n`, `s`): the account's e-mail becomes the new one. An unknown, used, superseded or expired link is 410.",
        body: EmailChangeLinkSchema,
        response: { 200: ConfirmEmailChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await account.confirmEmailChange(request.program, request.body.n, request.body.s) }),
  );

  app.post(
    '/account/email/not-me',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        operationId: 'disownEmailChange',
        summary: 'Gives an account its e-mail back after an agent changed it: the old address\'s "this wasn\'t me"',
        description:
          "With the link mailed to the old address when an agent changed the account's e-mail (`n`, `s`; decision 076): the login e-mail goes back to the old address, every session ends and the password links sent before die. An unknown, used, superseded or expired link is 410 `EMAIL_CHANGE_LINK_INVALID`; an old address another account took meanwhile is 409 `EMAIL_ALREADY_REGISTERED`.",
        body: EmailNotMeBodySchema,
        response: { 200: EmailNotMeResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await account.restoreEmail(request.program, request.body.n, request.body.s) }),
  );
};
