// Contracts of "my sessions" (decision 044): the patient's active sessions (refresh-token families) and ending them.
import { z } from 'zod';
import { textField } from './text.ts';

/**
 * What a session's device is called: the browser and the system, each one of a short list read from the user agent
 * when the session was opened or last refreshed. Only these words are stored, never the user agent itself.
 */
export const DEVICE_BROWSERS = ['edge', 'opera', 'samsung', 'chrome', 'firefox', 'safari', 'other'] as const;
export const DEVICE_SYSTEMS = ['android', 'ios', 'windows', 'macos', 'chromeos', 'linux', 'other'] as const;
export const DeviceBrowserSchema = z.enum(DEVICE_BROWSERS);
export const DeviceSystemSchema = z.enum(DEVICE_SYSTEMS);
export type DeviceBrowser = z.infer<typeof DeviceBrowserSchema>;
export type DeviceSystem = z.infer<typeof DeviceSystemSchema>;

/** One active session of the patient, as GET /api/v1/sessions lists it. */
export const SessionViewSchema = z.object({
  id: z.string(),
  browser: DeviceBrowserSchema,
  system: DeviceSystemSchema,
  createdAt: z.string(),
  /** When it was last used, to the minute at best: the server marks a session used at most once a minute. */
  lastUsedAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

/** GET /api/v1/sessions: newest use first. */
export const SessionsResponseSchema = z.object({ data: z.array(SessionViewSchema) });

/** DELETE /api/v1/sessions/{id}: a session of the caller's, by its id. */
export const SessionIdParamsSchema = z.object({
  id: textField({ max: 36 }).pipe(z.uuid({ error: 'errors.notFound' })),
});
export const SessionEndedResponseSchema = z.object({ data: z.object({ ended: z.literal(true) }) });

/** POST /api/v1/sessions/end-others: every session of the caller's but the current one. */
export const OtherSessionsEndedResponseSchema = z.object({ data: z.object({ ended: z.number().int() }) });
