// How the patient hears about their appointments (decision 058, addendum "notice channels"): by e-mail, SMS or
// WhatsApp, and whether a reminder comes the day before; and whether an e-mail comes a few days before their medicine
// runs out (decision 061). GET and PUT /api/v1/user/notices.
import { z } from 'zod';

export const NOTICE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const NoticeChannelSchema = z.enum(NOTICE_CHANNELS);
export type NoticeChannel = z.infer<typeof NoticeChannelSchema>;

/** PUT /api/v1/user/notices: every field, sent whole. SMS and WhatsApp go to the profile's main phone. */
export const NoticePreferencesSchema = z.strictObject({
  channel: NoticeChannelSchema,
  /** The reminder a day before each appointment; the confirmation, move and cancellation always come. */
  reminders: z.boolean(),
  /** The e-mail a few days before a medicine should run out, from its dose and the purchases (decision 061). */
  refillReminders: z.boolean(),
});
export type NoticePreferences = z.infer<typeof NoticePreferencesSchema>;
export const NoticePreferencesResponseSchema = z.object({ data: NoticePreferencesSchema });
