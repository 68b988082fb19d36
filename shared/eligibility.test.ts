import fc from 'fast-check';
import {
  addCalendarMonthsUtc,
  depositEligibleIn,
  alertWindowRange,
  daysUntilEligible,
  depositProfitCents,
  eligibleAt,
  isInAlertWindow,
  monthsSinceDeposit,
  nextUpcomingEligibility,
  nextWithdrawalDate,
  upcomingDeposits,
  withUpcomingEligibility,
  withdrawalEligibility,
} from './eligibility';
import { DAY_MS, WEEK_MS } from './growth';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Random deposits (amount, weeks before the last update), requests and a balance, for the properties of eligibility. */
const eligibilityCases = [
  fc.array(fc.record({ amountCents: fc.integer({ min: 1, max: 1e9 }), weeksAgo: fc.integer({ min: 0, max: 120 }) }), {
    maxLength: 20,
  }),
  fc.array(fc.integer({ min: 1, max: 1e9 }), { maxLength: 5 }),
  fc.integer({ min: 0, max: 1e11 }),
] as const;

const depositsOf = (rows: readonly { amountCents: number; weeksAgo: number }[], lastUpdate: number) =>
  rows.map((r, i) => ({ id: String(i), amountCents: r.amountCents, at: lastUpdate - r.weeksAgo * WEEK_MS }));

describe('eligibleAt: deposit + 6 calendar months, end-of-month clamped (UTC)', () => {
  it.each([
    ['2026-08-31', '2027-02-28'],
    ['2027-08-31', '2028-02-29'],
    ['2026-01-15', '2026-07-15'],
    ['2026-12-31', '2027-06-30'],
    ['2026-03-31', '2026-09-30'],
    ['2026-07-01', '2027-01-01'],
  ])('%s -> %s', (deposit, expected) => {
    expect(iso(eligibleAt(at(deposit)))).toBe(expected);
  });

  it('keeps the time of day', () => {
    expect(new Date(eligibleAt(Date.parse('2026-01-15T13:45:10.123Z'))).toISOString()).toBe('2026-07-15T13:45:10.123Z');
  });

  it('is always 181 to 184 days later, and never moves to the month after', () => {
    fc.assert(
      fc.property(fc.integer({ min: at('2000-01-01'), max: at('2100-01-01') }), (t) => {
        const e = eligibleAt(t);
        const days = (e - t) / DAY_MS;
        const monthGap =
          (new Date(e).getUTCFullYear() - new Date(t).getUTCFullYear()) * 12 +
          new Date(e).getUTCMonth() -
          new Date(t).getUTCMonth();
        return days >= 181 && days <= 184 && monthGap === 6;
      }),
    );
  });

  it('handles negative month offsets too', () => {
    expect(iso(addCalendarMonthsUtc(at('2027-03-31'), -1))).toBe('2027-02-28');
  });
});

describe('daysUntilEligible', () => {
  const e = eligibleAt(at('2026-01-15'));
  it('is 0 on and after the date', () => {
    expect(daysUntilEligible(e, e)).toBe(0);
    expect(daysUntilEligible(e, e + 1)).toBe(0);
    expect(daysUntilEligible(e, e + 400 * DAY_MS)).toBe(0);
  });
  it('is 14 two weeks before, and counts a part day as a day', () => {
    expect(daysUntilEligible(e, e - 14 * DAY_MS)).toBe(14);
    expect(daysUntilEligible(e, e - 1)).toBe(1);
    expect(daysUntilEligible(e, e - DAY_MS - 1)).toBe(2);
  });
});

describe('monthsSinceDeposit', () => {
  it.each([
    ['2026-01-15', '2026-07-14', 5],
    ['2026-01-15', '2026-07-15', 6],
    ['2026-08-31', '2027-02-28', 6],
    ['2026-08-31', '2027-02-27', 5],
    ['2026-01-15', '2026-01-10', 0],
    ['2025-01-15', '2026-01-15', 12],
  ])('%s to %s is %p', (from, to, months) => {
    expect(monthsSinceDeposit(at(from), at(to))).toBe(months);
  });
});

