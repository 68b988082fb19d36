import fc from 'fast-check';
import { applyEntry, emptyBalance, type LedgerEntry, replayLedger, WEEK_MS, weeklyUpdate } from './growth';
import { balanceHistory, lastWeekGrowth, updateTimes } from './history';

const MONDAY = Date.UTC(2026, 0, 5);
const DAY = 24 * 3600 * 1000;

describe('balance history', () => {
  it('has a point after every entry and every weekly update, ending at the stored balance', () => {
    const ledger: LedgerEntry[] = [
      { id: 'a', type: 'deposit', amountCents: 1_000_000, at: MONDAY + 2 * DAY },
      { id: 'b', type: 'withdrawal', amountCents: 50_000, at: MONDAY + 16 * DAY },
    ];
    const L = MONDAY + 3 * WEEK_MS;
    const points = balanceHistory(ledger, L);
    expect(points.map((p) => [new Date(p.at).toISOString().slice(0, 10), p.kind])).toEqual([
      ['2026-01-07', 'deposit'],
      ['2026-01-12', 'growth'],
      ['2026-01-19', 'growth'],
      ['2026-01-21', 'withdrawal'],
      ['2026-01-26', 'growth'],
    ]);
    expect(points[0]?.balanceCents).toBe(1_000_000);
    expect(points[1]?.amountCents).toBe(0); // not a full week held yet
    expect(points[2]?.amountCents).toBe(13_419); // one week of 2^(1/52)
    expect(points[3]).toMatchObject({ amountCents: -50_000, balanceCents: 1_013_419 - 50_000 });
    expect(points.at(-1)?.balanceCents).toBe(replayLedger(ledger, L).balanceCents);
  });

  it('lists the update instants: Mondays after the first entry, then L', () => {
    expect(updateTimes(MONDAY + DAY, MONDAY + 2 * WEEK_MS + 3 * DAY)).toEqual([
      MONDAY + WEEK_MS,
      MONDAY + 2 * WEEK_MS,
      MONDAY + 2 * WEEK_MS + 3 * DAY,
    ]);
    expect(updateTimes(MONDAY - 1, MONDAY + WEEK_MS)).toEqual([MONDAY, MONDAY + WEEK_MS]);
  });

  it('is empty without entries', () => {
    expect(balanceHistory([], MONDAY)).toEqual([]);
  });

  it('ends at the stored balance for any sequence the system can produce (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom('deposit', 'withdrawal', 'weekly'),
            cents: fc.integer({ min: 1, max: 10_000_000 }),
            advance: fc.integer({ min: 0, max: 2 * WEEK_MS }),
            backdate: fc.integer({ min: 0, max: 3 * WEEK_MS }),
          }),
          { maxLength: 30 },
        ),
        (ops) => {
          let now = MONDAY + 3 * DAY;
          let state = emptyBalance(now);
          const ledger: LedgerEntry[] = [];
          ops.forEach((op, i) => {
            now += op.advance;
            if (op.kind === 'weekly') {
              const update = weeklyUpdate(state, ledger, now);
              if (update) state = update.next;
            } else {
              const entry: LedgerEntry = {
                id: String(i).padStart(4, '0'),
                type: op.kind,
                amountCents: op.cents,
                at: now - op.backdate,
              };
              ledger.push(entry);
              state = applyEntry(state, entry, ledger);
            }
          });
          const points = balanceHistory(ledger, state.lastUpdate);
          if (ledger.length === 0) return points.length === 0;
          const last = points.at(-1);
          return (
            last?.balanceCents === state.balanceCents &&
            points.every((p, k) => k === 0 || p.at >= (points[k - 1]?.at ?? 0))
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the week's growth up to L", () => {
  it("equals a weekly update's own gain when L is that update", () => {
    const ledger: LedgerEntry[] = [{ id: 'a', type: 'deposit', amountCents: 1_000_000, at: MONDAY }];
    const L = MONDAY + 5 * WEEK_MS;
    const before = replayLedger(ledger, L - WEEK_MS);
    const update = weeklyUpdate(before, ledger, L);
    expect(update).not.toBeNull();
    const week = lastWeekGrowth(ledger, L);
    expect(week.gainCents).toBe(update?.gainCents);
    expect(week.gainPercent).toBeCloseTo(update?.gainPercent ?? NaN, 10);
  });

  it("is the sum of the history's growth lines of that week after a backdated deposit", () => {
    const L = MONDAY + 30 * WEEK_MS + 2 * DAY + 5 * 3600_000; // a Wednesday afternoon
    const ledger: LedgerEntry[] = [{ id: 'a', type: 'deposit', amountCents: 2_500_000, at: L - 200 * DAY }];
    const lines = balanceHistory(ledger, L).filter((p) => p.kind === 'growth' && p.at > L - WEEK_MS);
    const week = lastWeekGrowth(ledger, L);
    expect(week.gainCents).toBeGreaterThan(0);
    expect(week.gainCents).toBe(lines.reduce((sum, p) => sum + p.amountCents, 0));
  });

  it('is nothing for money less than a week old', () => {
    const L = MONDAY + 2 * WEEK_MS;
    expect(lastWeekGrowth([{ id: 'a', type: 'deposit', amountCents: 100_000, at: L - 3 * DAY }], L)).toEqual({
      gainCents: 0,
      gainPercent: 0,
    });
  });
});
