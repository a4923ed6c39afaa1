// The notice channels besides e-mail (decision 058, addendum): SMS and WhatsApp through a provider adapter at SMS_URL,
// or, outside production without it, the dev mailbox (each message shown there as a mail to the phone number).
import type { DevMailbox, MailContext } from './transport.ts';

export type TextChannel = 'sms' | 'whatsapp';

export interface OutgoingText {
  channel: TextChannel;
  /** The phone number in E.164 (`+50688887777`). */
  to: string;
  /** Short, and with no personal data beyond the first name, the service and the date and time. */
  text: string;
  /** The outbox row's id: the same on every attempt, so that the provider can drop a duplicate. */
  id: string;
  context?: MailContext;
}

export interface TextTransport {
  /** Resolves once the provider accepted the message; rejects otherwise (`responseCode` 550 when retrying is useless). */
  send(message: OutgoingText): Promise<void>;
  close(): Promise<void>;
}

export const TEXT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * A provider adapter at SMS_URL: `POST { channel, to, text, id }` as JSON. The URL's user and password, if any, become
 * Basic auth (never sent in the URL). A 4xx answer is permanent (the number or the text was refused); a 5xx answer or
 * a network error is retried by the outbox.
 */
export function createHttpTextTransport(smsUrl: string): TextTransport {
  const url = new URL(smsUrl);
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : undefined;
  url.username = '';
  url.password = '';
  const endpoint = url.toString();
  return {
    async send({ channel, to, text, id }) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': id,
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ channel, to, text, id }),
        signal: AbortSignal.timeout(TEXT_REQUEST_TIMEOUT_MS),
      });
      if (response.ok) return;
      throw Object.assign(new Error(`text provider answered ${response.status}`), {
        code: 'ETEXT',
        ...(response.status >= 400 && response.status < 500 && response.status !== 429 ? { responseCode: 550 } : {}),
      });
    },
    async close() {},
  };
}

/** The local default: each text lands in the dev mailbox, addressed to the phone, its subject naming the channel. */
export function createDevMailboxTextTransport(mailbox: DevMailbox): TextTransport {
  return {
    async send({ channel, to, text, id, context }) {
      await mailbox.send({
        from: channel === 'sms' ? 'SMS' : 'WhatsApp',
        to,
        subject: `${channel === 'sms' ? 'SMS' : 'WhatsApp'}: ${text.slice(0, 60)}`,
        text,
        html: '',
        messageId: id,
        ...(context ? { context } : {}),
      });
    },
    async close() {},
  };
}
