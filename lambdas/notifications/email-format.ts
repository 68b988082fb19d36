/**
 * How e-mails write dates, counts, amounts and people, and escape text. One date format for every
 * e-mail: the day with the month in full, "25 November 2026", read the same way everywhere (the
 * screens write "Nov 25, 2026": web/src/format.ts). An e-mail is read in any time zone and cannot
 * ask the reader's, so every time is given in UTC and says so: "25 November 2026, 15:53 UTC". Month
 * names are spelled out here rather than through Intl, so the text is the same on every Node build.
 * Amounts are written as the site writes them (shared/money formatUsd: "$1,234.56").
 */
import { type Cents, formatUsd } from '../../shared/money';

export { formatUtcDate, formatUtcDateTime } from '../../shared/utc-format';

const COUNT = new Intl.NumberFormat('en-US');
const PLURAL = new Intl.PluralRules('en-US');

/** A number in words as English counts it: "1 request", "0 requests", "1,204 portfolios". */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${COUNT.format(n)} ${PLURAL.select(n) === 'one' ? singular : plural}`;
}

/** A change of a balance, always signed: "+$1,315,270.12", "-$40.00", "+$0.00". */
export function formatSignedUsd(cents: Cents): string {
  return `${cents >= 0 ? '+' : ''}${formatUsd(cents)}`;
}

/** A client as an administrator reads them: "Jane Doe (jane@example.com)", or the address alone when no name is known. */
export function formatClient(name: string | undefined, email: string): string {
  const named = name?.trim();
  return named ? `${named} (${email})` : email;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
