// Profile calls (decision 018): PUT /user changes what the patient may change (GET /user is identity's).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoticePreferencesResponseSchema, NoticePreferencesSchema } from '@portal/contracts/notices';
import {
  LanguageUpdateBodySchema,
  LanguageUpdateResponseSchema,
  ProfileUpdateBodySchema,
  ProfileUpdateResponseSchema,
} from '@portal/contracts/profile';
import type { Language } from '@portal/contracts/enums';
import type { Location } from '@portal/contracts/patient-fields';
import type { Db } from '../../platform/db.ts';
import { callerOf, scopeOf } from '../../platform/patient-auth.ts';
import { createProfileService } from './service.ts';
import { errorResponses } from '../../platform/errors.ts';

export interface ProfileRouteOptions {
  db: Db;
  clock: () => Date;
  findLocation: (id: string, language: Language) => Promise<Location | undefined>;
}

const errors = errorResponses(400, 401, 404, 429);

export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteOptions> = async (app, options) => {
  const profile = createProfileService(options);

  app.put(
    '/user',
    {
      schema: {
        tags: ['profile'],
        operationId: 'updateProfile',
        summary: "Changes the caller's profile",
        description:
          'Changes what the patient may change of their profile (contact, address, personal details the plan lets them change); answers the profile as changed.',
        body: ProfileUpdateBodySchema,
        response: { 200: ProfileUpdateResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await profile.update(callerOf(request), request.body) }),
  );

  app.put(
    '/user/language',
    {
      schema: {
        tags: ['profile'],
        operationId: 'updateLanguage',
        summary: "Changes the caller's language, of the screens and of every notice",
        description:
          'The language the patient switched the screens to while signed in: it becomes the profile’s language, in which every e-mail, SMS and WhatsApp text reaches them from then on. Answers the language as stored.',
        body: LanguageUpdateBodySchema,
        response: { 200: LanguageUpdateResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await profile.updateLanguage(callerOf(request), request.body.language) }),
  );

  app.get(
    '/user/notices',
    {
      schema: {
        tags: ['profile'],
        operationId: 'getNoticePreferences',
        summary: "How the caller's appointment notices reach them, and whether refill reminders come",
        description:
          'The channel of booking notices (e-mail, SMS or WhatsApp to the main phone), whether a reminder comes the day before each appointment, and whether an e-mail comes a few days before a medicine should run out.',
        response: { 200: NoticePreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await profile.noticePreferences(scopeOf(request)) }),
  );

  app.put(
    '/user/notices',
    {
      schema: {
        tags: ['profile'],
        operationId: 'updateNoticePreferences',
        summary: "Changes how the caller's notices reach them",
        description:
          'Sets the channel of booking notices, whether appointment reminders come and whether refill reminders come (every field, sent whole); SMS and WhatsApp need a main phone (VALIDATION_FAILED otherwise).',
        body: NoticePreferencesSchema,
        response: { 200: NoticePreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await profile.updateNoticePreferences(callerOf(request), request.body) }),
  );
};
