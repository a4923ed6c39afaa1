// Renders a mail (subject, text, HTML) from the program's ICU texts and branding, in the mail's language, with what its
// kind adds (its module's declaration, platform/mail/kinds.ts).
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
import { withSinglePeriods } from '@portal/contracts/sentence';
import type { MailCalendar, MailKind, MailLanguage, MailTexts, MailToRender } from './kinds.ts';
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
  calendar?: MailCalendar;
}

export type { MailToRender } from './kinds.ts';

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

  /** What an ICU `select` compares with its options ("{placeKind, select, video {…} other {}}"): the value itself. */
  toString(): string {
    return this.html;
  }
}

export interface MailRendererOptions {
  programsDir: string;
  publicUrl: string;
  /** The kinds of mail the modules declared (modules.ts); a mail of another kind cannot be rendered. */
  kinds: readonly MailKind[];
}

export interface MailRenderer {
  render(programSlug: string, mail: MailToRender): RenderedMail;
  /**
   * A notice as a short SMS or WhatsApp text (decision 058, addendum), for kinds that declare one (a booking's: the
   * program's name, the first name, the service and the date and time, nothing more). Undefined for other kinds.
   */
  renderText(programSlug: string, mail: MailToRender): string | undefined;
}

/** Reads each program's config.json and texts once, on first use, and renders its mails. */
export function createMailRenderer({ programsDir, publicUrl, kinds }: MailRendererOptions): MailRenderer {
  const programs = new Map<string, MailProgram>();
  const kindsByName = new Map(kinds.map((kind) => [kind.name, kind]));

  function kindOf(name: string): MailKind {
    const kind = kindsByName.get(name);
    if (!kind) throw new Error(`no module declares the mail kind ${name}`);
    return kind;
  }

  /** The program's texts in a language, as a kind's renderer sees them. */
  function textsOf(program: MailProgram, language: MailLanguage): MailTexts {
    const texts = program.texts[language];
    return {
      get: (key) => texts[key],
      format(key, values) {
        const source = texts[key];
        if (source === undefined) throw new Error(`programs/${program.slug}/texts/text-${language}.json lacks ${key}`);
        return String(new IntlMessageFormat(source, language, undefined, { ignoreTag: true }).format(values));
      },
    };
  }

  /** The payload's string values (a stored payload holds nothing else; the check keeps a kind's renderer typed). */
  function withStrings(mail: MailToRender): MailToRender & { payload: Record<string, string> } {
    const payload = Object.fromEntries(
      Object.entries(mail.payload).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { ...mail, payload };
  }

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
      const notice = kindOf(mail.kind).textNotice;
      if (!notice) return undefined;
      const program = loadProgram(programSlug);
      const texts = textsOf(program, mail.language);
      const values = { ...notice.values(withStrings(mail), texts), programName: program.name };
      return singleLine(withSinglePeriods(texts.format(notice.key, values), values))
        .replace(/\s+/g, ' ')
        .trim();
    },
    render(programSlug, mail) {
      if (!kindOf(mail.kind).bothLanguages) return renderOne(programSlug, mail);
      // Spanish first, then English: one subject, the two texts one after the other, the two articles in one page.
      const es = renderOne(programSlug, { ...mail, language: 'es' });
      const en = renderOne(programSlug, { ...mail, language: 'en' });
      const subject = `${es.subject} · ${en.subject}`;
      const articleOf = (html: string) => html.slice(html.indexOf('<div role="article"'), html.lastIndexOf('</body>'));
      const html = es.html
        .replace(`<title>${escapeHtml(es.subject)}</title>`, `<title>${escapeHtml(subject)}</title>`)
        .replace(articleOf(es.html), `${articleOf(es.html)}${articleOf(en.html)}`);
      return { subject, text: `${es.text}\n\n---\n\n${en.text}`, html };
    },
  };

  function renderOne(programSlug: string, mail: MailToRender): RenderedMail {
    const kind = kindOf(mail.kind);
    const program = loadProgram(programSlug);
    const keys = kind.texts;
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
    // What the kind adds: a booking's place and time, the refill reminder's date, and their calendar files.
    const parts = kind.parts?.(withStrings(mail), program, textsOf(program, mail.language));
    if (parts) Object.assign(values, parts.values);
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
    return { subject, text, html, ...(parts?.calendar ? { calendar: parts.calendar } : {}) };
  }
}
