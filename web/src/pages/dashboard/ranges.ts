/**
 * The balance chart's ranges (1M, 3M, YTD, All) and what the chart and its figure show for one:
 * the history's points in the range (from the balance carried into it), and the investment gain
 * over it with the balance's change broken down. In cents, from the API's points.
 */
import type { HistoryPointDto } from '../../../../shared/api';
import { addCalendarMonthsUtc } from '../../../../shared/eligibility';
import { type Cents, dollarsToCents } from '../../../../shared/money';
import { type RangeGain, rangeGain } from './range-gain';

export const RANGES = ['1M', '3M', 'YTD', 'All'] as const;
export type RangeName = (typeof RANGES)[number];

/** What each range's button means, said to screen readers. */
export const RANGE_NAMES: Record<RangeName, string> = {
  '1M': '1 month',
  '3M': '3 months',
  YTD: 'Year to date',
  All: 'All time',
};

/** The change figure's words for a range the history fills (All never does: it starts at the first point). */
export const RANGE_SPANS: Record<Exclude<RangeName, 'All'>, string> = {
  '1M': 'over 1 month',
  '3M': 'over 3 months',
  YTD: 'since January 1',
};

/** A point of the chart: a history point, or the range's start (`start`: the balance carried into it). */
export interface ChartRow {
  t: number;
  balanceCents: Cents;
  kind: HistoryPointDto['kind'] | 'start';
  amountCents: Cents;
}

export interface RangeView {
  rows: ChartRow[];
  /** The investment gain over the range and the breakdown of the balance's change (range-gain.ts). */
  gain: RangeGain;
  /** Null when the range starts before the history: the figure then counts from the first point, at `since`. */
  since: number | null;
}

/** The range's first instant; null for All. */
export function rangeStart(range: RangeName, now: number): number | null {
  if (range === 'All') return null;
  if (range === 'YTD') return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  return addCalendarMonthsUtc(now, range === '1M' ? -1 : -3);
}

/** A history point as a row: never the range's start. */
type PointRow = ChartRow & { kind: HistoryPointDto['kind'] };

const rowOf = (p: HistoryPointDto): PointRow => ({
  t: Date.parse(p.at),
  balanceCents: dollarsToCents(p.balance),
  kind: p.kind,
  amountCents: dollarsToCents(p.amount),
});

/** The view of `points` (oldest first, not empty) for `range`. */
export function rangeView(points: readonly HistoryPointDto[], range: RangeName, now: number): RangeView {
  const all = points.map(rowOf);
  const start = rangeStart(range, now);
  const gain = rangeGain(all, start);
  const carried = start === null ? undefined : all.filter((r) => r.t < start).at(-1);
  if (carried && start !== null) {
    const rows = [
      { t: start, balanceCents: carried.balanceCents, kind: 'start' as const, amountCents: 0 },
      ...all.filter((r) => r.t >= start),
    ];
    return { rows, gain, since: null };
  }
  // The history starts inside the range: drawn from its first point (the first deposit), counted from $0 before it.
  return { rows: all, gain, since: (all[0] as ChartRow).t };
}
