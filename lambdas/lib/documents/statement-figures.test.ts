import fc from 'fast-check';
import { DAY_MS, replayLedger, WEEK_MS } from '../../../shared/growth';
import { updateTimes } from '../../../shared/history';
import { periodOf } from './document-item';
import { type StatementEntry, type StatementRequest, pendingAt, statementFigures } from './statement-figures';

const OCTOBER = periodOf('2026-10') as NonNullable<ReturnType<typeof periodOf>>;
const at = (iso: string) => Date.parse(iso);

describe('statement figures', () => {
  const entries: StatementEntry[] = [
    { id: 'd1', type: 'deposit', amountCents: 1_000_000, at: at('2026-03-02T10:00:00.000Z'), note: 'Opening deposit' },
    { id: 'd2', type: 'deposit', amountCents: 250_000, at: at('2026-10-07T09:30:00.000Z'), note: 'Top-up' },
    { id: 'w1', type: 'withdrawal', amountCents: 40_000, at: at('2026-10-20T12:00:00.000Z') },
    { id: 'a1', type: 'adjustment', amountCents: -1_234, at: at('2026-10-28T08:00:00.000Z'), note: 'Fee' },
    { id: 'd3', type: 'deposit', amountCents: 5_000, at: at('2026-11-03T08:00:00.000Z') },
  ];
  const lastUpdate = at('2026-11-16T00:00:00.000Z');

  it('opens and closes with the history, and lists the moves and weekly credits of the month', () => {
    const figures = statementFigures({ entries, requests: [], lastUpdate, period: OCTOBER });
    const before = entries.filter((e) => e.at < OCTOBER.from);
    expect(figures.openingCents).toBe(replayLedger(before, at('2026-09-28T00:00:00.000Z')).balanceCents);
    expect(figures.moves.map((m) => [m.entryId, m.amountCents, m.note])).toEqual([
      ['d2', 250_000, 'Top-up'],
      ['w1', -40_000, undefined],
      ['a1', -1_234, 'Fee'],
    ]);
    // October 2026's Mondays: the 5th, 12th, 19th and 26th.
    expect(figures.growth.map((g) => new Date(g.at).toISOString().slice(0, 10))).toEqual([
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    expect(figures.depositsCents).toBe(250_000);
    expect(figures.withdrawalsCents).toBe(40_000);
    expect(figures.adjustmentsCents).toBe(-1_234);
    expect(figures.growthCents).toBe(figures.growth.reduce((sum, g) => sum + g.amountCents, 0));
    expect(figures.closingCents).toBe(figures.moves.at(-1)?.balanceAfterCents);
    expect(figures.closingCents - figures.openingCents).toBe(250_000 - 40_000 - 1_234 + figures.growthCents);
  });

  it('counts as pending the requests made by the close and decided after it, and takes them from the eligible profit', () => {
    const requests: StatementRequest[] = [
      { requestId: 'r-late', amountCents: 100, status: 'pending', requestedAt: at('2026-11-01T00:00:00.000Z') },
      { requestId: 'r-open', amountCents: 2_000, status: 'pending', requestedAt: at('2026-10-15T00:00:00.000Z') },
      {
        requestId: 'r-after',
        amountCents: 3_000,
        status: 'rejected',
        requestedAt: at('2026-10-30T00:00:00.000Z'),
        decidedAt: at('2026-11-02T00:00:00.000Z'),
      },
      {
        requestId: 'r-done',
        amountCents: 7_000,
        status: 'cancelled',
        requestedAt: at('2026-10-01T00:00:00.000Z'),
        decidedAt: at('2026-10-02T00:00:00.000Z'),
      },
    ];
    const without = statementFigures({ entries, requests: [], lastUpdate, period: OCTOBER });
    const figures = statementFigures({ entries, requests, lastUpdate, period: OCTOBER });
    expect(figures.pendingRequests.map((r) => r.requestId)).toEqual(['r-open', 'r-after']);
    // The March deposit is eligible from September 2 and has grown about 32 weeks by October's last credit.
    expect(without.eligibleProfitCents).toBeGreaterThan(500_000);
    expect(figures.eligibleProfitCents).toBe(without.eligibleProfitCents - 5_000);
  });

  it('has nothing before the first entry', () => {
    const figures = statementFigures({ entries, requests: [], lastUpdate, period: periodOf('2026-02') as never });
    expect(figures).toMatchObject({ openingCents: 0, closingCents: 0, moves: [], growth: [], eligibleProfitCents: 0 });
  });

  it('reads a request as pending at an instant from its dates', () => {
    const r: StatementRequest = { requestId: 'r', amountCents: 1, status: 'approved', requestedAt: 10, decidedAt: 20 };
    expect([pendingAt(r, 9), pendingAt(r, 10), pendingAt(r, 19), pendingAt(r, 20)]).toEqual([false, true, true, false]);
  });

  it('adds up to the cent and closes at the history balance, for any ledger and period (property)', () => {
    const start = at('2025-12-29T00:00:00.000Z');
    const entry = fc.record({
      type: fc.constantFrom('deposit' as const, 'withdrawal' as const, 'adjustment' as const),
      cents: fc.integer({ min: 1, max: 50_000_000 }),
      negative: fc.boolean(),
      offset: fc.integer({ min: 0, max: 400 * DAY_MS }),
      note: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 25 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('2026-01', '2026-03', '2026-06', '2026-09', '2026-Q1', '2026-Q3', '2026', '2027-01'),
        (raw, weeks, label) => {
          const ledger: StatementEntry[] = raw.map((e, i) => ({
            id: `e${String(i).padStart(2, '0')}`,
            type: e.type,
            amountCents: e.type === 'adjustment' && e.negative ? -e.cents : e.cents,
            at: start + e.offset,
            ...(e.note ? { note: e.note } : {}),
          }));
          const lastUpdate = start + weeks * WEEK_MS;
          const period = periodOf(label) as NonNullable<ReturnType<typeof periodOf>>;
          const f = statementFigures({ entries: ledger, requests: [], lastUpdate, period });
          expect(f.closingCents - f.openingCents).toBe(
            f.depositsCents - f.withdrawalsCents + f.growthCents + f.adjustmentsCents,
          );
          // The history's balance at the close, replayed from the ledger at the last update before it.
          const first = Math.min(...ledger.map((e) => e.at));
          const updates = ledger.length && first <= lastUpdate ? updateTimes(first, lastUpdate) : [];
          const lastBefore = updates.filter((t) => t < period.to).at(-1) ?? Number.NEGATIVE_INFINITY;
          const closing = replayLedger(
            ledger.filter((e) => e.at < period.to),
            lastBefore,
          ).balanceCents;
          expect(f.closingCents).toBe(closing);
          expect(f.moves.map((m) => m.entryId).sort()).toEqual(
            ledger
              .filter((e) => e.at >= period.from && e.at < period.to)
              .map((e) => e.id)
              .sort(),
          );
          for (const c of [f.openingCents, f.closingCents, f.growthCents, f.eligibleProfitCents])
            expect(Number.isSafeInteger(c)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
