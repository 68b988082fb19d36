/**
 * The e-mails Cognito would have sent, kept for `GET /__local/mailbox?to=<email>` (newest first)
 * and in `<dataDir>/mailbox.json` so a restart keeps them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  code: string | null;
  link: string | null;
  sentAt: string;
  body: string;
}

const MAX_KEPT = 500;

function firstLink(body: string): string | null {
  const match = /href="([^"]+)"/.exec(body) ?? /(https?:\/\/\S+)/.exec(body);
  return match?.[1]?.replace(/&amp;/g, '&') ?? null;
}

export class Mailbox {
  private readonly file: string;
  private mails: Mail[];

  constructor(dataDir: string) {
    this.file = join(dataDir, 'mailbox.json');
    this.mails = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Mail[]) : [];
  }

  add(mail: { to: string; subject: string; body: string; code: string | null; sentAt: string }): Mail {
    const stored: Mail = { to: mail.to.toLowerCase(), subject: mail.subject, code: mail.code, link: firstLink(mail.body), sentAt: mail.sentAt, body: mail.body };
    this.mails = [stored, ...this.mails].slice(0, MAX_KEPT);
    writeFileSync(this.file, JSON.stringify(this.mails, null, 1));
    return stored;
  }

  /** Newest first; all of them when `to` is not given. */
  list(to?: string): Omit<Mail, 'body'>[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to === wanted).map(({ body: _body, ...rest }) => rest);
  }
}
