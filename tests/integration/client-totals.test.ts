/**
 * The admin console's totals against DynamoDB Local: kept exact by the writes themselves (new
 * clients, concurrent deposits, a backdated deposit, a withdrawal, a balance edit, the weekly job,
 * concurrent deletions), they always equal what adding up every client gives; and on a table
 * whose clients existed before the totals, the one-off start makes them so.
 */
import { roundPercent } from '../../shared/money';
import { WEEK_MS } from '../../shared/growth';
import { initClientTotals } from '../../lambdas/lib/migrations/init-client-totals';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';

// A stack of its own: it holds the kept totals to the sum of every client of the stack, from none,
// and its weekly run grows every portfolio on the stack to a later week.
const t = useTestStack({ seed: false });

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
  // The one-off start's code, run in this process against this stack's table.
  configureRuntime({
    tableName: t.stack.tableName,
    region: 'us-east-1',
    dynamoEndpoint: t.stack.dynamoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(() => {
  resetRuntime();
});

/** The totals as the server keeps them, next to the sums of the whole list. */
async function totalsAndSums() {
  const totals = await t.client.call('getClientTotals', { token: admin.accessToken });
  expect(totals.status).toBe(200);
  const list = await t.client.allClients(admin.accessToken);
  const cents = list.reduce((sum, c) => sum + Math.round(c.portfolio.balance * 100), 0);
  const meanGain = list.length ? list.reduce((sum, c) => sum + c.portfolio.weeklyGain, 0) / list.length : 0;
  return {
    kept: {
      clients: totals.body.totalClients,
      cents: Math.round(totals.body.totalPortfolioValue * 100),
      gain: roundPercent(totals.body.averageWeeklyGain),
    },
    summed: { clients: list.length, cents, gain: roundPercent(meanGain) },
  };
}

async function expectExact() {
  const { kept, summed } = await totalsAndSums();
  expect(kept).toEqual(summed);
  return kept;
}

it('stays equal to the sum of every client through every kind of write', async () => {
  // The admin, with no money, is a staff account: no client so far.
  expect((await expectExact()).clients).toBe(0);

  const [ann, ben] = [await t.client.newClient('ann'), await t.client.newClient('ben')];
  expect((await expectExact()).clients).toBe(2);

  // Concurrent deposits: each transaction adds its own difference.
  const deposits = Array.from({ length: 12 }, (_, i) =>
    t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: i % 2 ? ann.sub : ben.sub },
      body: { amount: 100 + i, note: '' },
    }),
  );
  for (const res of await Promise.all(deposits)) expect(res.status).toBe(200);
  expect((await expectExact()).cents).toBe(
    Array.from({ length: 12 }, (_, i) => (100 + i) * 100).reduce((a, b) => a + b, 0),
  );

  // A backdated deposit (replayed, grown), a withdrawal, a balance edit.
  expect(
    (
      await t.client.fund(admin, ann, 5000, {
        note: '',
        timestamp: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.client.call('processWithdrawal', {
        token: admin.accessToken,
        params: { id: ben.sub },
        body: { amount: 50, note: '' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.client.call('updateBalance', {
        token: admin.accessToken,
        params: { id: ben.sub },
        body: { balance: 1234.56 },
      })
    ).status,
  ).toBe(200);
  await expectExact();

  // The weekly job: balances grow and weekly gains change.
  const ann0 = await t.table.profile(ann.sub);
  const T = Date.parse(String(ann0?.lastUpdate)) + WEEK_MS + 60_000;
  const run = await fetch(`${t.stack.url}/__local/run/weekly-growth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(T).toISOString() }),
  });
  expect(run.status).toBe(200);
  const grown = await expectExact();
  expect(grown.gain).not.toBe(0);

  // A closing (once the money left through a withdrawal): the client leaves the totals once, even when asked twice at once.
  const benBalance = (await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: ben.sub } }))
    .body.portfolio.balance;
  expect(
    (
      await t.client.call('processWithdrawal', {
        token: admin.accessToken,
        params: { id: ben.sub },
        body: { amount: benBalance, note: 'closing' },
      })
    ).status,
  ).toBe(200);
  const deletions = await Promise.all(
    [0, 1].map(() => t.client.call('deleteClient', { token: admin.accessToken, params: { id: ben.sub } })),
  );
  expect(deletions.some((res) => res.status === 200)).toBe(true);
  const after = await expectExact();
  expect(after.clients).toBe(1);
});

it('starts on a table whose clients existed before the totals: once, then only reports', async () => {
  const carl = await t.client.newClient('carl');
  expect(
    (
      await t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: carl.sub },
        body: { amount: 777, note: '' },
      })
    ).status,
  ).toBe(200);
  await expectExact();
  // As on a table from before the totals: the buckets know nothing of the clients so far.
  await t.table.forgetTotals();
  const before = await totalsAndSums();
  expect(before.kept.clients).toBe(0);

  const start = await initClientTotals();
  expect(start.wroteBase).toBe(true);
  expect(start.summed.clients).toBe(before.summed.clients);
  await expectExact();
  // Again: nothing written, and it says the totals are right.
  const again = await initClientTotals();
  expect(again).toMatchObject({ wroteBase: false, summed: again.kept });
  // And the totals keep following the writes after the start.
  expect(
    (
      await t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: carl.sub },
        body: { amount: 3, note: '' },
      })
    ).status,
  ).toBe(200);
  await expectExact();
});
