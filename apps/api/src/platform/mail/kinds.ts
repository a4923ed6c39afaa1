// What a kind of mail is (decision 064): its name, what its payload must hold, its texts, and the words and calendar
// file it adds when rendered. Each kind is declared by the module that sends it (`modules/<name>/mails.ts`, listed in
// its module.ts); the platform's outbox checks a payload against its kind when the mail is queued, and the renderer
// looks each kind up by name among those the modules declared. The platform names no kind of its own.
import { z } from 'zod';

export type MailLanguage = 'es' | 'en';

/** A calendar part of a mail: an invitation or cancellation (REQUEST, CANCEL), or a reminder to add (PUBLISH). */
export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  content: string;
  filename?: string;
}

/** What a kind's renderer is told of the program: its slug, name and support e-mail. */
export interface MailProgramInfo {
  slug: string;
  name: string;
  supportEmail: string;
}

/** A mail as stored in the outbox, to be rendered: its kind's name, language and payload. */
export interface MailToRender {
  kind: string;
  language: MailLanguage;
  payload: Record<string, unknown>;
}

/** The program's texts in the mail's language, as a kind's renderer sees them. */
export interface MailTexts {
  /** The text of a key, undefined when the program lacks it (a service's or a place's own key). */
  get(key: string): string | undefined;
  /** The text of a key formatted with these values (ICU); throws when the program lacks it. */
  format(key: string, values: Record<string, string>): string;
}

export interface MailKind {
  /** Stored in the outbox's `kind` column and named in the worker's logs: lower-case words joined by hyphens. */
  name: string;
  /**
   * What the payload must hold. Checked when the mail is queued, so that a bad payload fails the caller's
   * transaction instead of producing a mail that can never be rendered.
   */
  payload: z.ZodType<Record<string, string>>;
  /**
   * The message keys in programs/<slug>/texts/text-<lang>.json. `button`: the HTML shows {link} as a button with this
   * label (the text version keeps the address). `notMe`: a paragraph added when the payload carries `notMeLink`.
   */
  texts: { subject: string; body: string; notMe?: string; button?: string };
  /**
   * For a reader whose language the portal does not know (a staff member has none): the mail in Spanish, then the
   * same in English, in one mail, whatever language it was queued in.
   */
  bothLanguages?: true;
  /** Values the kind adds to the payload's for its texts, and its calendar file, made when the mail is rendered. */
  parts?(
    mail: MailToRender & { payload: Record<string, string> },
    program: MailProgramInfo,
    texts: MailTexts,
  ): { values: Record<string, string>; calendar?: MailCalendar };
  /**
   * The short SMS or WhatsApp version of a notice (decision 058, addendum): its message key and its values besides
   * the program's name. Kinds without one always go by e-mail.
   */
  textNotice?: {
    key: string;
    values(mail: MailToRender & { payload: Record<string, string> }, texts: MailTexts): Record<string, string>;
  };
}

/** A kind of mail, checked by its type. */
export const defineMailKind = (kind: MailKind): MailKind => kind;

/** A link in a payload: an absolute http(s) URL. */
export const MailLinkSchema = z.url({ protocol: /^https?$/ });

/** A payload with nothing required (any placeholders as strings). */
export const AnyMailPayloadSchema = z.record(z.string(), z.string());
