// A real SMTP server for tests (smtp-server on 127.0.0.1, random port, no TLS), and a small reader of what it got.
import type { AddressInfo } from 'node:net';
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

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?contrase=C3=B1a?=`), joining adjacent ones as the RFC says. */
export function decodeEncodedWords(value: string): string {
  const pattern = /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g;
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/(?:=\?[^?]+\?[bBqQ]\?[^?]*\?=)+/g, (run) => {
    const bytes: number[] = [];
    for (const [, , encoding, text = ''] of run.matchAll(pattern)) {
      if (encoding?.toUpperCase() === 'B') bytes.push(...Buffer.from(text, 'base64'));
      else bytes.push(...decodeQuotedPrintable(text.replaceAll('_', ' ')));
    }
    return Buffer.from(bytes).toString('utf8');
  });
}

function decodeQuotedPrintable(text: string): Buffer {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i += 1) {
    const char = unwrapped[i] as string;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(unwrapped.slice(i + 1, i + 3))) {
      bytes.push(parseInt(unwrapped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

export interface ParsedMail {
  /** Decoded header values by lower-case name. */
  header: (name: string) => string | undefined;
  text: string | undefined;
  html: string | undefined;
  /** The iCalendar alternative (text/calendar), decoded, when the mail has one. */
  calendar: string | undefined;
  /** Every leaf part that names a file, decoded: what a mail client shows as attachments. */
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The leaf parts of a MIME entity, multiparts (mixed, alternative) opened at any depth. */
function leafParts(part: MimePart): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [part];
  const parts: MimePart[] = [];
  for (const section of part.body.split(`--${boundary}`).slice(1)) {
    if (section.startsWith('--')) break;
    parts.push(...leafParts(splitPart(section.replace(/^\r?\n/, ''))));
  }
  return parts;
}

/** Enough MIME for the mails the portal sends: headers, the text/html/calendar alternatives and attached files. */
export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const parts = leafParts(root);
  const typeOf = (part: MimePart) => (part.headers.get('content-type') ?? '').toLowerCase();
  const filenameOf = (part: MimePart) =>
    /filename="?([^";]+)"?/i.exec(
      `${part.headers.get('content-disposition') ?? ''};${part.headers.get('content-type') ?? ''}`,
    )?.[1];
  const bodyOf = (type: string) => {
    const part = parts.find(
      (candidate) =>
        typeOf(candidate).startsWith(type) && !/attachment/i.test(candidate.headers.get('content-disposition') ?? ''),
    );
    return part ? decodeBody(part) : undefined;
  };
  return {
    header: (name) => {
      const value = root.headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeEncodedWords(value);
    },
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
    calendar: bodyOf('text/calendar'),
    attachments: parts
      .filter((part) => /attachment/i.test(part.headers.get('content-disposition') ?? ''))
      .map((part) => ({
        filename: filenameOf(part) ?? '',
        contentType: typeOf(part).split(';')[0]!.trim(),
        content: decodeBody(part),
      })),
  };
}
