/**
 * /__local/mailbox?to=<email>: the e-mails Cognito and the notifier would have sent to one
 * address (one at a time: a list of every code and reset link is a key to every account);
 * /__local/mailbox/latest?to=<email> shows the newest one as a mail app would.
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../../../lambdas/notifications/email-format';
import type { Mail, Mailbox } from '../mailbox';
import { send } from './send';

/**
 * An e-mail is shown on the app's own origin, so it runs in a sandbox: an opaque origin without
 * scripts, which can neither read the signed-in user's tokens nor call the API, as a mail app
 * isolates a message. Inline styles only (the notifier's HTML part is styled inline).
 */
const MAIL_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
};

/** The newest e-mail's envelope above its HTML part (a whole document), or above its text (Cognito's messages). */
function mailPage(mail: Mail): string {
  const envelope = `<p style="margin:0;padding:12px;font:14px sans-serif;color:#555;background:#fff">To: ${escapeHtml(mail.to)}<br>Subject: <strong>${escapeHtml(mail.subject)}</strong><br>Sent: ${escapeHtml(mail.sentAt)}</p>`;
  if (mail.html && /<body[^>]*>/.test(mail.html))
    return mail.html.replace(/<body[^>]*>/, (body) => `${body}${envelope}`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body>${envelope}<pre style="white-space:pre-wrap;padding:12px">${escapeHtml(mail.body)}</pre></body></html>`;
}

/** The address asked about, or null once the answer (400) is sent. */
function addressOf(res: ServerResponse, url: URL): string | null {
  const to = url.searchParams.get('to')?.trim();
  if (!to) send(res, 400, { error: `Give the address: ${url.pathname}?to=<email>` });
  return to || null;
}

/** GET /__local/mailbox?to=<email>: the e-mails to one address, newest first, without their bodies. */
export async function mailboxList(mailbox: Mailbox, res: ServerResponse, url: URL): Promise<void> {
  const to = addressOf(res, url);
  if (to) send(res, 200, mailbox.list(to));
}

/** GET /__local/mailbox/latest?to=<email>: the newest e-mail to one address, as a page. */
export async function latestMail(mailbox: Mailbox, res: ServerResponse, url: URL): Promise<void> {
  const to = addressOf(res, url);
  if (!to) return;
  const mail = mailbox.latest(to);
  if (mail) send(res, 200, mailPage(mail), MAIL_PAGE_HEADERS);
  else send(res, 404, { error: `No e-mail to ${to}` });
}
