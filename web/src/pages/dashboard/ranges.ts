/**
 * The balance chart's ranges (1M, 3M, YTD, All) and what the chart and its figure show for one:
 * the history's points in the range, the balance the range starts from, and the change from it
 * to the last point, which is the balance the cards show. In cents, from the API's points.
 */
import type { HistoryPointDto } from '../../../../shared/api';
import { addCalendarMonthsUtc } from '../../../../shared/eligibility';
import { type Cents, dollarsToCents } from '../../../../shared/money';

export const RANGES = ['1M', '3M', 'YTD', 'All'] as const;
export type RangeName = (typeof RANGES)[number];

/** What each range's button means, said to screen readers. */
export const RANGE_NAMES: Record<RangeName, string> = { '1M': '1 month', '3M': '3 months', YTD: 'Year to date', All: 'All time' };

/** The change figure's words for a range the history fills (All never does: it starts at the first point). */
export const RANGE_SPANS: Record<Exclude<RangeName, 'All'>, string> = { '1M': 'over 1 month', '3M': 'over 3 months', YTD: 'since January 1' };

/** A point of the chart: a history point, or the range's start (`start`: the balance carried into it). */
export interface ChartRow {
  t: number;
  balanceCents: Cents;
  kind: HistoryPointDto['kind'] | 'start';
  amountCents: Cents;
}

export interface RangeView {
  rows: ChartRow[];
  /** The balance the range starts from, and the last point's. */
  fromCents: Cents;
  toCents: Cents;
  /** The weekly growth credited within the range. */
  growthCents: Cents;
  /** Null when the range starts before the history: the figure then counts from the first point, at `since`. */
  since: number | null;
}

/** The range's first instant; null for All. */
export function rangeStart(range: RangeName, now: number): number | null {
  if (range === 'All') return null;
  if (range === 'YTD') return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  return addCalendarMonthsUtc(now, range === '1M' ? -1 : -3);
}

const rowOf = (p: HistoryPointDto): ChartRow => ({ t: Date.parse(p.at), balanceCents: dollarsToCents(p.balance), kind: p.kind, amountCents: dollarsToCents(p.amount) });

/** The view of `points` (oldest first, not empty) for `range`. */
export function rangeView(points: readonly HistoryPointDto[], range: RangeName, now: number): RangeView {
  const all = points.map(rowOf);
  const start = rangeStart(range, now);
  const before = start === null ? [] : all.filter((r) => r.t < start);
  const inRange = start === null ? all : all.filter((r) => r.t >= start);
  const carried = before.at(-1);
  const last = all.at(-1) as ChartRow;
  const growthCents = inRange.filter((r) => r.kind === 'growth').reduce((sum, r) => sum + r.amountCents, 0);
  if (carried && start !== null) {
    const rows = [{ t: start, balanceCents: carried.balanceCents, kind: 'start' as const, amountCents: 0 }, ...inRange];
    return { rows, fromCents: carried.balanceCents, toCents: last.balanceCents, growthCents, since: null };
  }
  // The history starts inside the range: counted from its first point (the first deposit).
  const first = all[0] as ChartRow;
  return { rows: all, fromCents: first.balanceCents, toCents: last.balanceCents, growthCents: growthCents - (first.kind === 'growth' ? first.amountCents : 0), since: first.t };
}
