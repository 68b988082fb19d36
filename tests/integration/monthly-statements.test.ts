/**
 * The monthly statements job on the local stack, run as its state machine (the deployed
 * definition) through POST /__local/run/monthly-statements: the demo seed's past statements; a
 * year-end run writing the month, quarter and year statements of every client with activity or a
 * balance, and of an account closed in the month, and none for a client with nothing; a rerun that
 * writes nothing new; the check on the 2nd (a month with a finished run, and months without one);
 * and the helper's refusals. Steps here list one client a page with no time to spare, so every
 * shard goes through the cursor loop (live clients, then the closed ones) on DynamoDB's own
 * LastEvaluatedKey, and the figures show no client read twice.
 */
import {
  periodOf,
  periodsEndingAt,
  statementDocId,
  type StatementPeriod,
} from '../../lambdas/lib/documents/document-item';
import { keys } from '../../lambdas/lib/data/table';
import { handler } from '../../lambdas/jobs/monthly-statements';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { localCredentials } from '../../infra/local/dynamo';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';

// A stack of its own: the job's page size and step budget, and a whole-table count of statements.
const t = useTestStack({ seed: true, env: { MONTHLY_STATEMENTS_PAGE_SIZE: '1', LOCAL_MONTHLY_STEP_BUDGET_MS: '0' } });

const DAY_MS = 24 * 3600_000;

interface RunFigures {
  month: string;
  periods: string[];
  clients: number;
  written: number;
  existing: number;
  skipped: number;
  failed: number;
}

async function post(body: string, contentType = 'application/json') {
  return fetch(`${t.stack.url}/__local/run/monthly-statements`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
}

async function run(month: string): Promise<RunFigures> {
  const res = await post(JSON.stringify({ month }));
  const body = (await res.json()) as RunFigures;
  expect({ status: res.status, body }).toMatchObject({ status: 200 });
  return body;
}

const statementsOf = async (sub: string) =>
  (await t.table.items(sub, keys.documentPrefix)).filter((d) => String(d.docId).includes('-statement-'));
const docIdsOf = async (sub: string) => (await statementsOf(sub)).map((d) => String(d.docId)).sort();

/** The last December that has ended, and a date in it (or just after a year back) a deposit may still be dated. */
function lastYearEnd(now: number): { month: string; depositAt: number } {
  const year = new Date(now).getUTCFullYear() - 1;
  const decStart = Date.UTC(year, 11, 1);
  const depositAt = Math.max(decStart + 2 * DAY_MS, now - 360 * DAY_MS);
  if (depositAt >= Date.UTC(year + 1, 0, 1) - DAY_MS) throw new Error('no December in a deposit date’s reach today');
  return { month: `${year}-12`, depositAt };
}

let admin: Session;

beforeAll(async () => {
  admin = await t.client.signIn('admin@example.com');
});

it("gives the demo's clients a statement for each month (and quarter) of their history at start", async () => {
  for (const email of ['alice@example.com', 'bob@example.com']) {
    const { sub } = await t.client.signIn(email);
    const first = new Date(Math.min(...(await t.table.ledger(sub)).map((e) => e.at)));
    const expected: string[] = [];
    // Every run since the first entry's month: on each 1st up to this month's.
    for (let m = first.getUTCMonth() + 1; ; m++) {
      const runAt = Date.UTC(first.getUTCFullYear(), m, 1);
      if (runAt > Date.now()) break;
      expected.push(...periodsEndingAt(runAt).map(statementDocId));
    }
    expect(await docIdsOf(sub)).toEqual(expected.sort());
  }
  const alice = await t.client.signIn('alice@example.com');
  expect((await docIdsOf(alice.sub)).length).toBeGreaterThanOrEqual(6);
});

describe('a year-end run', () => {
  const { month, depositAt } = lastYearEnd(Date.now());
  const year = month.slice(0, 4);
  const labels = [month, `${year}-Q4`, year];
  const ids = labels.map((l) => statementDocId(periodOf(l) as StatementPeriod)).sort();
  let funded: Session;
  let empty: Session;
  let closed: Session;
  let first: RunFigures;

  beforeAll(async () => {
    funded = await t.client.newClient('statements');
    empty = await t.client.newClient('nothing');
    closed = await t.client.newClient('closed');
    const timestamp = new Date(depositAt).toISOString();
    expect((await t.client.fund(admin, funded, 1_000, { timestamp })).status).toBe(200);
    expect((await t.client.fund(admin, closed, 500, { timestamp })).status).toBe(200);
    // The backdated deposit grew until now: the whole balance leaves before the closing.
    const held = await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: closed.sub } });
    const out = await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: closed.sub },
      body: { amount: held.body.portfolio.balance, note: 'paid out' },
    });
    expect(out.status).toBe(200);
    const closing = await t.client.call('deleteClient', { token: admin.accessToken, params: { id: closed.sub } });
    expect({ status: closing.status, body: closing.body }).toMatchObject({ status: 200 });
    // Closed in the month, as if it had been closed then: its place on the closed list says when.
    const closedAt = new Date(depositAt + DAY_MS).toISOString();
    await t.table.setProfileAttribute(closed.sub, 'closedAt', closedAt);
    await t.table.setProfileAttribute(closed.sub, 'GSI3SK', `${closedAt}#${closed.sub}`);
    first = await run(month);
  });

  it("writes the month's, the quarter's and the year's statement of a client with a balance, each once", async () => {
    expect(first).toMatchObject({ month, periods: labels, failed: 0 });
    expect(await docIdsOf(funded.sub)).toEqual(ids);
    const [statement] = (await statementsOf(funded.sub)).filter((d) => d.docId === ids[0]);
    expect(statement).toMatchObject({ objectKey: `clients/${funded.sub}/${String(ids[0])}.pdf` });
  });

  it('writes them for an account closed in the month, and none for a client with nothing', async () => {
    expect(await docIdsOf(closed.sub)).toEqual(ids);
    expect(await statementsOf(empty.sub)).toEqual([]);
  });

  it('reads every client once across the cursor loop: the live ones and the one closed since the year began', async () => {
    const live = await t.client.allClients(admin.accessToken);
    expect(first.clients).toBe(live.length + 1);
    // Three periods for each client read: written, found, or nothing to state.
    expect(first.written + first.existing + first.skipped).toBe(live.length * 3 + 3);
    expect(first.written).toBeGreaterThanOrEqual(6);
  });

  it('writes nothing on a rerun of the month: what the first run wrote is found', async () => {
    const before = await statementsOf(funded.sub);
    const again = await run(month);
    expect(again).toMatchObject({ written: 0, failed: 0, clients: first.clients, skipped: first.skipped });
    expect(again.existing).toBe(first.written + first.existing);
    expect(await statementsOf(funded.sub)).toEqual(before);
    expect(await docIdsOf(closed.sub)).toEqual(ids);
  });
});

