/** Balance history and CSV statements through the gateway, against the real local parts. */
import { parse } from 'csv-parse/sync';
import { DAY_MS } from '../../shared/growth';
import { apiMessages } from '../../shared/messages';
import { EXPORT_START_WINDOW_MS, EXPORT_TIMEOUT_MS, runBalancesExport } from '../../lambdas/lib/money/balances-export';
import { newId } from '../../lambdas/lib/data/ids';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { exportKeys } from '../../lambdas/lib/data/table';
import type { Session } from './support/client';
import { eventually } from './support/eventually';
import { useSharedStack } from './support/use-stack';
import { refusals } from '../../shared/refusals';

const t = useSharedStack();
let admin: Session;
let cleo: Session;

beforeAll(async () => {
  [admin, cleo] = [await t.client.newAdmin(), await t.client.newClient('cleo')];
  // A deposit dated more than 31 days back is approved by a second administrator too.
  const deposit = (amount: number, note: string, daysAgo: number) =>
    t.client.fund(admin, cleo, amount, { note, timestamp: new Date(Date.now() - daysAgo * DAY_MS).toISOString() });
  await deposit(5000, '=HYPERLINK("http://evil.example","click")', 60);
  await deposit(250.5, 'second, with "quotes"', 20);
  await t.client.call('processWithdrawal', {
    token: admin.accessToken,
    params: { id: cleo.sub },
    body: { amount: 100, note: '' },
  });
});

const balanceOf = async (s: Session) =>
  (await t.client.call('getPortfolio', { token: s.accessToken, params: { userId: s.sub } })).body.portfolio.balance;

it('history ends at the balance, for the client and for an admin', async () => {
  const own = await t.client.call('getHistory', { token: cleo.accessToken, params: { uid: cleo.sub } });
  expect(own.status).toBe(200);
  const kinds = own.body.data.map((p) => p.kind);
  expect(kinds.filter((k) => k === 'deposit')).toHaveLength(2);
  expect(kinds).toContain('growth');
  expect(kinds).toContain('withdrawal');
  expect(own.body.data.at(-1)?.balance).toBe(await balanceOf(cleo));
  const asAdmin = await t.client.call('getClientHistory', { token: admin.accessToken, params: { id: cleo.sub } });
  expect(asAdmin.body).toEqual(own.body);
  const other = await t.client.newClient('other');
  expect((await t.client.call('getHistory', { token: other.accessToken, params: { uid: cleo.sub } })).status).toBe(403);
});

