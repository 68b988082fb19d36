/**
 * The eligibility answer on the real local stack: each eligible deposit's profit is net of what
 * the client's requests (pending or approved) took, oldest deposit first, so the deposits add up
 * to the total; the deposits still to become eligible are listed with their date, days left and
 * profit so far. Split requests, cancels and another client's look do not get around it.
 */
import type { EligibilityDto } from '../../shared/api';
import {
  addCalendarMonthsUtc,
  daysUntilEligible,
  depositEligibleIn,
  depositProfitCents,
  eligibleAt,
} from '../../shared/eligibility';
import { DAY_MS } from '../../shared/growth';
import type { Session } from './support/client';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const cents = (dollars: number) => Math.round(dollars * 100);
const sumCents = (list: readonly { profit: number }[]) => list.reduce((s, d) => s + cents(d.profit), 0);

async function eligibility(client: Session): Promise<EligibilityDto> {
  const res = await t.client.call('getEligibility', { token: client.accessToken, params: { uid: client.sub } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function ask(client: Session, amount: number) {
  const res = await t.client.call('requestWithdrawal', {
    token: client.accessToken,
    body: { userId: client.sub, userEmail: client.email, amount },
  });
  expect(res.status).toBe(201);
  return res.body.request;
}

/** A client with $25,000 deposited 7 months ago (eligible), $10,000 a few days from eligibility and $5,000 10 days ago. */
async function clientWithDeposits(): Promise<{
  client: Session;
  times: { old: number; near: number; recent: number };
}> {
  const client = await t.client.newClient('upcoming');
  const now = Date.now();
  const near = depositEligibleIn([5, 4, 6, 3, 7], now);
  if (!near) throw new Error('no deposit date is a few days from eligibility');
  const times = { old: addCalendarMonthsUtc(now, -7), near: near.at, recent: now - 10 * DAY_MS };
  for (const [amount, at] of [
    [25_000, times.old],
    [10_000, times.near],
    [5_000, times.recent],
  ] as const) {
    expect((await t.client.fund(admin, client, amount, { timestamp: new Date(at).toISOString() })).status).toBe(200);
  }
  return { client, times };
}

describe('upcoming eligibility and per-deposit profit', () => {
  it('lists the deposits still to become eligible, soonest first, with their date, days left and profit so far', async () => {
    const { client, times } = await clientWithDeposits();
    const now = Date.now();
    const portfolio = await t.client.call('getPortfolio', {
      token: client.accessToken,
      params: { userId: client.sub },
    });
    const lastUpdate = Date.parse(portfolio.body.portfolio.lastUpdate);
    const answer = await eligibility(client);
    expect(answer.eligibleDeposits).toHaveLength(1);
    const [old] = answer.eligibleDeposits;
    expect(old).toMatchObject({ amount: 25_000, timestamp: new Date(times.old).toISOString(), withdrawnProfit: 0 });
    expect(cents(old?.grownProfit ?? 0)).toBe(depositProfitCents(2_500_000, times.old, lastUpdate));
    expect(old?.profit).toBe(old?.grownProfit);
    expect(answer.upcoming).toEqual([
      {
        id: expect.any(String),
        amount: 10_000,
        timestamp: new Date(times.near).toISOString(),
        eligibleAt: new Date(eligibleAt(times.near)).toISOString(),
        daysUntilEligible: daysUntilEligible(eligibleAt(times.near), now),
        profit: depositProfitCents(1_000_000, times.near, lastUpdate) / 100,
      },
      {
        id: expect.any(String),
        amount: 5_000,
        timestamp: new Date(times.recent).toISOString(),
        eligibleAt: new Date(eligibleAt(times.recent)).toISOString(),
        daysUntilEligible: daysUntilEligible(eligibleAt(times.recent), now),
        profit: depositProfitCents(500_000, times.recent, lastUpdate) / 100,
      },
    ]);
    expect(answer.upcoming[0]?.daysUntilEligible).toBeLessThanOrEqual(7);
    expect(answer.upcoming[0]?.profit).toBeGreaterThan(0);
    expect(sumCents(answer.eligibleDeposits)).toBe(cents(answer.totalEligibleProfit));
  });

  it('takes a request from the oldest deposit, keeps it taken once approved, and frees it on a cancel', async () => {
    const { client } = await clientWithDeposits();
    const before = await eligibility(client);
    const grown = cents(before.eligibleDeposits[0]?.grownProfit ?? 0);
    const request = await ask(client, 2_000);
    const pending = await eligibility(client);
    expect(pending.eligibleDeposits[0]).toMatchObject({ withdrawnProfit: 2_000, profit: (grown - 200_000) / 100 });
    expect(cents(pending.totalEligibleProfit)).toBe(cents(before.totalEligibleProfit) - 200_000);
    expect(sumCents(pending.eligibleDeposits)).toBe(cents(pending.totalEligibleProfit));

    expect(
      (await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id: request.id } }))
        .status,
    ).toBe(200);
    const approved = await eligibility(client);
    expect(approved.eligibleDeposits[0]).toMatchObject({ withdrawnProfit: 2_000, profit: (grown - 200_000) / 100 });
    expect(sumCents(approved.eligibleDeposits)).toBe(cents(approved.totalEligibleProfit));

    const second = await ask(client, 500);
    expect((await eligibility(client)).eligibleDeposits[0]?.withdrawnProfit).toBe(2_500);
    const cancelled = await t.client.call('cancelWithdrawalRequest', {
      token: client.accessToken,
      params: { uid: client.sub, id: second.id },
    });
    expect(cancelled.status).toBe(200);
    expect((await eligibility(client)).eligibleDeposits[0]?.withdrawnProfit).toBe(2_000);
  });

  it('split into several requests, the profit taken is the same and never shown twice', async () => {
    const { client } = await clientWithDeposits();
    const before = await eligibility(client);
    for (const amount of [700, 700, 600]) await ask(client, amount);
    const after = await eligibility(client);
    expect(after.eligibleDeposits[0]?.withdrawnProfit).toBe(2_000);
    expect(cents(after.totalEligibleProfit)).toBe(cents(before.totalEligibleProfit) - 200_000);
    expect(sumCents(after.eligibleDeposits)).toBe(cents(after.totalEligibleProfit));
    // The deposits still ahead are not drawn on.
    expect(after.upcoming.map((d) => d.profit)).toEqual(before.upcoming.map((d) => d.profit));
  });

  it('another client sees neither the deposits nor their dates', async () => {
    const { client } = await clientWithDeposits();
    const other = await t.client.newClient('nosy');
    const res = await t.client.call('getEligibility', { token: other.accessToken, params: { uid: client.sub } });
    expect(res.status).toBeGreaterThanOrEqual(403);
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body)).not.toContain('upcoming');
  });
});