describe('withdrawal eligibility', () => {
  const now = at('2026-11-22');
  const L = at('2026-11-16'); // the last Monday update
  const old = { id: 'old', amountCents: 10_000_000, at: L - 52 * WEEK_MS }; // held a year at L: profit $100,000
  const young = { id: 'young', amountCents: 5_000_000, at: now - 30 * DAY_MS };

  it('profit of a deposit is what it grew in full weeks held at L, rounded once', () => {
    expect(depositProfitCents(10_000_000, L - 52 * WEEK_MS, L)).toBe(10_000_000);
    expect(depositProfitCents(10_000_000, L - 26 * WEEK_MS, L)).toBe(4_142_136);
    expect(depositProfitCents(10_000, L - WEEK_MS + 1, L)).toBe(0);
  });

  it('lists only deposits 6 months old, with their months and profit', () => {
    const result = withdrawalEligibility({
      deposits: [old, young],
      requestedCents: [],
      balanceCents: 25_000_000,
      lastUpdate: L,
      now,
    });
    expect(result.eligibleDeposits).toEqual([
      { ...old, monthsSinceDeposit: 12, profitCents: 10_000_000, grownCents: 10_000_000, takenCents: 0 },
    ]);
    expect(result.totalEligibleProfitCents).toBe(10_000_000);
    expect(result.showRequestButton).toBe(true);
  });

  it('subtracts pending and approved requests, and never goes below 0', () => {
    const some = withdrawalEligibility({
      deposits: [old],
      requestedCents: [2_500_000, 500_000],
      balanceCents: 25_000_000,
      lastUpdate: L,
      now,
    });
    expect(some.totalEligibleProfitCents).toBe(7_000_000);
    const all = withdrawalEligibility({
      deposits: [old],
      requestedCents: [12_000_000],
      balanceCents: 25_000_000,
      lastUpdate: L,
      now,
    });
    expect(all).toMatchObject({ totalEligibleProfitCents: 0, showRequestButton: false });
  });

  it('never offers more than the balance', () => {
    const result = withdrawalEligibility({
      deposits: [old],
      requestedCents: [],
      balanceCents: 123,
      lastUpdate: L,
      now,
    });
    expect(result).toMatchObject({ totalEligibleProfitCents: 123, showRequestButton: true });
  });

  it('shows the button from one cent', () => {
    const none = withdrawalEligibility({
      deposits: [young],
      requestedCents: [],
      balanceCents: 5_000_000,
      lastUpdate: L,
      now,
    });
    expect(none).toMatchObject({ totalEligibleProfitCents: 0, showRequestButton: false, eligibleDeposits: [] });
    const cent = withdrawalEligibility({
      deposits: [old],
      requestedCents: [9_999_999],
      balanceCents: 25_000_000,
      lastUpdate: L,
      now,
    });
    expect(cent).toMatchObject({ totalEligibleProfitCents: 1, showRequestButton: true });
  });

  it('never offers more than the balance or less than zero (property)', () => {
    fc.assert(
      fc.property(...eligibilityCases, (rows, requestedCents, balanceCents) => {
        const deposits = depositsOf(rows, L);
        const { totalEligibleProfitCents: t, showRequestButton } = withdrawalEligibility({
          deposits,
          requestedCents,
          balanceCents,
          lastUpdate: L,
          now,
        });
        return Number.isSafeInteger(t) && t >= 0 && t <= balanceCents && showRequestButton === t >= 1;
      }),
    );
  });
});

