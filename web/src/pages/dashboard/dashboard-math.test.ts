/**
 * @jest-environment node
 *
 * The dashboard's arithmetic: the next growth date, the chart's ranges and axes, the history's lines.
 */
import type { HistoryPointDto, TransactionDto } from '../../../../shared/api';
import { moneyLabels, moneyTicks, timeLabel, timeTicks } from './chart-ticks';
import { ledgerLines } from './ledger-lines';
import { nextGrowthAt } from './next-growth';
import { rangeStart, rangeView } from './ranges';

const at = (iso: string) => Date.parse(iso);

describe('next growth', () => {
  it("is the weekly job's next Monday 00:00 UTC that finds a full week since the last update", () => {
    // Last grown by Monday's run: the next Monday's run grows it again.
    expect(nextGrowthAt(at('2026-11-23T00:00:00Z'), at('2026-11-25T20:00:00Z'))).toBe(at('2026-11-30T00:00:00Z'));
    // On a Monday after the run: next week's.
    expect(nextGrowthAt(at('2026-11-23T00:00:00Z'), at('2026-11-23T00:00:01Z'))).toBe(at('2026-11-30T00:00:00Z'));
    // On a Sunday: tomorrow.
    expect(nextGrowthAt(at('2026-11-23T00:00:00Z'), at('2026-11-29T23:00:00Z'))).toBe(at('2026-11-30T00:00:00Z'));
    // Updated mid-week (a portfolio opened on Wednesday): Monday's run finds less than a week, the one after grows it.
    expect(nextGrowthAt(at('2026-11-25T12:00:00Z'), at('2026-11-25T13:00:00Z'))).toBe(at('2026-12-07T00:00:00Z'));
    // A job run ahead of time (L in the future): a full week after it.
    expect(nextGrowthAt(at('2026-12-14T00:00:00Z'), at('2026-11-25T13:00:00Z'))).toBe(at('2026-12-21T00:00:00Z'));
  });
});

describe('chart ranges', () => {
  const points: HistoryPointDto[] = [
    { at: '2026-01-10T00:00:00.000Z', kind: 'deposit', balance: 1000, amount: 1000 },
    { at: '2026-06-01T00:00:00.000Z', kind: 'growth', balance: 1100, amount: 100 },
    { at: '2026-09-15T00:00:00.000Z', kind: 'deposit', balance: 1600, amount: 500 },
    { at: '2026-10-26T00:00:00.000Z', kind: 'growth', balance: 1650, amount: 50 },
    { at: '2026-11-23T00:00:00.000Z', kind: 'growth', balance: 1700, amount: 50 },
  ];
  const now = at('2026-11-25T12:00:00Z');

  it('starts 1M and 3M by calendar months, YTD on January 1 (UTC), All at the first point', () => {
    expect(rangeStart('1M', now)).toBe(at('2026-10-25T12:00:00Z'));
    expect(rangeStart('3M', now)).toBe(at('2026-08-25T12:00:00Z'));
    expect(rangeStart('YTD', now)).toBe(at('2026-01-01T00:00:00Z'));
    expect(rangeStart('All', now)).toBeNull();
  });

  it('counts the gain from the balance carried into the range to the last point', () => {
    const month = rangeView(points, '1M', now);
    expect(month).toMatchObject({ gain: { startCents: 160_000, endCents: 170_000, growthCents: 10_000 }, since: null });
    // The chart starts at the range's start, at the balance carried in.
    expect(month.rows[0]).toEqual({
      t: at('2026-10-25T12:00:00Z'),
      balanceCents: 160_000,
      kind: 'start',
      amountCents: 0,
    });
    expect(month.rows.map((r) => r.kind)).toEqual(['start', 'growth', 'growth']);
    // The deposit in the range is not gain.
    expect(rangeView(points, '3M', now)).toMatchObject({
      gain: { startCents: 110_000, endCents: 170_000, depositsCents: 50_000, growthCents: 10_000 },
      since: null,
    });
  });

  it('counts from $0 before the first deposit when the history starts inside the range', () => {
    for (const range of ['YTD', 'All'] as const) {
      const view = rangeView(points, range, now);
      expect(view).toMatchObject({
        gain: { startCents: 0, endCents: 170_000, depositsCents: 150_000, growthCents: 20_000 },
        since: at('2026-01-10T00:00:00Z'),
      });
      expect(view.rows).toHaveLength(5);
    }
  });
});

describe('chart axes', () => {
  it('picks a few round money ticks covering the values, each labelled apart', () => {
    const ticks = moneyTicks(5_012_345, 5_631_358, 4);
    expect(ticks).toEqual([5_000_000, 5_250_000, 5_500_000, 5_750_000]);
    expect(moneyLabels(ticks)).toEqual(['$50K', '$52.5K', '$55K', '$57.5K']);
    expect(moneyLabels([0, 50_000, 100_000])).toEqual(['$0', '$500', '$1K']);
    // Never a rounded label: a step too fine for the short form is written out.
    expect(moneyLabels([5_600_000, 5_602_500, 5_605_000])).toEqual(['$56,000', '$56,025', '$56,050']);
    // One value: a band around it.
    const flat = moneyTicks(100_000, 100_000, 4);
    expect(flat[0]).toBeLessThan(100_000);
    expect(flat.at(-1)).toBeGreaterThan(100_000);
  });

  it('spreads time ticks inside the span, labelled by day or, beyond a year, by month', () => {
    const ticks = timeTicks(0, 1000, 3);
    expect(ticks).toEqual([80, 500, 920]);
    expect(timeLabel(at('2026-11-30T00:00:00Z'), 90 * 86_400_000)).toBe('Nov 30');
    expect(timeLabel(at('2026-11-30T00:00:00Z'), 400 * 86_400_000)).toBe('Nov 2026');
  });
});

describe('history lines', () => {
  it('lists every point newest first with the balance after it, and each entry with its note; growth of nothing is no line', () => {
    const points: HistoryPointDto[] = [
      { at: '2026-05-01T09:30:00.000Z', kind: 'deposit', balance: 1000, amount: 1000 },
      { at: '2026-05-04T00:00:00.000Z', kind: 'growth', balance: 1000, amount: 0 },
      { at: '2026-05-11T00:00:00.000Z', kind: 'growth', balance: 1013.42, amount: 13.42 },
      { at: '2026-05-12T10:00:00.000Z', kind: 'withdrawal', balance: 913.42, amount: -100 },
    ];
    const transactions: TransactionDto[] = [
      {
        id: 't2',
        type: 'withdrawal',
        amount: 100,
        direction: 'out',
        timestamp: '2026-05-12T10:00:00.000Z',
        note: 'To the bank',
      },
      {
        id: 't1',
        type: 'deposit',
        amount: 1000,
        direction: 'in',
        timestamp: '2026-05-01T09:30:00.000Z',
        note: 'Wire transfer',
      },
    ];
    const lines = ledgerLines(points, transactions);
    expect(lines.map((l) => [l.kind, l.amountCents, l.balanceCents, l.note])).toEqual([
      ['withdrawal', -10_000, 91_342, 'To the bank'],
      ['growth', 1_342, 101_342, undefined],
      ['deposit', 100_000, 100_000, 'Wire transfer'],
    ]);
    // Each balance is the one before it plus the line's amount: the lines add up.
    for (let i = 0; i < lines.length - 1; i++) {
      expect((lines[i + 1]?.balanceCents ?? 0) + (lines[i]?.amountCents ?? 0)).toBe(lines[i]?.balanceCents);
    }
  });
});
