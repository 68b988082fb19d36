/**
 * @jest-environment node
 *
 * The history card's months: every line under the filter lands in exactly one month, the months
 * and their items run newest first, and the figures add up (a month's net, a fold's weeks).
 */
import fc from 'fast-check';
import type { LedgerLine } from './ledger-lines';
import {
  HISTORY_FILTERS,
  type HistoryMonth,
  historyMonths,
  itemLines,
  type MonthOf,
  passesFilter,
  shownMonth,
} from './history-months';

const utcMonth: MonthOf = (line) => ({
  year: new Date(line.t).getUTCFullYear(),
  month: new Date(line.t).getUTCMonth(),
});

const FROM = Date.parse('2024-01-01T00:00:00Z');
const TO = Date.parse('2026-12-31T23:59:59Z');

/** Lines as ledgerLines gives them: newest first, each with its own key. */
const linesArb = fc
  .array(
    fc.record({
      t: fc.integer({ min: FROM, max: TO }),
      kind: fc.constantFrom<LedgerLine['kind']>('deposit', 'withdrawal', 'adjustment', 'growth'),
      amountCents: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((c) => c !== 0),
    }),
    { maxLength: 80 },
  )
  .map((raw) =>
    raw
      .sort((a, b) => a.t - b.t)
      .map((r, i): LedgerLine => ({ key: `${i}`, t: r.t, kind: r.kind, amountCents: r.amountCents, balanceCents: 0 }))
      .reverse(),
  );

const sum = (cents: readonly number[]) => cents.reduce((a, b) => a + b, 0);
const keysOf = (lines: readonly LedgerLine[]) => lines.map((l) => l.key).sort();
const allLines = (months: readonly HistoryMonth[]) => months.flatMap((m) => itemLines(m.items));

describe('history months', () => {
  it('loses no line and adds none: the months hold exactly the lines under the filter, and their nets add up to them', () => {
    fc.assert(
      fc.property(linesArb, fc.constantFrom(...HISTORY_FILTERS), (lines, filter) => {
        const months = historyMonths(lines, filter, utcMonth);
        const kept = lines.filter((l) => passesFilter(l, filter));
        expect(keysOf(allLines(months))).toEqual(keysOf(kept));
        expect(sum(months.map((m) => m.netCents))).toBe(sum(kept.map((l) => l.amountCents)));
        for (const month of months) expect(month.netCents).toBe(sum(itemLines(month.items).map((l) => l.amountCents)));
        // A month listed has something under the filter.
        for (const month of months) expect(month.items.length).toBeGreaterThan(0);
      }),
    );
  });

  it('runs newest first: months by their key, items by their instant, a line in the month it falls in', () => {
    fc.assert(
      fc.property(linesArb, fc.constantFrom(...HISTORY_FILTERS), (lines, filter) => {
        const months = historyMonths(lines, filter, utcMonth);
        for (let i = 0; i + 1 < months.length; i++)
          expect((months[i]?.key ?? '') > (months[i + 1]?.key ?? '')).toBe(true);
        for (const month of months) {
          const ts = month.items.map((item) => item.t);
          expect(ts).toEqual([...ts].sort((a, b) => b - a));
          for (const line of itemLines(month.items))
            expect(utcMonth(line)).toEqual({ year: month.year, month: month.month });
          expect(month.key).toBe(`${month.year}-${String(month.month + 1).padStart(2, '0')}`);
        }
      }),
    );
  });

  it("folds a month's growth into one item whose total is the sum of its weeks, newest week first and at the fold's place", () => {
    fc.assert(
      fc.property(linesArb, fc.constantFrom(...HISTORY_FILTERS), (lines, filter) => {
        for (const month of historyMonths(lines, filter, utcMonth)) {
          const folds = month.items.filter((i) => i.type === 'growth');
          expect(folds.length).toBeLessThanOrEqual(1);
          const growth = itemLines(month.items).filter((l) => l.kind === 'growth');
          const fold = folds[0];
          if (!fold) {
            expect(growth).toEqual([]);
            continue;
          }
          expect(fold.weeks).toEqual(growth);
          expect(fold.totalCents).toBe(sum(fold.weeks.map((w) => w.amountCents)));
          expect(fold.t).toBe(Math.max(...fold.weeks.map((w) => w.t)));
          const ts = fold.weeks.map((w) => w.t);
          expect(ts).toEqual([...ts].sort((a, b) => b - a));
        }
      }),
    );
  });

  it('keeps adjustments under All only, and leaves out a month with nothing under the filter', () => {
    const line = (key: string, iso: string, kind: LedgerLine['kind'], amountCents: number): LedgerLine => ({
      key,
      t: Date.parse(iso),
      kind,
      amountCents,
      balanceCents: 0,
    });
    const lines = [
      line('4', '2026-05-18T00:00:00Z', 'growth', 1_500),
      line('3', '2026-05-12T10:00:00Z', 'adjustment', -2_000),
      line('2', '2026-05-11T00:00:00Z', 'growth', 1_342),
      line('1', '2026-04-01T09:30:00Z', 'deposit', 100_000),
    ];
    const all = historyMonths(lines, 'all', utcMonth);
    expect(all.map((m) => [m.key, m.netCents, m.items.map((i) => i.type)])).toEqual([
      ['2026-05', 842, ['growth', 'entry']],
      ['2026-04', 100_000, ['entry']],
    ]);
    expect(historyMonths(lines, 'withdrawal', utcMonth)).toEqual([]);
    expect(historyMonths(lines, 'deposit', utcMonth).map((m) => m.key)).toEqual(['2026-04']);
    expect(historyMonths(lines, 'growth', utcMonth).map((m) => [m.key, m.netCents])).toEqual([['2026-05', 2_842]]);
  });

  it('puts a growth credit in the month of its UTC day, as its date is shown', () => {
    const credit: LedgerLine = {
      key: '0',
      t: Date.parse('2026-06-01T00:00:00Z'),
      kind: 'growth',
      amountCents: 100,
      balanceCents: 100,
    };
    expect(shownMonth(credit)).toEqual({ year: 2026, month: 5 });
  });
});
