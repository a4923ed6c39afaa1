// Renders a mail (subject, text, HTML) from the program's ICU texts and branding, in the mail's language.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import IntlMessageFormat, { PART_TYPE } from 'intl-messageformat';
import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from '@portal/contracts/enums';
import {
  PhonesSchema,
  ProgramConfigSchema,
  ProgramSlugSchema,
  type Branding,
  type Phones,
} from '@portal/contracts/program-files';
import { appointmentIcs } from '@portal/contracts/booking-ics';
import { formatWhen, localeOf } from '@portal/contracts/booking-format';
import { formatMonthDayYear } from '@portal/contracts/refill';
import { refillIcs } from '@portal/contracts/refill-ics';
import { withSinglePeriods } from '@portal/contracts/sentence';
import type { MailKind, MailLanguage } from './outbox.ts';
import { programIconPath } from '../program-icons.ts';
import { issueSignedNonce, type MailedLinkPurpose, type SigningKeys } from '../crypto.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /**
   * An iCalendar invitation or cancellation (a booking's mails), or a reminder to add (the refill reminder's), sent as
   * the mail's calendar part.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string; filename?: string };
}

export interface MailToRender {
  kind: MailKind;
  language: MailLanguage;
  payload: Record<string, unknown>;
}

/** The message keys of each kind, in programs/<slug>/texts/text-<lang>.json. */
export const MAIL_TEXT_KEYS: Record<MailKind, { subject: string; body: string; notMe?: string; button?: string }> = {
  // button: the HTML shows {link} as a button with this label (the text version keeps the address).
  'password-reset': {
    subject: 'passwordRecovery.mail.subject',
    body: 'passwordRecovery.mail.body',
    button: 'passwordRecovery.mail.button',
  },
  'password-changed': { subject: 'passwordRecovery.mail.noticeSubject', body: 'passwordRecovery.mail.noticeBody' },
  // notMe: the "this wasn't me" paragraph, added when the payload carries notMeLink (mails queued before it had none).
  enrolment: { subject: 'signup.mail.subject', body: 'signup.mail.body', notMe: 'signup.notMe.mail' },
  preregistration: { subject: 'signup.preregistered.mail.subject', body: 'signup.preregistered.mail.body' },
  'email-change-confirm': { subject: 'account.email.mail.subject', body: 'account.email.mail.body' },
  'email-change-notice': { subject: 'account.email.mail.noticeSubject', body: 'account.email.mail.noticeBody' },
  'booking-confirmed': { subject: 'booking.mail.confirmed.subject', body: 'booking.mail.confirmed.body' },
  'booking-rescheduled': { subject: 'booking.mail.rescheduled.subject', body: 'booking.mail.rescheduled.body' },
  'booking-cancelled': { subject: 'booking.mail.cancelled.subject', body: 'booking.mail.cancelled.body' },
  'booking-reminder': { subject: 'booking.mail.reminder.subject', body: 'booking.mail.reminder.body' },
  'refill-reminder': { subject: 'refill.mail.subject', body: 'refill.mail.body', button: 'refill.mail.button' },
  'pharmacy-lookup-alert': { subject: 'pharmacy.mail.lookupAlert.subject', body: 'pharmacy.mail.lookupAlert.body' },
};

const BOOKING_KINDS: ReadonlySet<MailKind> = new Set([
  'booking-confirmed',
  'booking-rescheduled',
  'booking-cancelled',
  'booking-reminder',
]);

/**
 * A booking mail's words and calendar file (decision 058): the service and the place in the mail's language, the time
 * in the appointment's zone and the patient's country's habit, and the .ics with the same UID and sequence.
 */
