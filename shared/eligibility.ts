/**
 * Profit-withdrawal eligibility and the admins' alert window (docs/product.md, "Withdrawals").
 * All calendar arithmetic is in UTC.
 */
import { DAY_MS, fullWeeksBetween, growthFactor } from './growth';
import { type Cents, roundHalfEven } from './money';

export const ELIGIBILITY_MONTHS = 6;
export const ALERT_WINDOW_DAYS = 14;
/** Deposits that became eligible within this long ago still show as 'Eligible Now' in the alerts. */
export const ELIGIBLE_NOW_GRACE_MS = DAY_MS;

function daysInMonthUtc(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `at` plus whole calendar months, the day clamped to the end of a shorter month (31 Aug + 6 → 28/29 Feb). */
export function addCalendarMonthsUtc(at: number, months: number): number {
  const d = new Date(at);
  const monthIndex = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(d.getUTCDate(), daysInMonthUtc(year, month));
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

export function eligibleAt(depositAt: number): number {
  return addCalendarMonthsUtc(depositAt, ELIGIBILITY_MONTHS);
}

/** Whole days left until `eligibleAtMs`, rounded up; 0 on and after the day. */
export function daysUntilEligible(eligibleAtMs: number, now: number): number {
  return Math.max(0, Math.ceil((eligibleAtMs - now) / DAY_MS));
}

/**
 * A deposit time that is `days` days from eligibility at `now` (as daysUntilEligible counts),
 * the middle of that day's window, trying each of `preferred` in turn: months differ in length,
 * so six months ago plus n days is not always n days from eligibility, and a few dates are
 * reached by no deposit at all (August 29-31, six months after a February). For demo data and
 * tests that want a deposit "n days out".
 */
export function depositEligibleIn(preferred: readonly number[], now: number): { at: number; days: number } | undefined {
  const start = addCalendarMonthsUtc(now, -ELIGIBILITY_MONTHS);
  const hours = Array.from({ length: 25 * 24 }, (_, hour) => start + (hour - 5 * 24) * 3_600_000);
  for (const days of preferred) {
    const fits = hours.filter((at) => daysUntilEligible(eligibleAt(at), now) === days);
    const at = fits[Math.floor(fits.length / 2)];
    if (at !== undefined) return { at, days };
  }
  return undefined;
}

export function isEligible(depositAt: number, now: number): boolean {
  return eligibleAt(depositAt) <= now;
}

/** Full calendar months from `at` to `now` (with the same end-of-month clamping). */
export function monthsSinceDeposit(at: number, now: number): number {
  if (now <= at) return 0;
  const from = new Date(at);
  const to = new Date(now);
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (addCalendarMonthsUtc(at, months) > now) months -= 1;
  return Math.max(0, months);
}

/**
 * Profit of one deposit as of the portfolio's last update L: what it grew by in its full
 * weeks held, rounded once.
 */
export function depositProfitCents(amountCents: Cents, depositAt: number, lastUpdate: number): Cents {
  return roundHalfEven(amountCents * (growthFactor(fullWeeksBetween(depositAt, lastUpdate)) - 1));
}

export interface DepositRecord {
  id: string;
  amountCents: Cents;
  at: number;
}

export interface EligibleDeposit extends DepositRecord {
  monthsSinceDeposit: number;
  /** What is left to withdraw of this deposit's profit: `grownCents − takenCents`. The deposits' sum is the total. */
  profitCents: Cents;
  /** What it grew by in its full weeks held at L. */
  grownCents: Cents;
  /** What requests (pending or approved) and the balance cap took of that, oldest deposit first. */
  takenCents: Cents;
}

/** A deposit not yet eligible: when it becomes so, and what it has grown by so far. */
export interface UpcomingDeposit extends DepositRecord {
  eligibleAt: number;
  daysUntilEligible: number;
  grownCents: Cents;
}

export interface Eligibility {
  totalEligibleProfitCents: Cents;
  showRequestButton: boolean;
  /** Oldest first. */
  eligibleDeposits: EligibleDeposit[];
  /** The deposits still to become eligible, soonest first. */
  upcoming: UpcomingDeposit[];
}

export interface EligibilityInput {
  deposits: readonly DepositRecord[];
  /** Amounts of the client's profit-withdrawal requests that are pending or approved. */
  requestedCents: readonly Cents[];
  balanceCents: Cents;
  lastUpdate: number;
  now: number;
}

const oldestFirst = (a: DepositRecord, b: DepositRecord) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Takes `takeCents` from the deposits' grown profit, the oldest deposit's first, then the next:
 * a request draws on the profit that became withdrawable first, so the newer deposits keep
 * theirs, and the profits left add up exactly to what may still be withdrawn.
 */
export function takeOldestFirst<T extends { grownCents: Cents }>(
  deposits: readonly T[],
  takeCents: Cents,
): (T & { takenCents: Cents; profitCents: Cents })[] {
  let left = takeCents;
  return deposits.map((d) => {
    const takenCents = Math.min(d.grownCents, Math.max(0, left));
    left -= takenCents;
    return { ...d, takenCents, profitCents: d.grownCents - takenCents };
  });
}

/**
 * totalEligibleProfit = min(B, Σ profit of eligible deposits − Σ requested), never below 0;
 * the request button shows from one cent up. Each eligible deposit's profit is what is left of
 * it once the difference between its grown profit and that total is taken, oldest deposit
 * first (`takeOldestFirst`), so the deposits' profits add up to the total.
 */
export function withdrawalEligibility(input: EligibilityInput): Eligibility {
  const deposits = [...input.deposits].sort(oldestFirst);
  const grown = deposits
    .filter((d) => isEligible(d.at, input.now))
    .map((d) => ({
      ...d,
      monthsSinceDeposit: monthsSinceDeposit(d.at, input.now),
      grownCents: depositProfitCents(d.amountCents, d.at, input.lastUpdate),
    }));
  const profit = grown.reduce((sum, d) => sum + d.grownCents, 0);
  const requested = input.requestedCents.reduce((sum, c) => sum + c, 0);
  const totalEligibleProfitCents = Math.max(0, Math.min(input.balanceCents, profit - requested));
  return {
    totalEligibleProfitCents,
    showRequestButton: totalEligibleProfitCents >= 1,
    eligibleDeposits: takeOldestFirst(grown, profit - totalEligibleProfitCents),
    upcoming: upcomingDeposits(deposits, input.lastUpdate, input.now),
  };
}

/** The deposits not yet eligible at `now`, soonest first, each with its date, days left and profit so far. */
export function upcomingDeposits(
  deposits: readonly DepositRecord[],
  lastUpdate: number,
  now: number,
): UpcomingDeposit[] {
  return deposits
    .filter((d) => !isEligible(d.at, now))
    .map((d) => {
      const at = eligibleAt(d.at);
      return {
        ...d,
        eligibleAt: at,
        daysUntilEligible: daysUntilEligible(at, now),
        grownCents: depositProfitCents(d.amountCents, d.at, lastUpdate),
      };
    })
    .sort((a, b) => a.eligibleAt - b.eligibleAt || oldestFirst(a, b));
}

/** The eligibility dates the admins' alerts cover at `now`, (from, to]: the next 14 days, and the last day ('Eligible Now'). */
export function alertWindowRange(now: number): { fromExclusive: number; toInclusive: number } {
  return { fromExclusive: now - ELIGIBLE_NOW_GRACE_MS, toInclusive: now + ALERT_WINDOW_DAYS * DAY_MS };
}

export function isInAlertWindow(eligibleAtMs: number, now: number): boolean {
  const { fromExclusive, toInclusive } = alertWindowRange(now);
  return eligibleAtMs > fromExclusive && eligibleAtMs <= toInclusive;
}

/** The earliest date a deposit of this client becomes eligible that is still in the future, or null. */
export function nextWithdrawalDate(depositTimes: readonly number[], now: number): number | null {
  let next: number | null = null;
  for (const at of depositTimes) {
    const e = eligibleAt(at);
    if (e > now && (next === null || e < next)) next = e;
  }
  return next;
}

/**
 * The profile's list of eligibility dates still ahead (ISO, ascending) after a deposit made at
 * `depositAt`: the new deposit's date added, the dates already reached dropped.
 */
export function withUpcomingEligibility(upcoming: readonly string[], depositAt: number, now: number): string[] {
  const nowIso = new Date(now).toISOString();
  return [...upcoming, new Date(eligibleAt(depositAt)).toISOString()].filter((iso) => iso > nowIso).sort();
}

/** The profile's list at `now`: the dates reached drop out. */
export function stillUpcoming(upcoming: readonly string[], now: number): string[] {
  const nowIso = new Date(now).toISOString();
  return upcoming.filter((iso) => iso > nowIso);
}

/** The profile's list rebuilt from every deposit time of the ledger. */
export function upcomingEligibility(depositTimes: readonly number[], now: number): string[] {
  return depositTimes.reduce<string[]>((list, at) => withUpcomingEligibility(list, at, now), []);
}

/** The earliest date of the profile's list still in the future, or null (spec: nextWithdrawalDate). */
export function nextUpcomingEligibility(upcoming: readonly string[], now: number): number | null {
  const nowIso = new Date(now).toISOString();
  const next = upcoming.find((iso) => iso > nowIso);
  return next === undefined ? null : Date.parse(next);
}
