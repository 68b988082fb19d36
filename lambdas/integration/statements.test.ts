/** Balance history and CSV statements through the gateway, against the real local parts. */
import { parse } from 'csv-parse/sync';
import { DAY_MS } from '../../shared/growth';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';

const t = useTestStack({ seed: false });
let admin: Session;
let cleo: Session;

beforeAll(async () => {
  [admin, cleo] = [await t.client.newAdmin(), await t.client.newClient('cleo')];
  const deposit = (amount: number, note: string, daysAgo: number) =>
    t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: cleo.sub },
      body: { amount, note, timestamp: new Date(Date.now() - daysAgo * DAY_MS).toISOString() },
    });
  await deposit(5000, '=HYPERLINK("http://evil.example","click")', 60);
  await deposit(250.5, 'second, with "quotes"', 20);
  await t.client.call('processWithdrawal', { token: admin.accessToken, params: { id: cleo.sub }, body: { amount: 100, note: '' } });
});

const balanceOf = async (s: Session) => (await t.client.call('getPortfolio', { token: s.accessToken, params: { userId: s.sub } })).body.portfolio.balance;

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
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="aurum-statement-cleo-[\w-]+@example\.com-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
  const rows = parse(res.body, {}) as string[][];
  expect(rows[0]).toEqual(['Date', 'Type', 'Description', 'Amount', 'Balance']);
  expect(rows.find((r) => r[1] === 'Deposit' && r[3] === '5000.00')?.[2]).toBe(`'=HYPERLINK("http://evil.example","click")`);
  expect(rows.find((r) => r[3] === '250.50')?.[2]).toBe('second, with "quotes"');
  expect(rows.find((r) => r[1] === 'Withdrawal')?.[3]).toBe('-100.00');
  expect(rows.at(-1)?.[1]).toBe('Closing balance');
  expect(Number(rows.at(-1)?.[4])).toBe(await balanceOf(cleo));
});

it('a period filters the rows and carries the opening balance in', async () => {
  const from = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);
  const res = await t.client.call('getClientStatement', { token: admin.accessToken, params: { id: cleo.sub }, query: { from } });
  const rows = parse(res.body, {}) as string[][];
  expect(rows[1]?.[1]).toBe('Opening balance');
  expect(Number(rows[1]?.[4])).toBeGreaterThanOrEqual(5000);
  expect(rows.some((r) => r[3] === '5000.00')).toBe(false);
  expect(rows.some((r) => r[3] === '250.50')).toBe(true);
});

it.each(['from=yesterday', 'from=2026-02-30', 'from=2026-11-20&to=2026-11-01'])('refuses a bad period: %s', async (query) => {
  const res = await t.client.call('getStatement', { token: cleo.accessToken, params: { uid: cleo.sub }, query: Object.fromEntries(new URLSearchParams(query)) });
  expect(res).toMatchObject({ status: 400, body: { error: 'Please choose a valid period: from and to as dates (YYYY-MM-DD), from not after to' } });
});

it('the whole book as one CSV, for admins only', async () => {
  const res = await t.client.call('getBalancesStatement', { token: admin.accessToken });
  expect(res.status).toBe(200);
  const rows = parse(res.body, {}) as string[][];
  expect(rows[0]).toEqual(['Email', 'Name', 'Balance', 'Weekly gain %', 'Last updated']);
  expect(rows.find((r) => r[0] === cleo.email)?.[2]).toBe((await balanceOf(cleo)).toFixed(2));
  expect((await t.client.call('getBalancesStatement', { token: cleo.accessToken })).status).toBe(403);
});
