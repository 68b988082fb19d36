import fc from 'fast-check';
import { applyEntry, emptyBalance, type LedgerEntry, replayLedger, WEEK_MS, weeklyUpdate } from './growth';
import { balanceHistory, updateTimes } from './history';

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
    expect(updateTimes(MONDAY + DAY, MONDAY + 2 * WEEK_MS + 3 * DAY)).toEqual([MONDAY + WEEK_MS, MONDAY + 2 * WEEK_MS, MONDAY + 2 * WEEK_MS + 3 * DAY]);
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
              const entry: LedgerEntry = { id: String(i).padStart(4, '0'), type: op.kind, amountCents: op.cents, at: now - op.backdate };
              ledger.push(entry);
              state = applyEntry(state, entry, ledger);
            }
          });
          const points = balanceHistory(ledger, state.lastUpdate);
          if (ledger.length === 0) return points.length === 0;
          const last = points.at(-1);
          return last?.balanceCents === state.balanceCents && points.every((p, k) => k === 0 || p.at >= (points[k - 1]?.at ?? 0));
        },
      ),
      { numRuns: 300 },
    );
  });
});
