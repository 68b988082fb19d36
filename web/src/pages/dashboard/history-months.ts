/**
 * The history card's lines by month, newest month first, under the card's type filter. A month
 * holds its entries one by one and its weekly growth credits folded into one item (at the place
 * of its newest credit), so that a year of weekly updates reads as twelve lines, not fifty-two.
 * A line belongs to the month of the date it shows: a growth credit to the UTC day of the weekly
 * update, an entry to the viewer's own day (history-list.tsx writes them so).
 */
import type { Cents } from '../../../../shared/money';
import type { LedgerLine } from './ledger-lines';

/**
 * The filter's choices. Adjustments (an administrator's rare correction of a balance) have none
 * of their own: a fifth choice would not fit a phone's row, and they show under All.
 */
export const HISTORY_FILTERS = ['all', 'deposit', 'withdrawal', 'growth'] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** Months shown at first, and how many more each "Show older months" adds. */
export const MONTHS_PER_PAGE = 6;

export interface GrowthFold {
  type: 'growth';
  key: string;
  /** The newest credit's instant: where the fold sits among the month's entries. */
  t: number;
  totalCents: Cents;
  /** Newest first. */
  weeks: LedgerLine[];
}

export type MonthItem = { type: 'entry'; key: string; t: number; line: LedgerLine } | GrowthFold;

export interface HistoryMonth {
  /** "2026-05": sorts as the months do. */
  key: string;
  year: number;
  /** 0 for January. */
  month: number;
  /** The sum of the month's lines under the filter. */
  netCents: Cents;
  /** Newest first. */
  items: MonthItem[];
}

export type MonthOf = (line: LedgerLine) => { year: number; month: number };

/** The month a line's shown date falls in: growth on its UTC day, an entry in the viewer's time zone. */
export const shownMonth: MonthOf = (line) => {
  const date = new Date(line.t);
  return line.kind === 'growth'
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth() }
    : { year: date.getFullYear(), month: date.getMonth() };
};

export const passesFilter = (line: LedgerLine, filter: HistoryFilter): boolean =>
  filter === 'all' || line.kind === filter;

const monthKey = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`;

function monthItems(key: string, lines: readonly LedgerLine[]): MonthItem[] {
  const weeks = lines.filter((l) => l.kind === 'growth');
  const items: MonthItem[] = lines
    .filter((l) => l.kind !== 'growth')
    .map((line) => ({ type: 'entry', key: line.key, t: line.t, line }));
  const newest = weeks[0];
  if (newest)
    items.push({
      type: 'growth',
      key: `growth-${key}`,
      t: newest.t,
      totalCents: weeks.reduce((sum, w) => sum + w.amountCents, 0),
      weeks,
    });
  // Stable: a fold and an entry at the same instant keep the fold after the entry.
  return items.sort((a, b) => b.t - a.t);
}

/**
 * `lines` (newest first, as ledgerLines gives them) under `filter`, by month, newest month first;
 * within a month newest first. Months with no line under the filter are left out.
 */
export function historyMonths(
  lines: readonly LedgerLine[],
  filter: HistoryFilter,
  monthOf: MonthOf = shownMonth,
): HistoryMonth[] {
  const byMonth = new Map<string, { year: number; month: number; lines: LedgerLine[] }>();
  for (const line of lines) {
    if (!passesFilter(line, filter)) continue;
    const { year, month } = monthOf(line);
    const key = monthKey(year, month);
    const found = byMonth.get(key) ?? { year, month, lines: [] };
    found.lines.push(line);
    byMonth.set(key, found);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key, { year, month, lines: own }]) => ({
      key,
      year,
      month,
      netCents: own.reduce((sum, l) => sum + l.amountCents, 0),
      items: monthItems(
        key,
        [...own].sort((a, b) => b.t - a.t),
      ),
    }));
}

/** The lines a month's items hold, in the order shown (a fold's weeks in its place). */
export const itemLines = (items: readonly MonthItem[]): LedgerLine[] =>
  items.flatMap((i) => (i.type === 'entry' ? [i.line] : i.weeks));