function bookingPartsOf(
  mail: MailToRender,
  program: MailProgram,
  texts: Record<string, string>,
): { values: Record<string, string>; calendar: NonNullable<RenderedMail['calendar']> } {
  const payload = mail.payload as Record<string, string>;
  const service = texts[payload.serviceKey!] ?? payload.serviceKey!;
  const placeName = texts[payload.place!] ?? payload.place!;
  const place = payload.address ? `${placeName}, ${payload.address}` : placeName;
  const when = formatWhen(payload.startsAt!, payload.timeZone!, localeOf(mail.language, payload.country));
  const method = mail.kind === 'booking-cancelled' ? 'CANCEL' : 'REQUEST';
  const content = appointmentIcs(
    {
      calendarUid: payload.calendarUid!,
      sequence: Number(payload.sequence),
      startsAt: payload.startsAt!,
      endsAt: payload.endsAt!,
      timeZone: payload.timeZone!,
      summary: `${service} (${program.name})`,
      location: place,
      description: texts[payload.serviceKey!.replace(/\.title$/, '.description')] ?? service,
      organizerName: program.name,
      organizerEmail: program.supportEmail,
    },
    method,
    new Date(),
  );
  return { values: { service, place, when }, calendar: { method, content } };
}

/**
 * The refill reminder's words and calendar file (decision 061): the last day in mm/dd/yyyy, and the same all-day event
 * as the home's "add a reminder to my calendar" (the same UID, so a calendar keeps one event per medicine).
 */
function refillPartsOf(
  mail: MailToRender,
  program: MailProgram,
  texts: Record<string, string>,
): { values: Record<string, string>; calendar: NonNullable<RenderedMail['calendar']> } {
  const payload = mail.payload as Record<string, string>;
  const values = {
    medicine: payload.medicine!,
    date: formatMonthDayYear(payload.lastsUntil!),
    programName: program.name,
  };
  const text = (key: string) => {
    const source = texts[key];
    if (source === undefined) throw new Error(`programs/${program.slug}/texts/text-${mail.language}.json lacks ${key}`);
    return String(new IntlMessageFormat(source, mail.language, undefined, { ignoreTag: true }).format(values));
  };
  const content = refillIcs(
    {
      calendarUid: payload.calendarUid!,
      sequence: Number(payload.sequence),
      lastsUntil: payload.lastsUntil!,
      summary: text('refill.calendar.summary'),
      description: text('refill.calendar.description'),
    },
    new Date(),
  );
  return { values, calendar: { method: 'PUBLISH', content, filename: 'reminder.ics' } };
}

/** Placeholders whose value is a URL: rendered as a clickable link in the HTML version. */
const LINK_PLACEHOLDERS = new Set(['link', 'notMeLink']);

interface MailProgram {
  slug: string;
  name: string;
  supportEmail: string;
  defaultCountry: CountryCode;
  phones: Phones;
  branding: Branding;
  texts: Record<MailLanguage, Record<string, string>>;
}

const TextsFileSchema = z.record(z.string(), z.string());

/**
 * The public origin of a program: PUBLIC_URL with the program's subdomain (`http://alivio.localhost:3000`,
 * `https://alivio.portal.example`), or PUBLIC_URL itself when its host is an IP address (no subdomains there).
 */
export function programPublicOrigin(publicUrl: string, slug: string): string {
  const url = new URL(publicUrl);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname) !== 0 || hostname.startsWith(`${slug}.`)) return url.origin;
  url.hostname = `${slug}.${url.hostname}`;
  return url.origin;
}

/** A page of a program's portal in a language (es has no prefix, en has /en), built from configuration only. */
export function programPageUrl(publicUrl: string, slug: string, language: MailLanguage, pagePath: string): URL {
  return new URL(`${programPublicOrigin(publicUrl, slug)}${language === 'en' ? '/en' : ''}${pagePath}`);
}

/**
 * A mailed link to a program's page (built from configuration, never from the Host header), signed for its purpose:
 * the page's own parameters, then the nonce and its signature (n, s). `stored` is what the link's row keeps of it:
 * the nonce's hash, when it was made and when it expires.
 */
export function issueSignedPageLink(
  config: { PUBLIC_URL: string; signingKeys: SigningKeys },
  purpose: MailedLinkPurpose,
  page: { slug: string; language: MailLanguage; path: string; query?: Record<string, string> },
  expiry: { now: Date; ttlMs: number },
): { url: string; stored: { nonceHash: string; createdAt: Date; expiresAt: Date } } {
  const { nonce, signature, nonceHash } = issueSignedNonce(config.signingKeys, purpose);
  const url = programPageUrl(config.PUBLIC_URL, page.slug, page.language, page.path);
  for (const [name, value] of Object.entries({ ...page.query, n: nonce, s: signature }))
    url.searchParams.set(name, value);
  const { now, ttlMs } = expiry;
  return { url: url.toString(), stored: { nonceHash, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) } };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Control characters (CR, LF, escapes...) become spaces: a value can neither break a header nor forge a paragraph. */
function singleLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A value already turned into safe HTML; intl-messageformat passes such objects through untouched. */
class HtmlFragment {
  constructor(readonly html: string) {}
}

export interface MailRendererOptions {
  programsDir: string;
  publicUrl: string;
}

export interface MailRenderer {
  render(programSlug: string, mail: MailToRender): RenderedMail;
  /**
   * A booking notice as a short SMS or WhatsApp text (decision 058, addendum): the program's name, the first name, the
   * service and the date and time, nothing more (no place, no address, no link). Undefined for other kinds.
   */
  renderText(programSlug: string, mail: MailToRender): string | undefined;
}

/** The short text of each booking notice, in programs/<slug>/texts/text-<lang>.json. */
export const TEXT_NOTICE_KEYS: Partial<Record<MailKind, string>> = {
  'booking-confirmed': 'booking.text.confirmed',
  'booking-rescheduled': 'booking.text.rescheduled',
  'booking-cancelled': 'booking.text.cancelled',
  'booking-reminder': 'booking.text.reminder',
};

/** Reads each program's config.json and texts once, on first use, and renders its mails. */
export function createMailRenderer({ programsDir, publicUrl }: MailRendererOptions): MailRenderer {
  const programs = new Map<string, MailProgram>();

  function loadProgram(slug: string): MailProgram {
    const cached = programs.get(slug);
    if (cached) return cached;
    const safeSlug = ProgramSlugSchema.parse(slug);
    const read = (file: string) => JSON.parse(readFileSync(path.join(programsDir, safeSlug, file), 'utf8')) as unknown;
    const config = ProgramConfigSchema.parse(read('configuration/config.json'));
    const program: MailProgram = {
      slug: config.slug,
      name: config.name,
      supportEmail: config.supportEmail,
      defaultCountry: config.defaultCountry,
      phones: PhonesSchema.parse(read('phones/phones.json')),
      branding: config.branding,
      texts: {
        es: TextsFileSchema.parse(read('texts/text-es.json')),
        en: TextsFileSchema.parse(read('texts/text-en.json')),
      },
    };
    programs.set(slug, program);
    return program;
  }

  return {
    renderText(programSlug, mail) {
      const key = TEXT_NOTICE_KEYS[mail.kind];
      if (!key) return undefined;
      const program = loadProgram(programSlug);
      const texts = program.texts[mail.language];
      const source = texts[key];
      if (source === undefined)
        throw new Error(`programs/${program.slug}/texts/text-${mail.language}.json lacks ${key}`);
      const payload = mail.payload as Record<string, string>;
      const values = {
        programName: program.name,
        firstName: payload.firstName ?? '',
        service: texts[payload.serviceKey!] ?? payload.serviceKey!,
        when: formatWhen(payload.startsAt!, payload.timeZone!, localeOf(mail.language, payload.country)),
      };
      return singleLine(
        withSinglePeriods(
          String(new IntlMessageFormat(source, mail.language, undefined, { ignoreTag: true }).format(values)),
          values,
        ),
      )
        .replace(/\s+/g, ' ')
        .trim();
    },
    render(programSlug, mail) {
      const program = loadProgram(programSlug);
      const keys = MAIL_TEXT_KEYS[mail.kind];
      const texts = program.texts[mail.language];
      const subjectSource = texts[keys.subject];
      const notMeSource = keys.notMe && typeof mail.payload.notMeLink === 'string' ? texts[keys.notMe] : undefined;
      const bodySource =
        texts[keys.body] === undefined ? undefined : `${texts[keys.body]}${notMeSource ? `\n\n${notMeSource}` : ''}`;
      if (subjectSource === undefined || bodySource === undefined) {
        throw new Error(
          `programs/${program.slug}/texts/text-${mail.language}.json lacks ${keys.subject} or ${keys.body}`,
        );
      }
      // {phones}: the call-center phones of the patient's country (the payload's), else of the program's default one.
      const payloadCountry = COUNTRY_CODES.find((code) => code === mail.payload.country);
      const phones = program.phones[payloadCountry ?? program.defaultCountry] ?? [];
      const phoneText = (phone: { labelKey: string; number: string }) =>
        `${texts[phone.labelKey] ?? phone.labelKey}: ${phone.number}`;
      const values: Record<string, string> = {
        ...Object.fromEntries(
          Object.entries(mail.payload).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
        programName: program.name,
        email: program.supportEmail,
        phones: phones.map(phoneText).join(' · '),
      };
      // The words and calendar file of a booking's mail or of the refill reminder.
      const withCalendar = BOOKING_KINDS.has(mail.kind)
        ? bookingPartsOf(mail, program, texts)
        : mail.kind === 'refill-reminder'
          ? refillPartsOf(mail, program, texts)
          : undefined;
      if (withCalendar) Object.assign(values, withCalendar.values);
      const format = (source: string) => new IntlMessageFormat(source, mail.language, undefined, { ignoreTag: true });

      const subject = singleLine(withSinglePeriods(String(format(subjectSource).format(values)), values)).trim();
      const textValues = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, singleLine(value)]));
      const text = withSinglePeriods(String(format(bodySource).format(textValues)), textValues);
      const { colors } = program.branding;
      const buttonLabel = keys.button ? texts[keys.button] : undefined;
      const htmlOf = (key: string, value: string): string => {
        if (key === 'phones')
          return phones
            .map(
              (phone) =>
                `${escapeHtml(texts[phone.labelKey] ?? phone.labelKey)}: <a href="tel:${escapeHtml(phone.number.replace(/[^+0-9]/g, ''))}" style="color:${colors.primary};font-weight:bold">${escapeHtml(phone.number)}</a>`,
            )
            .join(' · ');
        if (!LINK_PLACEHOLDERS.has(key) || !isHttpUrl(value)) return escapeHtml(value);
        // A button, not a long raw address, where the mail names one (decision 054).
        if (key === 'link' && buttonLabel)
          return `<a href="${escapeHtml(value)}" style="display:inline-block;padding:14px 28px;background-color:${colors.primary};color:${colors.primaryContrast};border-radius:999px;font-weight:bold;font-size:16px;text-decoration:none">${escapeHtml(singleLine(format(buttonLabel).format(values) as string))}</a>`;
        return `<a href="${escapeHtml(value)}" style="color:${colors.primary};font-weight:bold;text-decoration:underline;word-break:break-all">${escapeHtml(value)}</a>`;
      };
      const htmlValues = Object.fromEntries(
        Object.entries(values).map(([key, raw]) => [key, new HtmlFragment(htmlOf(key, singleLine(raw)))]),
      );
      // Literal text is escaped; values arrive as already-escaped fragments. Only literals carry newlines.
      const bodyHtml = withSinglePeriods(
        format(bodySource)
          .formatToParts<HtmlFragment>(htmlValues)
          .map((part) => (part.type === PART_TYPE.object ? part.value.html : escapeHtml(part.value)))
          .join(''),
        Object.fromEntries(Object.entries(htmlValues).map(([key, fragment]) => [key, fragment.html])),
      );
      const paragraphs = bodyHtml
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter((paragraph) => paragraph.length > 0)
        .map(
          (paragraph) =>
            `<p style="margin:0 0 16px 0;font-size:16px;line-height:1.5">${paragraph.replaceAll('\n', '<br>')}</p>`,
        )
        .join('\n');
      // The logo as a PNG: Gmail and Outlook show no SVG (program-icons.ts).
      const logoUrl = `${programPublicOrigin(publicUrl, program.slug)}${programIconPath(program.slug, 'mark')}`;
      const html = `<!doctype html>
<html lang="${mail.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.surface}">
<div role="article" aria-roledescription="${mail.language === 'es' ? 'correo' : 'email'}" aria-label="${escapeHtml(subject)}" lang="${mail.language}" style="max-width:600px;margin:0 auto;padding:24px;background-color:${colors.background};color:${colors.text};font-family:Arial,Helvetica,sans-serif;border-top:6px solid ${colors.primary}">
<p style="margin:0 0 24px 0"><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(program.name)}" height="48" style="height:48px;width:auto;border:0"></p>
${paragraphs}
</div>
</body>
</html>
`;
      return { subject, text, html, ...(withCalendar ? { calendar: withCalendar.calendar } : {}) };
    },
  };
}
