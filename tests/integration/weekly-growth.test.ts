/**
 * The weekly job against DynamoDB Local, run as its state machine (the deployed definition, run
 * locally): due portfolios grow exactly by the product's rule, a second run in the same week changes
 * nothing, missed weeks are caught up, two executions at once grow each portfolio once, and
 * afterwards a replay of every ledger equals the stored balance. Steps here list one portfolio
 * a page with no time to spare, so every shard with something due goes through the cursor loop
 * on DynamoDB's own LastEvaluatedKey.
 */
import { eligibleAt } from '../../shared/eligibility';
import { DAY_MS, replayLedger, WEEK_MS } from '../../shared/growth';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';

// A stack of its own: another page size and step budget for the weekly job, whose runs grow every
// portfolio on the stack to a later week.
const t = useTestStack({ seed: true, env: { WEEKLY_GROWTH_PAGE_SIZE: '1', LOCAL_WEEKLY_STEP_BUDGET_MS: '0' } });

let admin: Session;

beforeAll(async () => {
  admin = await t.client.signIn('admin@example.com');
});

async function run(now: number) {
  const res = await fetch(`${t.stack.url}/__local/run/weekly-growth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(now).toISOString() }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { due: number; updated: number; skipped: number; failed: number };
}

async function everyLedgerReplays() {
  const clients = await t.client.allClients(admin.accessToken);
  expect(clients.length).toBeGreaterThanOrEqual(2);
  for (const c of clients) {
    const { stored, replayed } = await t.table.storedAndReplayed(c.id);
    expect(stored).toEqual(replayed);
  }
  return clients;
}

it('grows due portfolios by the rule, once a week, catching up missed weeks', async () => {
  const alice = await t.client.signIn('alice@example.com');
  const portfolio = async () =>
    (await t.client.call('getPortfolio', { token: alice.accessToken, params: { userId: alice.sub } })).body.portfolio;
  const start = await portfolio();
  const L0 = Date.parse(start.lastUpdate);

  // Not due before a full week has passed.
  expect(await run(L0 + WEEK_MS - 60_000)).toMatchObject({ updated: 0, failed: 0 });
  expect(await portfolio()).toEqual(start);

  const T1 = L0 + WEEK_MS + 60_000;
  const first = await run(T1);
  // The demo's two clients (the demo admins are staff: no money, nothing to grow).
  expect(first).toMatchObject({ due: 2, updated: 2, failed: 0 });
  const after1 = await portfolio();
  const ledger = await t.table.ledger(alice.sub);
  const expected = replayLedger(ledger, T1).balanceCents;
  expect(Math.round(after1.balance * 100)).toBe(expected);
  expect(after1.lastUpdate).toBe(new Date(T1).toISOString());
  const gainCents = expected - Math.round(start.balance * 100);
  expect(gainCents).toBeGreaterThan(0);
  expect(Math.round(after1.weeklyGainAmount * 100)).toBe(gainCents);
  expect(after1.weeklyGain).toBeCloseTo((gainCents / Math.round(start.balance * 100)) * 100, 2);
  // The run rebuilt the list of eligibility dates ahead from the ledger: the reached ones are gone.
  const deposits = ledger.filter((e) => e.type === 'deposit').map((e) => e.at);
  const ahead = deposits
    .map(eligibleAt)
    .filter((e) => e > T1)
    .sort((a, b) => a - b)
    .map((e) => new Date(e).toISOString());
  expect(ahead.length).toBeGreaterThan(0);
  expect(ahead.length).toBeLessThan(deposits.length);
  expect((await t.table.profile(alice.sub))?.upcomingEligibleAt).toEqual(ahead);

  // A second run in the same week changes nothing.
  expect(await run(T1)).toMatchObject({ due: 0, updated: 0, failed: 0 });
  expect(await run(T1 + 3 * DAY_MS)).toMatchObject({ due: 0, updated: 0 });
  expect(await portfolio()).toEqual(after1);

  // Two missed weeks are caught up by one run.
  const T3 = T1 + 2 * WEEK_MS;
  expect(await run(T3)).toMatchObject({ updated: 2, failed: 0 });
  expect(Math.round((await portfolio()).balance * 100)).toBe(replayLedger(ledger, T3).balanceCents);

  await everyLedgerReplays();
});

it('refuses a bad "now"', async () => {
  const res = await fetch(`${t.stack.url}/__local/run/weekly-growth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"now": "soon"}',
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: '"now" must be an ISO date-time' });
});

it('grows each portfolio once when two executions for the same week run at once', async () => {
  const alice = await t.client.signIn('alice@example.com');
  const before = await t.table.profile(alice.sub);
  const T = Date.parse(String(before?.lastUpdate)) + WEEK_MS + 60_000;
  const [a, b] = await Promise.all([run(T), run(T)]);
  expect(a.failed + b.failed).toBe(0);
  // Every portfolio due was grown by one execution; the other found it changed or no longer due.
  expect(a.updated + b.updated).toBe(2);
  const clients = await everyLedgerReplays();
  for (const c of clients) expect((await t.table.profile(c.id))?.lastUpdate).toBe(new Date(T).toISOString());
  const ledger = await t.table.ledger(alice.sub);
  expect((await t.table.profile(alice.sub))?.balanceCents).toBe(replayLedger(ledger, T).balanceCents);
});
