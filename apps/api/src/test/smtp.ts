// A real SMTP server for tests (smtp-server on 127.0.0.1, random port, no TLS), and a small reader of what it got.
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** SMTP_URL for the portal: plain SMTP, no STARTTLS. */
  url: string;
  received: ReceivedMail[];
  /** How many RCPT TO commands the server saw (accepted or refused). */
  rcptAttempts: () => number;
  /** Refuses the next `count` recipients with this reply code (451: try later; 550: permanent). */
  refuseNext(count: number, responseCode?: number): void;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refusalCode = 451;
  let rcptAttempts = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      rcptAttempts += 1;
      if (refusals > 0) {
        refusals -= 1;
        callback(
          Object.assign(new Error(refusalCode >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: refusalCode,
          }),
        );
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    rcptAttempts: () => rcptAttempts,
    refuseNext(count, responseCode = 451) {
      refusals = count;
      refusalCode = responseCode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  /** A header's decoded value by name (addresses as `Name <address>`, comma-separated). */
  header: (name: string) => string | undefined;
  text: string | undefined;
  html: string | undefined;
  /** The iCalendar part (text/calendar), as a mail client reads it to offer "add to calendar". */
  calendar: string | undefined;
  /** Every part that names a file, decoded: what a mail client shows as attachments. */
  attachments: { filename: string; contentType: string; content: string }[];
}

/** Parses a received mail with mailparser: headers decoded, the text, html and calendar parts. */
export async function parseMail(raw: string): Promise<ParsedMail> {
  const mail = await simpleParser(raw);
  const calendar = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  const addresses = (value: AddressObject) =>
    value.value.map(({ name, address }) => (name ? `${name} <${address ?? ''}>` : (address ?? ''))).join(', ');
  return {
    header: (name) => {
      const value = mail.headers.get(name.toLowerCase());
      if (value === undefined || typeof value === 'string') return value;
      if (value instanceof Date) return value.toISOString();
      if (typeof value === 'object' && 'value' in value && Array.isArray(value.value))
        return addresses(value as AddressObject);
      return JSON.stringify(value);
    },
    text: mail.text,
    html: mail.html === false ? undefined : mail.html,
    calendar: calendar?.content.toString('utf8'),
    attachments: mail.attachments
      .filter((attachment) => attachment.filename)
      .map((attachment) => ({
        filename: attachment.filename ?? '',
        contentType: attachment.contentType,
        content: attachment.content.toString('utf8'),
      })),
  };
}
