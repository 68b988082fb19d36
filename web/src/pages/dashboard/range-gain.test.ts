/**
 * @jest-environment node
 *
 * The chart's headline: the investment gain over a range is the growth credited in it, its
 * return time-weighted; the breakdown adds up to the balance's change.
 */
import fc from 'fast-check';
import { type LedgerEntry, WEEK_MS, WEEKLY_RATE } from '../../../../shared/growth';
import { balanceHistory } from '../../../../shared/history';
import { type GainPoint, rangeGain } from './range-gain';

const MONDAY = Date.UTC(2026, 0, 5);
const DAY = 24 * 3600 * 1000;

/**
 * A history grown as the ledger grows money, by full weeks held: each credit grows the balance
 * right after the credit before it by `rate` (rounded to the cent), and a flow since then, less
 * than a week old, earns nothing yet. The first credit has nothing a week old to grow.
 */
function grownHistory(
  weeks: readonly { flowCents: number; kind: 'deposit' | 'withdrawal' | 'adjustment' }[],
  rate: number,
  round = true,
): GainPoint[] {
  const points: GainPoint[] = [];
  let balance = 0;
  weeks.forEach((week, i) => {
    const t = MONDAY + i * WEEK_MS;
    const earning = balance;
    if (week.flowCents !== 0) {
      balance += week.flowCents;
      points.push({ t: t + DAY, kind: week.kind, balanceCents: balance });
    }
    const credit = earning * (rate - 1);
    balance += round ? Math.round(credit) : credit;
    points.push({ t: t + WEEK_MS, kind: 'growth', balanceCents: balance });
  });
  return points;
}

const sumOfParts = (g: ReturnType<typeof rangeGain>) =>
  g.depositsCents + g.withdrawalsCents + g.growthCents + g.adjustmentsCents;

describe('range gain', () => {
  // $25,000 in, four weeks of growth, $10,000 more, two weeks, $2,000 out, one week.
  const points: GainPoint[] = [
    { t: MONDAY, kind: 'deposit', balanceCents: 2_500_000 },
    { t: MONDAY + 1 * WEEK_MS, kind: 'growth', balanceCents: 2_533_545 },
    { t: MONDAY + 2 * WEEK_MS, kind: 'growth', balanceCents: 2_567_540 },
    { t: MONDAY + 3 * WEEK_MS, kind: 'growth', balanceCents: 2_601_990 },
    { t: MONDAY + 4 * WEEK_MS, kind: 'growth', balanceCents: 2_636_903 },
    { t: MONDAY + 4 * WEEK_MS + DAY, kind: 'deposit', balanceCents: 3_636_903 },
    { t: MONDAY + 5 * WEEK_MS, kind: 'growth', balanceCents: 3_672_284 },
    { t: MONDAY + 6 * WEEK_MS, kind: 'growth', balanceCents: 3_721_559 },
    { t: MONDAY + 6 * WEEK_MS + DAY, kind: 'withdrawal', balanceCents: 3_521_559 },
    // The $2,000 taken out mid-week had earned for the week before: the credit grows what was held after the last one.
    { t: MONDAY + 7 * WEEK_MS, kind: 'growth', balanceCents: 3_571_499 },
  ];

  it('counts the growth credited, never a deposit or a withdrawal, over the whole history from $0', () => {
    const all = rangeGain(points, null);
    expect(all).toMatchObject({
      startCents: 0,
      endCents: 3_571_499,
      depositsCents: 3_500_000,
      withdrawalsCents: -200_000,
      adjustmentsCents: 0,
    });
    expect(all.growthCents).toBe(3_571_499 - 3_500_000 + 200_000);
    expect(sumOfParts(all)).toBe(all.endCents - all.startCents);
  });

  it('in a range with a deposit, the gain is the growth credited in it, from the balance carried in', () => {
    const from = MONDAY + 4 * WEEK_MS + 1;
    const range = rangeGain(points, from);
    expect(range.startCents).toBe(2_636_903);
    expect(range.depositsCents).toBe(1_000_000);
    expect(range.growthCents).toBe(3_672_284 - 3_636_903 + (3_721_559 - 3_672_284) + (3_571_499 - 3_521_559));
    // Time-weighted: each credit over what earned it, the balance right after the credit before.
    const chained = (1 + 35_381 / 2_636_903) * (1 + 49_275 / 3_672_284) * (1 + 49_940 / 3_721_559);
    expect(range.returnPercent).toBeCloseTo((chained - 1) * 100, 10);
    // Three weeks at the product's rate, whatever came in and went out between them.
    expect(Math.abs(range.returnPercent - (WEEKLY_RATE ** 3 - 1) * 100)).toBeLessThan(0.001);
    // The simple change over the start would count the deposit: far above the return.
    expect(((range.endCents - range.startCents) / range.startCents) * 100).toBeGreaterThan(30);
    expect(range.returnPercent).toBeLessThan(5);
  });

  it('is nothing over a range with no credit, and credits on no money held are no return', () => {
    const quiet = rangeGain(points, MONDAY + 8 * WEEK_MS);
    expect(quiet).toEqual({
      startCents: 3_571_499,
      endCents: 3_571_499,
      depositsCents: 0,
      withdrawalsCents: 0,
      growthCents: 0,
      adjustmentsCents: 0,
      returnPercent: 0,
    });
    const empty = rangeGain([{ t: 0, kind: 'growth', balanceCents: 0 }], null);
    expect(empty.returnPercent).toBe(0);
    expect(rangeGain([], null)).toMatchObject({ startCents: 0, endCents: 0, returnPercent: 0 });
  });

  it('a year of weekly credits at 2^(1/52) is +100%', () => {
    // 53 credits: the first grows nothing (the deposit is less than a week old), then 52 weeks.
    const year = grownHistory(
      [
        { flowCents: 10_000_000, kind: 'deposit' },
        ...Array.from({ length: 52 }, () => ({ flowCents: 0, kind: 'deposit' as const })),
      ],
      WEEKLY_RATE,
      false,
    );
    expect(rangeGain(year, null).returnPercent).toBeCloseTo(100, 8);
  });
});

