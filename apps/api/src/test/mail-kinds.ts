// The kinds of mail the modules declare (modules.ts), for tests that queue or render a mail of a given kind.
import { MAIL_KINDS } from '../modules.ts';
import type { MailKind } from '../platform/mail/kinds.ts';
import { createMailRenderer, type MailRenderer } from '../platform/mail/render.ts';

export { MAIL_KINDS };

/** The kind of this name, as its module declares it. */
export function mailKind(name: string): MailKind {
  const kind = MAIL_KINDS.find((candidate) => candidate.name === name);
  if (!kind) throw new Error(`no module declares the mail kind ${name}`);
  return kind;
}

/** A renderer of every declared kind with the programs' own templates, as the outbox renders a queued mail. */
export function testMailRenderer(config: { PROGRAMS_DIR: string }, publicUrl = 'https://portal.example'): MailRenderer {
  return createMailRenderer({ programsDir: config.PROGRAMS_DIR, publicUrl, kinds: MAIL_KINDS });
}
