/**
 * The console's page for one client (GET /api/admin/clients/{id}) on the real local stack: it
 * says what the client's own reads and the admin lists say, part by part (the ledger's running
 * balance ends at the balance, the payout account stays masked), a closed account reads with who
 * closed it, and nobody but an administrator reads it: not the client, not for an administrator's
 * own staff profile, not for an id that is no client.
 */
import { DAY_MS } from '../../shared/growth';
import { refusals } from '../../shared/refusals';
import type { Session } from './support/client';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
let admin: Session;
let checker: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
  checker = await t.client.newAdmin();
});

const pageOf = (id: string, token = admin.accessToken) => t.client.callAny('getClient', { token, params: { id } });

/** The page as an administrator reads it, checked against the route's answer schema. */
async function readPage(id: string) {
  const res = await t.client.call('getClient', { token: admin.accessToken, params: { id } });
  expect(res.status).toBe(200);
  return res.body;
}

/** An approval, by a second administrator when the four-eyes rule holds the first one's. */
async function approve(id: string): Promise<void> {
  const approved = await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
  if (approved.status === 202 && 'action' in approved.body) {
    const params = { id: approved.body.action.id };
    expect((await t.client.call('approvePendingAction', { token: checker.accessToken, params })).status).toBe(200);
  } else expect(approved.status).toBe(200);
}

async function clientWithAHistory(): Promise<{ client: Session; sent: string; rejected: string }> {
  const client = await t.client.newClient('paged');
  const longAgo = new Date(Date.now() - 220 * DAY_MS).toISOString();
  expect((await t.client.fund(admin, client, 5_000, { timestamp: longAgo, note: 'first wire' })).status).toBe(200);
  expect((await t.client.fund(admin, client, 750.25, { note: 'second wire' })).status).toBe(200);
  const ask = async (amount: number) => {
    const res = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount },
    });
    expect([res.status, res.body]).toEqual([201, expect.objectContaining({ success: true })]);
    return res.body.request.id;
  };
  const sent = await ask(120);
  await approve(sent);
  const marked = await t.client.call('markRequestSent', {
    token: admin.accessToken,
    params: { id: sent },
    body: { reference: 'WIRE-PAGE-1', sentAt: new Date().toISOString() },
  });
  expect(marked.status).toBe(200);
  const rejected = await ask(150);
  const rejection = await t.client.call('rejectWithdrawalRequest', {
    token: admin.accessToken,
    params: { id: rejected },
    body: { reason: 'Call us first' },
  });
  expect(rejection.status).toBe(200);
  return { client, sent, rejected };
}

describe('the client page', () => {
  it("says what the client's own reads and the admin lists say, with a running balance that ends at the balance", async () => {
    const { client, sent, rejected } = await clientWithAHistory();
    const page = await readPage(client.sub);

    expect(page.client).toMatchObject({ id: client.sub, email: client.email, status: 'active' });
    expect(page.client.closed).toBeUndefined();
    const portfolio = await t.client.call('getPortfolio', {
      token: client.accessToken,
      params: { userId: client.sub },
    });
    // All but the funding instructions, which only the client's own portfolio read carries.
    const { funding: _funding, ...read } = portfolio.body.portfolio;
    expect(page.portfolio).toEqual(read);
    const payout = await t.client.call('getPayoutAccount', { token: client.accessToken, params: { uid: client.sub } });
    expect(page.payoutAccount).toEqual(payout.body.account);

    const transactions = await t.client.call('listClientTransactions', {
      token: admin.accessToken,
      params: { id: client.sub },
    });
    expect(page.transactions).toEqual(transactions.body);
    expect(page.transactions.map((x) => x.note)).toEqual(expect.arrayContaining(['first wire', 'second wire']));
    const requests = await t.client.call('listMyWithdrawalRequests', {
      token: admin.accessToken,
      params: { uid: client.sub },
    });
    expect(page.requests).toEqual(requests.body);
    expect(page.requests.find((r) => r.id === sent)).toMatchObject({
      status: 'approved',
      sentReference: 'WIRE-PAGE-1',
    });
    expect(page.requests.find((r) => r.id === rejected)).toMatchObject({ status: 'rejected', reason: 'Call us first' });

    // The ledger: the history's points, each entry's line naming its transaction, the balance running to today's.
    const history = await t.client.call('getClientHistory', { token: admin.accessToken, params: { id: client.sub } });
    expect(page.ledger.map(({ transactionId: _, ...point }) => point)).toEqual(history.body.data);
    const entryLines = page.ledger.filter((line) => line.kind !== 'growth');
    expect(entryLines.map((line) => line.transactionId).sort()).toEqual(page.transactions.map((x) => x.id).sort());
    expect(page.ledger.some((line) => line.kind === 'growth')).toBe(true);
    let running = 0;
    for (const line of page.ledger) {
      running = Math.round((running + line.amount) * 100) / 100;
      expect(line.balance).toBeCloseTo(running, 2);
    }
    expect(page.ledger.at(-1)?.balance).toBe(page.portfolio.balance);

    // The activity: this client's alone, newest first, the request's life among it.
    expect(page.activity.entries.length).toBeGreaterThan(0);
    for (const entry of page.activity.entries) expect(entry.clientId).toBe(client.sub);
    const kinds = page.activity.entries.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['request-sent', 'request-rejected']));
    const times = page.activity.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows the payout account masked: the whole number is nowhere in the answer', async () => {
    const client = await t.client.newClient('masked');
    const text = JSON.stringify(await readPage(client.sub));
    // newClient's account: GB82 WEST 1234 5698 7654 32.
    expect(text).toContain('5432');
    expect(text).not.toContain('98765432');
    expect(text).not.toContain('WEST1234');
  });

  it('reads a closed account, with who closed it and until when its records are kept', async () => {
    const client = await t.client.newClient('closed-page');
    expect((await t.client.call('deleteClient', { token: admin.accessToken, params: { id: client.sub } })).status).toBe(
      200,
    );
    const page = await readPage(client.sub);
    expect(page.client.status).toBe('closed');
    expect(page.client.closed?.by).toBe(admin.email);
    expect(Date.parse(page.client.closed?.recordsKeptUntil ?? '')).toBeGreaterThan(Date.now() + 365 * DAY_MS);
    expect(page.activity.entries.map((entry) => entry.kind)).toContain('client-closed');
  });

  it("is the console's alone: neither the client itself nor another client's stolen token opens it", async () => {
    const client = await t.client.newClient('curious');
    for (const token of [client.accessToken, (await t.client.newClient('nosy')).accessToken]) {
      const res = await pageOf(client.sub, token);
      expect([res.status, res.body]).toEqual([403, { error: 'Administrator access required' }]);
    }
  });

  it('answers 404 for an unknown id and for an administrator, whose staff profile never held money', async () => {
    for (const id of ['no-such-client', admin.sub]) {
      const res = await pageOf(id);
      expect([res.status, res.body]).toEqual([404, { error: refusals.clientNotFound }]);
    }
    expect((await t.table.profile(admin.sub))?.staff).toBe(true);
  });
});