describe('per-deposit eligible profit, net of what was requested', () => {
  const now = at('2026-11-22');
  const L = at('2026-11-16');
  const first = { id: 'first', amountCents: 2_500_000, at: L - 30 * WEEK_MS };
  const second = { id: 'second', amountCents: 1_000_000, at: L - 28 * WEEK_MS };
  const input = (requestedCents: number[], balanceCents = 10_000_000) => ({
    deposits: [second, first],
    requestedCents,
    balanceCents,
    lastUpdate: L,
    now,
  });

  it('takes a request from the oldest deposit first, then the next, so the profits left add up to the total', () => {
    const before = withdrawalEligibility(input([]));
    const [a, b] = before.eligibleDeposits;
    expect([a?.id, b?.id]).toEqual(['first', 'second']);
    expect(a?.profitCents).toBe(a?.grownCents);
    // $2,000 requested: all of it from the first deposit's profit.
    const after = withdrawalEligibility(input([200_000]));
    expect(after.totalEligibleProfitCents).toBe(before.totalEligibleProfitCents - 200_000);
    expect(after.eligibleDeposits.map((d) => [d.id, d.takenCents, d.profitCents])).toEqual([
      ['first', 200_000, (a?.grownCents ?? 0) - 200_000],
      ['second', 0, b?.grownCents],
    ]);
    // More than the first deposit's profit: the rest from the second.
    const more = (a?.grownCents ?? 0) + 1_000;
    const spill = withdrawalEligibility(input([more]));
    expect(spill.eligibleDeposits.map((d) => d.profitCents)).toEqual([0, (b?.grownCents ?? 0) - 1_000]);
  });

  it('takes what the balance cannot pay the same way', () => {
    const capped = withdrawalEligibility(input([], 50_000));
    expect(capped.totalEligibleProfitCents).toBe(50_000);
    expect(capped.eligibleDeposits.reduce((s, d) => s + d.profitCents, 0)).toBe(50_000);
    expect(capped.eligibleDeposits.at(-1)?.profitCents).toBe(50_000);
  });

  it('always sums to the total, each deposit between 0 and its grown profit (property)', () => {
    fc.assert(
      fc.property(...eligibilityCases, (rows, requestedCents, balanceCents) => {
        const deposits = depositsOf(rows, L);
        const e = withdrawalEligibility({ deposits, requestedCents, balanceCents, lastUpdate: L, now });
        expect(e.eligibleDeposits.reduce((s, d) => s + d.profitCents, 0)).toBe(e.totalEligibleProfitCents);
        for (const d of e.eligibleDeposits) {
          expect(d.profitCents).toBe(d.grownCents - d.takenCents);
          expect(d.profitCents).toBeGreaterThanOrEqual(0);
          expect(d.takenCents).toBeGreaterThanOrEqual(0);
        }
        // Oldest first: a deposit keeps profit only once every older one has given all of its.
        const firstKept = e.eligibleDeposits.findIndex((d) => d.takenCents < d.grownCents);
        if (firstKept >= 0) for (const d of e.eligibleDeposits.slice(firstKept + 1)) expect(d.takenCents).toBe(0);
        // Every deposit is either eligible or upcoming.
        expect(e.eligibleDeposits.length + e.upcoming.length).toBe(deposits.length);
      }),
    );
  });

  it('lists the deposits not yet eligible, soonest first, with their date, days left and profit so far', () => {
    const recent = { id: 'recent', amountCents: 500_000, at: now - 10 * DAY_MS };
    const nearly = { id: 'nearly', amountCents: 1_000_000, at: addCalendarMonthsUtc(now, -6) + 5 * DAY_MS };
    const e = withdrawalEligibility({
      deposits: [recent, first, nearly],
      requestedCents: [],
      balanceCents: 10_000_000,
      lastUpdate: L,
      now,
    });
    expect(e.eligibleDeposits.map((d) => d.id)).toEqual(['first']);
    expect(e.upcoming).toEqual([
      {
        ...nearly,
        eligibleAt: eligibleAt(nearly.at),
        daysUntilEligible: 5,
        grownCents: depositProfitCents(nearly.amountCents, nearly.at, L),
      },
      {
        ...recent,
        eligibleAt: eligibleAt(recent.at),
        daysUntilEligible: daysUntilEligible(eligibleAt(recent.at), now),
        grownCents: 0,
      },
    ]);
    expect(e.upcoming[0]?.grownCents).toBeGreaterThan(0);
    // The moment it becomes eligible it leaves the list for the eligible ones.
    const then = withdrawalEligibility({
      deposits: [nearly],
      requestedCents: [],
      balanceCents: 10_000_000,
      lastUpdate: L,
      now: eligibleAt(nearly.at),
    });
    expect(then).toMatchObject({ upcoming: [], eligibleDeposits: [{ id: 'nearly' }] });
    expect(upcomingDeposits([nearly], L, eligibleAt(nearly.at) - 1)).toMatchObject([{ daysUntilEligible: 1 }]);
  });
});

