// Development only (never mounted in production, loopback peers only): GET /dev/mailbox (+ /:id, .json) shows the
// requesting program's mails from the dev mailbox, with their attachments (+ /:id/attachments/:index serves one).
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { loopbackOnly } from '../loopback.ts';
import { escapeHtml } from './render.ts';
import type { DeliveredMail, DevMailbox } from './transport.ts';

/** The mail's own HTML uses inline styles (as mail must); scripts, frames and forms stay forbidden. */
const MAIL_VIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A mail's attachments as the list, the JSON and the mail's view name them: file name, type, size and address. */
function attachmentsSummary(mail: DeliveredMail) {
  return mail.attachments.map((attachment, index) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.content.byteLength,
    url: `/dev/mailbox/${encodeURIComponent(mail.id)}/attachments/${index}`,
  }));
}

/** The attachments as links that download them, each with its type and size. */
function attachmentLinks(mail: DeliveredMail): string {
  return attachmentsSummary(mail)
    .map(
      (attachment) =>
        `<a href="${escapeHtml(attachment.url)}" download="${escapeHtml(attachment.filename)}">${escapeHtml(attachment.filename)}</a> (${escapeHtml(attachment.contentType)}, ${attachment.size} bytes)`,
    )
    .join('<br>');
}

/** The mail's own HTML with its attachments' download links at the end, as a mail client lists them under a mail. */
function mailView(mail: DeliveredMail): string {
  if (mail.attachments.length === 0) return mail.html;
  const aside = `<aside aria-label="Attachments" style="max-width:600px;margin:16px auto;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;border:1px dashed #767676">
<h2 style="font-size:16px;margin:0 0 8px 0">Attachments</h2>
<p style="margin:0">${attachmentLinks(mail)}</p>
</aside>
`;
  const end = mail.html.lastIndexOf('</body>');
  return end === -1 ? `${mail.html}${aside}` : `${mail.html.slice(0, end)}${aside}${mail.html.slice(end)}`;
}

/** A file name safe in a Content-Disposition header. */
const headerFilename = (filename: string) => filename.replace(/[^\w.-]/g, '_');

function listPage(programSlug: string, mails: DeliveredMail[]): string {
  const rows = mails
    .map(
      (mail) => `<tr>
<td><time datetime="${mail.deliveredAt.toISOString()}">${escapeHtml(mail.deliveredAt.toISOString())}</time></td>
<td>${escapeHtml(mail.to)}</td>
<td>${escapeHtml(mail.kind ?? '')}</td>
<td><a href="/dev/mailbox/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject)}</a></td>
<td>${attachmentLinks(mail)}</td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox: ${escapeHtml(programSlug)}</title></head>
<body>
<main>
<h1>Dev mailbox: ${escapeHtml(programSlug)}</h1>
<p>The last mails of this program, newest first. This page exists outside production only; the same list is at <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>
${
  mails.length === 0
    ? '<p>No mail yet.</p>'
    : `<table>
<thead><tr><th scope="col">Delivered</th><th scope="col">To</th><th scope="col">Kind</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</main>
</body>
</html>
`;
}

export function registerDevMailboxRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  // Recovery links pass through here: loopback peers only, even when the server listens on every interface.
  const hide = { schema: { hide: true }, onRequest: loopbackOnly };

  app.get('/dev/mailbox.json', hide, async (request, reply) => {
    const data = mailbox.list(request.program.slug).map((mail) => ({
      id: mail.id,
      kind: mail.kind ?? null,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      link: mail.link ?? null,
      attachments: attachmentsSummary(mail),
      deliveredAt: mail.deliveredAt.toISOString(),
    }));
    return reply.header('cache-control', 'no-store').send({ data });
  });

  app.get('/dev/mailbox', hide, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(listPage(request.program.slug, mailbox.list(request.program.slug))),
  );

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', hide, async (request, reply) => {
    const mail = mailbox.get(request.params.id);
    // Another program's mail is as unknown here as a mail that never existed.
    if (!mail || mail.programSlug !== request.program.slug) return notFound(reply);
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', MAIL_VIEW_CSP)
      .type('text/html; charset=utf-8')
      .send(mailView(mail));
  });

  app.get<{ Params: { id: string; index: string } }>(
    '/dev/mailbox/:id/attachments/:index',
    hide,
    async (request, reply) => {
      const mail = request.params.id ? mailbox.get(request.params.id) : undefined;
      const attachment = /^\d+$/.test(request.params.index)
        ? mail?.attachments[Number(request.params.index)]
        : undefined;
      if (!mail || mail.programSlug !== request.program.slug || !attachment) return notFound(reply);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${headerFilename(attachment.filename)}"`)
        .type(attachment.contentType)
        .send(attachment.content);
    },
  );
}
