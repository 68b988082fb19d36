/**
 * The admin pages' words for counts and ages: "1 deposit", "2 deposits", "requested 3 days ago".
 * Counts are the web's one plural rule (format.ts pluralize, by Intl.PluralRules).
 */
import { pluralize } from '../../format';

export const plural = pluralize;

/** A deposit's badge: "Eligible Now", "1 day remaining", "5 days remaining". */
export const depositBadge = (days: number) => (days === 0 ? 'Eligible Now' : `${plural(days, 'day')} remaining`);

/**
 * A client's badge, from the soonest of its deposits: "5 days until eligible", "1 day until
 * eligible" (a count of one is singular, as everywhere on the console), or "Eligible Now" when
 * one of them already is (rather than "0 days until eligible").
 */
export const clientBadge = (soonestDays: number) =>
  soonestDays === 0 ? 'Eligible Now' : `${plural(soonestDays, 'day')} until eligible`;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long ago `when` was, in the largest whole unit: "just now", "5 minutes ago", "1 hour ago", "3 days ago". */
export function ago(when: string | number, now: number = Date.now()): string {
  const at = typeof when === 'number' ? when : Date.parse(when);
  if (Number.isNaN(at)) return 'at an unknown time';
  const elapsed = Math.max(0, now - at);
  if (elapsed >= DAY_MS) return `${plural(Math.floor(elapsed / DAY_MS), 'day')} ago`;
  if (elapsed >= HOUR_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  if (elapsed >= MINUTE_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  return 'just now';
}

/** A client as the console names them: the display name, or the e-mail when there is none. */
export const clientName = (client: { displayName?: string; email: string }): string =>
  client.displayName?.trim() || client.email;

/** Typed as the client's e-mail, ignoring case and the spaces around it (e-mails are stored lower-cased). */
export const confirmsEmail = (typed: string, email: string): boolean =>
  typed.trim().toLowerCase() === email.toLowerCase();