describe('the check on the 2nd', () => {
  // The job's check, run in this process against this stack's table, as EventBridge invokes it on the 2nd.
  beforeAll(() =>
    configureRuntime({
      tableName: t.stack.tableName,
      region: 'us-east-1',
      dynamoEndpoint: t.stack.dynamoEndpoint,
      credentials: localCredentials(),
      publishMetrics: false,
    }),
  );
  afterAll(() => resetRuntime());

  const check = (month: string) => {
    const period = periodOf(month) as StatementPeriod;
    return handler({ step: 'check', time: new Date(period.to + DAY_MS).toISOString() });
  };

  it('finds a month whose run finished with no client failed, and not a month no run recorded', async () => {
    const { month } = lastYearEnd(Date.now());
    // The year-end month ran above (its describe ran first in this file).
    expect(await check(month)).toEqual({ month, finished: true });
    expect(await check('2001-01')).toEqual({ month: '2001-01', finished: false });
    // The demo seed writes statements, not runs: nothing ran the months of the demo's history.
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
    const label = lastMonth.toISOString().slice(0, 7);
    if (label !== month) expect(await check(label)).toEqual({ month: label, finished: false });
  });
});

describe('the local helper', () => {
  it('refuses a body that is not a month, and a month that has not ended', async () => {
    for (const body of ['{"month": "soon"}', '{"month": "2026-13"}', '{"month": "2026-Q4"}', '{}', 'not json']) {
      const res = await post(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const thisMonth = new Date().toISOString().slice(0, 7);
    const res = await post(JSON.stringify({ month: thisMonth }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: `${thisMonth} has not ended: its statements are written after it` });
  });

  it('answers only JSON from this stack or a tool', async () => {
    expect((await post('{"month": "2026-01"}', 'text/plain')).status).toBe(415);
  });
});
