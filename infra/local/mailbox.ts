/**
 * The e-mails Cognito and the notifier would have sent, kept for `GET /__local/mailbox?to=<email>`
 * (newest first) and in `<dataDir>/mailbox.json` so a restart keeps them. A notification's HTML
 * part is kept too, for `GET /__local/mailbox/latest?to=<email>` to show as a mail app would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file';

export interface Mail {
  to: string;
  subject: string;
  code: string | null;
  link: string | null;
  sentAt: string;
  /** The plain-text part (Cognito's messages have only this). */
  body: string;
  html?: string;
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

  add(mail: { to: string; subject: string; body: string; html?: string; code: string | null; sentAt: string }): Mail {
    const stored: Mail = {
      to: mail.to.toLowerCase(),
      subject: mail.subject,
      code: mail.code,
      link: firstLink(mail.body),
      sentAt: mail.sentAt,
      body: mail.body,
      ...(mail.html ? { html: mail.html } : {}),
    };
    this.mails = [stored, ...this.mails].slice(0, MAX_KEPT);
    // Whole or not at all: a stack killed mid-write finds its mailbox readable at the next start.
    // Not flushed to disk: it is a development mailbox, rewritten whole with every e-mail.
    writeFileAtomic(this.file, JSON.stringify(this.mails, null, 1), { flush: false });
    return stored;
  }

  /** Newest first; all of them when `to` is not given. */
  list(to?: string): Omit<Mail, 'body' | 'html'>[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((m) => !wanted || m.to === wanted).map(({ body: _body, html: _html, ...rest }) => rest);
  }

  /** The newest e-mail to `to`, whole, or null. */
  latest(to: string): Mail | null {
    const wanted = to.toLowerCase();
    return this.mails.find((m) => m.to === wanted) ?? null;
  }
}
