/**
 * Every money, number, count and date the web shows, in one place: US format, like the product's
 * amounts. The API speaks dollars; they become whole cents through shared/money before they are
 * shown, so no float ever reaches the screen. One date format on every screen: "Nov 25, 2026",
 * and "Nov 25, 2026, 3:53 PM" with the time (the e-mails have theirs:
 * lambdas/notifications/email-format.ts).
 */
import { dollarsToCents, formatSignedPercent, formatUsd } from '../../shared/money';

export { formatSignedPercent, formatUsd };

/** Dollars from the API as "$1,234.56" / "-$3.00". */
export const usd = (dollars: number): string => formatUsd(dollarsToCents(dollars));

/** A figure's change: "+$12.34" / "-$3.00" (a hyphen, like the signed percent beside it). */
export const signedUsd = (dollars: number): string => `${dollars >= 0 ? '+' : ''}${usd(dollars)}`;

/** Money moving in or out of a balance (a ledger entry, a chart point): "+$12.34" / "−$3.00" with a true minus sign. */
export const movementUsd = (dollars: number): string => `${dollars >= 0 ? '+' : '−'}${usd(Math.abs(dollars))}`;

/** Whole dollars for a chart axis: "$1,234". */
export const wholeUsd = (dollars: number): string => usd(dollars).replace(/\.\d\d$/, '');

const COUNT = new Intl.NumberFormat('en-US');

/** A count: "10,000". */
export const formatCount = (n: number): string => COUNT.format(n);

const PLURAL = new Intl.PluralRules('en-US');

/**
 * A count of things as English says it, by Intl.PluralRules: "1 withdrawal", "0 withdrawals",
 * "1,204 withdrawals". `plural` for a word that does not just add an "s" ("1 entry", "2 entries").
 */
export function pluralize(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${PLURAL.select(n) === 'one' ? singular : plural}`;
}

/** Green for a gain (including none), red for a loss. */
export const gainColor = (value: number): string => (value >= 0 ? 'green.fg' : 'red.fg');

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const LOCAL_DAY = new Intl.DateTimeFormat('en-US', DAY);
const UTC_DAY = new Intl.DateTimeFormat('en-US', { ...DAY, timeZone: 'UTC' });
const LOCAL_TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function validDate(when: string | number): Date | null {
  const date = new Date(when);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "Mar 10, 2025" in the viewer's time zone, or in UTC for days that are UTC days (the balance
 * history's points); "—" for no date.
 */
export function formatDate(when: string | number, timeZone?: 'UTC'): string {
  const date = validDate(when);
  if (!date) return '—';
  return (timeZone === 'UTC' ? UTC_DAY : LOCAL_DAY).format(date);
}

/** "Mar 10, 2025, 2:05 PM" in the viewer's time zone; "—" for no date. */
export function formatDateTime(when: string | number): string {
  const date = validDate(when);
  return date ? `${LOCAL_DAY.format(date)}, ${LOCAL_TIME.format(date)}` : '—';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as the value of a date input, in the viewer's own time zone: "2025-03-10". */
export const localDateInput = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Today's UTC date, "2025-03-10" (statement periods and file names, as the API counts days). */
export const utcDateInput = (): string => new Date().toISOString().slice(0, 10);

/** The first day of this UTC year, "2025-01-01". */
export const utcStartOfYear = (): string => `${new Date().getUTCFullYear()}-01-01`;

/** A date input's day as an ISO timestamp: today means now, another day its local start. */
export function dateInputTimestamp(day: string): string {
  if (!day || day === localDateInput()) return new Date().toISOString();
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).toISOString();
}