describe('range gain (properties)', () => {
  const flow = fc.record({
    flowCents: fc.integer({ min: -5_000_000, max: 50_000_000 }),
    kind: fc.constantFrom('deposit' as const, 'withdrawal' as const, 'adjustment' as const),
  });

  it('deposits, withdrawals, growth and adjustments add up exactly to the end balance less the start', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom('deposit' as const, 'withdrawal' as const, 'adjustment' as const, 'growth' as const),
            balanceCents: fc.integer({ min: 0, max: 1e11 }),
          }),
          { maxLength: 60 },
        ),
        fc.option(fc.integer({ min: -2, max: 62 }), { nil: null }),
        (rows, startIndex) => {
          const pts = rows.map((r, i) => ({ ...r, t: MONDAY + i * DAY }));
          const gain = rangeGain(pts, startIndex === null ? null : MONDAY + startIndex * DAY);
          expect(sumOfParts(gain)).toBe(gain.endCents - gain.startCents);
          expect(gain.endCents).toBe(pts.at(-1)?.balanceCents ?? gain.startCents);
        },
      ),
    );
  });

  it("on the ledger's own history, the gain is the growth points' amounts in the range and the parts add up", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom('deposit' as const, 'withdrawal' as const, 'adjustment' as const),
            amountCents: fc.integer({ min: 1, max: 10_000_000 }),
            day: fc.integer({ min: 0, max: 200 }),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        fc.integer({ min: -10, max: 220 }),
        (rows, startDay) => {
          const ledger: LedgerEntry[] = rows.map((r, i) => ({
            id: String(i).padStart(3, '0'),
            type: i === 0 ? 'deposit' : r.type,
            amountCents: r.amountCents,
            at: MONDAY + r.day * DAY + 3_600_000,
          }));
          const history = balanceHistory(ledger, MONDAY + 30 * WEEK_MS);
          const start = MONDAY + startDay * DAY;
          const gain = rangeGain(
            history.map((p) => ({ t: p.at, kind: p.kind, balanceCents: p.balanceCents })),
            start,
          );
          expect(sumOfParts(gain)).toBe(gain.endCents - gain.startCents);
          expect(gain.growthCents).toBe(
            history.filter((p) => p.kind === 'growth' && p.at >= start).reduce((s, p) => s + p.amountCents, 0),
          );
        },
      ),
    );
  });

  it("on the ledger's own history, the percent is the weekly rate for each credit after the first, mid-week deposits or not", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amountCents: fc.integer({ min: 100_000, max: 10_000_000 }),
            day: fc.integer({ min: 0, max: 200 }),
            hour: fc.integer({ min: 1, max: 23 }),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        (rows) => {
          const ledger: LedgerEntry[] = rows.map((r, i) => ({
            id: String(i).padStart(3, '0'),
            type: 'deposit',
            amountCents: r.amountCents,
            at: MONDAY + r.day * DAY + r.hour * 3_600_000,
          }));
          const history = balanceHistory(ledger, MONDAY + 30 * WEEK_MS);
          const credits = history.filter((p) => p.kind === 'growth').length;
          const gain = rangeGain(
            history.map((p) => ({ t: p.at, kind: p.kind, balanceCents: p.balanceCents })),
            null,
          );
          expect(Math.abs(gain.returnPercent - (WEEKLY_RATE ** Math.max(0, credits - 1) - 1) * 100)).toBeLessThan(0.01);
        },
      ),
    );
  });

  it('the percent is the growth rate, whatever money was moved in or out between credits', () => {
    fc.assert(
      fc.property(
        fc.array(flow, { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0.99, max: 1.02, noNaN: true }),
        (weeks, rate) => {
          // Money in first; flows never take the balance below $10,000, so each credit's rounding is tiny.
          const kept = [{ flowCents: 2_000_000, kind: 'deposit' as const }, ...weeks];
          let balance = 0;
          const safe = kept.map((w) => {
            const flowCents = balance + w.flowCents < 1_000_000 ? 0 : w.flowCents;
            balance = (balance + flowCents) * rate;
            return { ...w, flowCents };
          });
          // Every credit but the first (nothing a week old yet) grows by the rate.
          const expected = (rate ** (safe.length - 1) - 1) * 100;
          // Unrounded balances: exactly the rate; in cents, within the rounding of each credit.
          expect(rangeGain(grownHistory(safe, rate, false), null).returnPercent).toBeCloseTo(expected, 8);
          expect(Math.abs(rangeGain(grownHistory(safe, rate), null).returnPercent - expected)).toBeLessThan(0.01);
          // The same credits with no money moved after the first deposit: the same percent.
          const still = safe.map((w, i) => (i === 0 ? w : { ...w, flowCents: 0 }));
          expect(rangeGain(grownHistory(still, rate, false), null).returnPercent).toBeCloseTo(expected, 8);
        },
      ),
    );
  });
});