describe('alert window and next withdrawal date', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('covers the next 14 days and the last day', () => {
    expect(isInAlertWindow(now + 14 * DAY_MS, now)).toBe(true);
    expect(isInAlertWindow(now + 14 * DAY_MS + 1, now)).toBe(false);
    expect(isInAlertWindow(now, now)).toBe(true);
    expect(isInAlertWindow(now - DAY_MS + 1, now)).toBe(true);
    expect(isInAlertWindow(now - DAY_MS, now)).toBe(false);
    expect(alertWindowRange(now)).toEqual({ fromExclusive: now - DAY_MS, toInclusive: now + 14 * DAY_MS });
  });

  it('a deposit 6 months minus 5 days old is 5 days from eligible and in the window', () => {
    const deposit = addCalendarMonthsUtc(now, -6) + 5 * DAY_MS;
    expect(daysUntilEligible(eligibleAt(deposit), now)).toBe(5);
    expect(isInAlertWindow(eligibleAt(deposit), now)).toBe(true);
  });

  it('next withdrawal date is the earliest eligibility still ahead', () => {
    const a = now - 10 * DAY_MS; // eligible in ~6 months less 10 days
    const b = now - 200 * DAY_MS; // already eligible
    const c = now - 2 * DAY_MS;
    expect(nextWithdrawalDate([c, b, a], now)).toBe(eligibleAt(a));
    expect(nextWithdrawalDate([b], now)).toBeNull();
    expect(nextWithdrawalDate([], now)).toBeNull();
  });

  it('the profile list of upcoming dates gives the same next withdrawal date as the whole ledger', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.integer({ min: -400, max: 0 }), recordedAfter: fc.integer({ min: 0, max: 366 }) }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 0, max: 400 }),
        (deposits, later) => {
          // Deposits recorded one after another, some backdated (recorded days after they were made).
          const recorded = deposits
            .map((d) => ({ at: now + d.at * DAY_MS, recordedAt: now + (d.at + d.recordedAfter) * DAY_MS }))
            .sort((x, y) => x.recordedAt - y.recordedAt);
          let upcoming: string[] = [];
          for (const d of recorded) upcoming = withUpcomingEligibility(upcoming, d.at, d.recordedAt);
          const readAt = Math.max(now + later * DAY_MS, ...recorded.map((d) => d.recordedAt));
          expect(nextUpcomingEligibility(upcoming, readAt)).toBe(
            nextWithdrawalDate(
              recorded.map((d) => d.at),
              readAt,
            ),
          );
        },
      ),
    );
  });

  it('drops the dates already reached when a deposit is added', () => {
    const old = new Date(eligibleAt(now - 200 * DAY_MS)).toISOString(); // already eligible
    const ahead = new Date(eligibleAt(now - 3 * DAY_MS)).toISOString();
    expect(withUpcomingEligibility([old, ahead], now, now)).toEqual([ahead, new Date(eligibleAt(now)).toISOString()]);
  });
});

describe('depositEligibleIn', () => {
  it('finds a deposit exactly that many days from eligibility, on every day of four years', () => {
    for (let i = 0; i < 4 * 366; i += 1) {
      const now = Date.UTC(2026, 0, 1, i % 24, (i * 7) % 60) + i * DAY_MS;
      const found = depositEligibleIn([5, 4, 6], now);
      expect(found).toBeDefined();
      expect(daysUntilEligible(eligibleAt(found?.at ?? 0), now)).toBe(found?.days);
    }
  });

  it('is 5 days out where a deposit can be, as on 2026-11-28 (six months ago plus 5 days was 4 days out)', () => {
    const now = Date.UTC(2026, 10, 28, 1, 20);
    expect(daysUntilEligible(eligibleAt(addCalendarMonthsUtc(now, -6) + 5 * DAY_MS), now)).toBe(4);
    expect(depositEligibleIn([5], now)?.days).toBe(5);
  });

  it('takes the next preferred day where none is 5 days out: no deposit is eligible on August 29-31 of 2026', () => {
    const now = Date.UTC(2026, 7, 25, 0, 15);
    expect(depositEligibleIn([5], now)).toBeUndefined();
    expect(depositEligibleIn([5, 4], now)?.days).toBe(4);
  });
});
