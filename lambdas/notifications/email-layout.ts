/**
 * The one layout every notification e-mail shares, as plain text and as HTML.
 *
 * Kinds describe their e-mail as plain strings (EmailContent) and never write markup: the HTML
 * is built here alone, and every string is escaped on its way in, so a note, a reason, a name or
 * an address can never become markup whatever kind carries it. The HTML is inline-styled tables
 * with no external asset (images, fonts, stylesheets), which mail clients show as written.
 */
import { escapeHtml } from './email-format';

export const FIRM_NAME = 'Aurum';

export interface EmailFact {
  label: string;
  /** May hold newlines (a note): they stay line breaks in both parts. */
  value: string;
}

export interface EmailContent {
  subject: string;
  /** "Hello Jane," */
  greeting: string;
  paragraphs: string[];
  /** The figures, one a row: amount, dates, balance. */
  facts: EmailFact[];
  /** The link back to the site. */
  action: { label: string; url: string };
  /** Why the reader receives it, and whether it can be turned off. */
  footer: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const lines = (text: string) => text.split(/\r\n|\r|\n/);

function plainText(content: EmailContent): string {
  const facts = content.facts.map(({ label, value }) => `${label}: ${lines(value).join('\n  ')}`);
  return [
    content.greeting,
    ...content.paragraphs,
    ...(facts.length > 0 ? [facts.join('\n')] : []),
    `${content.action.label}: ${content.action.url}`,
    ['-- ', FIRM_NAME, ...content.footer].join('\n'),
  ]
    .join('\n\n')
    .concat('\n');
}

/** Escaped text with its line breaks kept. */
const htmlText = (text: string) => lines(text).map(escapeHtml).join('<br>');

const GOLD = '#c9a227';
const INK = '#1f2328';
const PARAGRAPH = 'margin:0 0 16px 0;';

function html(content: EmailContent): string {
  const facts =
    content.facts.length === 0
      ? ''
      : `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 20px 0;">${content.facts
          .map(
            ({ label, value }) =>
              `<tr><td style="padding:6px 12px 6px 0;color:#6b6b6b;vertical-align:top;white-space:nowrap;">${htmlText(label)}</td>` +
              `<td style="padding:6px 0;vertical-align:top;font-weight:bold;">${htmlText(value)}</td></tr>`,
          )
          .join('')}</table>`;
  const url = escapeHtml(content.action.url);
  return [
    '<!DOCTYPE html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlText(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:#f5f3ee;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f5f3ee;padding:24px 0;"><tr><td align="center">`,
    `<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background-color:#ffffff;border:1px solid #e6dfcf;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:${INK};">`,
    `<tr><td style="padding:20px 28px;border-bottom:3px solid ${GOLD};font-size:20px;font-weight:bold;color:#8a6d1a;">${escapeHtml(FIRM_NAME)}</td></tr>`,
    `<tr><td style="padding:24px 28px;">`,
    `<p style="${PARAGRAPH}">${htmlText(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p style="${PARAGRAPH}">${htmlText(p)}</p>`),
    facts,
    `<p style="margin:0;"><a href="${url}" style="display:inline-block;background-color:${GOLD};color:${INK};text-decoration:none;font-weight:bold;padding:10px 18px;border-radius:6px;">${htmlText(content.action.label)}</a></p>`,
    `<p style="margin:12px 0 0 0;font-size:12px;color:#6b6b6b;">Or open ${htmlText(content.action.url)}</p>`,
    `</td></tr>`,
    `<tr><td style="padding:16px 28px;border-top:1px solid #eeeeee;font-size:12px;color:#6b6b6b;">${content.footer.map(htmlText).join('<br>')}</td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join('\n');
}

export function layoutEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: plainText(content), html: html(content) };
}