it('a statement is CSV that parses back, defuses formulas and closes at the balance', async () => {
  const res = await t.client.call('getStatement', { token: cleo.accessToken, params: { uid: cleo.sub } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="aurum-statement-cleo-[\w-]+@example\.com-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const rows = parse(res.body);
  expect(rows[0]).toEqual(['Date', 'Type', 'Description', 'Amount', 'Balance']);
  expect(rows.find((r) => r[1] === 'Deposit' && r[3] === '5000.00')?.[2]).toBe(
    `'=HYPERLINK("http://evil.example","click")`,
  );
  expect(rows.find((r) => r[3] === '250.50')?.[2]).toBe('second, with "quotes"');
  expect(rows.find((r) => r[1] === 'Withdrawal')?.[3]).toBe('-100.00');
  expect(rows.at(-1)?.[1]).toBe('Closing balance');
  expect(Number(rows.at(-1)?.[4])).toBe(await balanceOf(cleo));
});

it('a period filters the rows and carries the opening balance in', async () => {
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);
  const res = await t.client.call('getClientStatement', {
    token: admin.accessToken,
    params: { id: cleo.sub },
    query: { from },
  });
  const rows = parse(res.body);
  expect(rows[1]?.[1]).toBe('Opening balance');
  expect(Number(rows[1]?.[4])).toBeGreaterThanOrEqual(5000);
  expect(rows.some((r) => r[3] === '5000.00')).toBe(false);
  expect(rows.some((r) => r[3] === '250.50')).toBe(true);
});

it.each(['from=yesterday', 'from=2026-02-30', 'from=2026-11-20&to=2026-11-01'])(
  'refuses a bad period: %s',
  async (query) => {
    const res = await t.client.call('getStatement', {
      token: cleo.accessToken,
      params: { uid: cleo.sub },
      query: Object.fromEntries(new URLSearchParams(query)),
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Please choose a valid period: from and to as dates (YYYY-MM-DD), from not after to' },
    });
  },
);

/** Asks after an export as the admin page does, until the exporter has finished it. */
async function settled(exportId: string) {
  return eventually(async () => {
    const res = await t.client.call('getBalancesExport', { token: admin.accessToken, params: { id: exportId } });
    expect(res.status).toBe(200);
    if (res.body.status === 'running') throw new Error(`export ${exportId} still running after 10 s`);
    return res.body;
  });
}

describe('the whole book as one CSV', () => {
  it('is written in the background and downloaded from a short-lived link, every client once, in e-mail order', async () => {
    const started = await t.client.call('startBalancesExport', { token: admin.accessToken });
    expect(started).toMatchObject({ status: 202, body: { status: 'running', exportId: expect.any(String) } });
    const done = await settled(started.body.exportId);
    const everyone = await t.client.allClients(admin.accessToken);
    expect(done).toMatchObject({
      status: 'ready',
      rows: everyone.length,
      url: expect.stringMatching(/X-Amz-Signature=/),
    });
    expect(Date.parse(done.linkExpiresAt ?? '') - Date.now()).toBeLessThanOrEqual(300_000);

    const file = await fetch(done.url ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="aurum-balances-${done.startedAt.slice(0, 10)}.csv"`,
    );
    const rows = parse(await file.text());
    expect(rows[0]).toEqual(['Email', 'Name', 'Balance', 'Weekly gain %', 'Last updated']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(everyone.map((c) => c.email));
    expect(rows.find((r) => r[0] === cleo.email)?.[2]).toBe((await balanceOf(cleo)).toFixed(2));

    // The link names its file and its time: another file, or a later expiry, is refused by the store.
    const other = new URL(done.url ?? '');
    other.pathname = other.pathname.replace(started.body.exportId, 'another');
    expect((await fetch(other)).status).toBe(403);
    const longer = new URL(done.url ?? '');
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(longer)).status).toBe(403);
  });

  it('is for admins only, and an export that does not exist is not found', async () => {
    expect(await t.client.call('startBalancesExport', { token: cleo.accessToken })).toMatchObject({
      status: 403,
      body: { error: apiMessages.adminOnly },
    });
    const started = await t.client.call('startBalancesExport', { token: admin.accessToken });
    expect(
      await t.client.call('getBalancesExport', { token: cleo.accessToken, params: { id: started.body.exportId } }),
    ).toMatchObject({ status: 403 });
    for (const id of ['000000000ffffffffffffffff', 'not an id!', 'x'.repeat(200)]) {
      expect(await t.client.callAny('getBalancesExport', { token: admin.accessToken, params: { id } })).toMatchObject({
        status: 404,
        body: { error: refusals.exportNotFound },
      });
    }
    await settled(started.body.exportId);
  });

  it('says failed when the file cannot be written, and when its writer outlived its timeout', async () => {
    // The exporter's code in this process, pointed at a bucket the store does not have.
    configureRuntime({
      tableName: t.stack.tableName,
      region: 'us-east-1',
      dynamoEndpoint: t.stack.dynamoEndpoint,
      s3Endpoint: t.stack.s3Endpoint,
      exportsBucket: 'no-such-bucket',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const stuck = newId();
      const startedAt = new Date().toISOString();
      await t.table.putItems([
        { ...exportKeys.balances(stuck), exportId: stuck, status: 'running', startedAt, requestedBy: admin.sub },
      ]);
      await expect(runBalancesExport(stuck)).rejects.toMatchObject({ name: 'NoSuchBucket' });
      expect(await settled(stuck)).toEqual({ exportId: stuck, status: 'failed', startedAt });
      // Run again (as Lambda retries), it leaves the failed export alone.
      expect(await runBalancesExport(stuck)).toBe('not running');

      // An invocation that starts too late to finish in time (held back by Lambda) fails the export instead of writing it.
      const late = newId();
      const lateStart = new Date(Date.now() - EXPORT_START_WINDOW_MS - 1000).toISOString();
      await t.table.putItems([
        {
          ...exportKeys.balances(late),
          exportId: late,
          status: 'running',
          startedAt: lateStart,
          requestedBy: admin.sub,
        },
      ]);
      expect(await runBalancesExport(late)).toBe('not running');
      expect(await settled(late)).toEqual({ exportId: late, status: 'failed', startedAt: lateStart });

      const lost = newId();
      const longAgo = new Date(Date.now() - EXPORT_TIMEOUT_MS - 60_000).toISOString();
      await t.table.putItems([
        { ...exportKeys.balances(lost), exportId: lost, status: 'running', startedAt: longAgo, requestedBy: admin.sub },
      ]);
      expect(await settled(lost)).toEqual({ exportId: lost, status: 'failed', startedAt: longAgo });
    } finally {
      resetRuntime();
    }
  });
});
