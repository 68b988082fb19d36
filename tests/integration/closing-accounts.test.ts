/**
 * Closing an account keeps the books, replayed on the real local stack (four-eyes threshold
 * $10,000, records kept RECORD_YEARS=3 years here, to see the stage setting reach the closing):
 * DELETE /api/admin/clients/{id} is refused while money, a request or an action waits on the
 * account, and changes nothing then; once the money left through a recorded withdrawal, it closes
 * the account: the login ends, every ledger entry, request and activity entry stays readable by
 * administrators, each record expires recordYears after the closing, and nothing can be written.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEMO_ADMIN } from '../../infra/local/seed';
import { localCredentials } from '../../infra/local/dynamo';
import { closeAccount } from '../../lambdas/lib/data/closed-accounts';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import type { PendingActionDto } from '../../shared/answers';
import { DAY_MS } from '../../shared/growth';
import { recordsExpireAt } from '../../shared/record-keeping';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';
import { refusals } from '../../shared/refusals';

const RECORD_YEARS = 3;
// A stack of its own: it keeps records a shorter time than the default (RECORD_YEARS).
const t = useTestStack({ env: { RECORD_YEARS: String(RECORD_YEARS) } });
let maker: Session;
let checker: Session;
/** Runs once before the next TransactWrite of the closing code run in this process: a write that lands between its read and its commit. */
let beforeNextTransaction: (() => Promise<void>) | undefined;

beforeAll(async () => {
  maker = await t.client.signIn(DEMO_ADMIN);
  checker = await t.client.newAdmin();
  // The closing's own code, run in this process against this stack's table, to put a write between its read and its commit.
  configureRuntime(
    {
      tableName: t.stack.tableName,
      region: 'us-east-1',
      dynamoEndpoint: t.stack.dynamoEndpoint,
      credentials: localCredentials(),
    },
    {
      onDynamoClient: (client: DynamoDBDocumentClient) => {
        const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
        (client as { send: unknown }).send = async (command: unknown) => {
          const hook = beforeNextTransaction;
          if (command instanceof TransactWriteCommand && hook) {
            beforeNextTransaction = undefined;
            await hook();
          }
          return send(command);
        };
      },
    },
  );
});

afterAll(() => resetRuntime());

const close = (by: Session, client: Session) =>
  t.client.call('deleteClient', { token: by.accessToken, params: { id: client.sub } });
const deposit = (by: Session, client: Session, amount: number, timestamp?: string) =>
  t.client.call('addDeposit', {
    token: by.accessToken,
    params: { id: client.sub },
    body: { amount, note: 'wire', ...(timestamp ? { timestamp } : {}) },
  });
const withdraw = (by: Session, client: Session, amount: number) =>
  t.client.call('processWithdrawal', {
    token: by.accessToken,
    params: { id: client.sub },
    body: { amount, note: 'paid out' },
  });
const approve = (by: Session, id: string) =>
  t.client.call('approvePendingAction', { token: by.accessToken, params: { id } });
const reject = (by: Session, id: string) =>
  t.client.call('rejectPendingAction', { token: by.accessToken, params: { id }, body: { reason: 'not now' } });
const portfolioOf = (by: Session, client: Session) =>
  t.client.call('getPortfolio', { token: by.accessToken, params: { userId: client.sub } });

function proposed(res: { status: number; body: unknown }): PendingActionDto {
  expect(res.status).toBe(202);
  return (res.body as { action: PendingActionDto }).action;
}

/** A client holding `amount` through deposits the maker proposes and the checker approves (above the threshold), `daysAgo`. */
async function clientHolding(amount: number, daysAgo = 0): Promise<Session> {
  const client = await t.client.newClient('closing');
  const timestamp = daysAgo ? new Date(Date.now() - daysAgo * DAY_MS).toISOString() : undefined;
  const res = await deposit(maker, client, amount, timestamp);
  if (res.status === 202) expect((await approve(checker, proposed(res).id)).status).toBe(200);
  else expect(res.status).toBe(200);
  return client;
}

/** Everything stored of the client, without the expiry the closing gives: what a refusal must leave as it was. */
const storedOf = async (client: Session) => t.table.items(client.sub);

describe('the attack: an administrator deletes a client holding $55,000', () => {
  it('is refused (409) and changes nothing; after a recorded withdrawal to zero the account closes and keeps every record', async () => {
    const client = await clientHolding(55_000, 200);
    const request = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 100 },
    });
    expect(request.status).toBe(201);
    expect(
      (
        await t.client.call('rejectWithdrawalRequest', {
          token: checker.accessToken,
          params: { id: request.body.request.id },
          body: { reason: 'call us' },
        })
      ).status,
    ).toBe(200);
    const balance = (await portfolioOf(maker, client)).body.portfolio.balance;
    expect(balance).toBeGreaterThan(55_000);

    const before = await storedOf(client);
    expect(await close(maker, client)).toMatchObject({ status: 409, body: { error: refusals.closeRefusedBalance } });
    expect(await storedOf(client)).toEqual(before);
    expect((await t.client.allClients(maker.accessToken)).some((c) => c.id === client.sub)).toBe(true);
    // The login still works: a refused closing ends nothing.
    await t.client.signIn(client.email);

    // The money leaves through a recorded withdrawal (above the threshold: a second administrator approves it).
    const payout = proposed(await withdraw(maker, client, balance));
    expect(await close(maker, client)).toMatchObject({ status: 409, body: { error: refusals.closeRefusedActions } });
    expect((await approve(checker, payout.id)).status).toBe(200);
    const kept = (await storedOf(client)).map((i) => i.SK);
    const closedAt = Date.now();
    expect(await close(maker, client)).toMatchObject({ status: 200, body: { success: true } });

    // Every ledger entry, request and activity entry is still there, and administrators read them.
    const after = await t.table.items(client.sub);
    expect(after.map((i) => i.SK)).toEqual(kept);
    const ledger = await t.client.call('listClientTransactions', {
      token: checker.accessToken,
      params: { id: client.sub },
    });
    expect(ledger.status).toBe(200);
    expect(ledger.body.map((e) => e.type).sort()).toEqual(['deposit', 'withdrawal']);
    const requests = await t.client.call('listMyWithdrawalRequests', {
      token: checker.accessToken,
      params: { uid: client.sub },
    });
    expect(requests.body).toEqual([expect.objectContaining({ id: request.body.request.id, status: 'rejected' })]);
    expect(
      (await t.client.call('getClientHistory', { token: checker.accessToken, params: { id: client.sub } })).status,
    ).toBe(200);
    expect(
      (await t.client.call('getClientStatement', { token: checker.accessToken, params: { id: client.sub }, query: {} }))
        .status,
    ).toBe(200);
    expect(await portfolioOf(checker, client)).toMatchObject({ status: 200, body: { portfolio: { balance: 0 } } });
    const activity = await t.client.call('listActivity', { token: checker.accessToken, query: { client: client.sub } });
    expect(activity.body.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['client-closed', 'action-proposed', 'action-approved', 'request-rejected']),
    );

    // Each record (not the idempotency records, which keep their own day) expires RECORD_YEARS after the closing.
    const profile = await t.table.profile(client.sub);
    expect(profile).toMatchObject({
      deleted: true,
      closedBy: DEMO_ADMIN,
      balanceCents: 0,
      recordsStampedAt: expect.any(String),
    });
    const expiry = Number(profile?.expiresAt);
    expect(Math.abs(expiry - recordsExpireAt(closedAt, RECORD_YEARS))).toBeLessThan(60);
    const records = after.filter((i) => !String(i.SK).startsWith('IDEMPOTENCY#'));
    expect(records.length).toBeGreaterThanOrEqual(4);
    for (const item of records) expect([item.SK, item.expiresAt]).toEqual([item.SK, expiry]);

    // Off the live list and the totals, on the closed list, newest closed first.
    expect((await t.client.allClients(maker.accessToken)).some((c) => c.id === client.sub)).toBe(false);
    const closedList = await t.client.call('listClients', { token: maker.accessToken, query: { status: 'closed' } });
    expect(closedList.body.clients[0]).toMatchObject({
      id: client.sub,
      email: client.email,
      closed: { by: DEMO_ADMIN, recordsStamped: true },
    });
    const searched = await t.client.call('listClients', {
      token: maker.accessToken,
      query: { status: 'closed', search: client.email.toUpperCase() },
    });
    expect(searched.body.clients.map((c) => c.id)).toEqual([client.sub]);
    // Closing it again is a retry: the same answer, and nothing changes.
    const closedOnce = await t.table.items(client.sub);
    expect((await close(checker, client)).status).toBe(200);
    expect(await t.table.items(client.sub)).toEqual(closedOnce);
  });
});

describe('what waits on the account', () => {
  it('a pending withdrawal request keeps it open until decided', async () => {
    const client = await clientHolding(5_000, 200);
    const request = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 100 },
    });
    expect(request.status).toBe(201);
    const before = await storedOf(client);
    expect(await close(maker, client)).toMatchObject({ status: 409, body: { error: refusals.closeRefusedRequests } });
    expect(await storedOf(client)).toEqual(before);
  });

  it('a pending action keeps it open, even on an empty account, until decided', async () => {
    const client = await t.client.newClient('closing-action');
    const action = proposed(await deposit(maker, client, 20_000));
    const before = await storedOf(client);
    expect(await close(checker, client)).toMatchObject({ status: 409, body: { error: refusals.closeRefusedActions } });
    expect(await storedOf(client)).toEqual(before);
    expect((await reject(checker, action.id)).status).toBe(200);
    expect((await close(checker, client)).status).toBe(200);
  });
});

describe('a write that lands between the closing read and its commit', () => {
  it('a deposit makes the closing fail, and it is judged again: refused, the deposit kept', async () => {
    const client = await t.client.newClient('closing-race');
    beforeNextTransaction = async () => void expect((await deposit(maker, client, 100)).status).toBe(200);
    await expect(
      closeAccount(client.sub, { email: maker.email, sub: maker.sub }, Date.now(), RECORD_YEARS),
    ).rejects.toMatchObject({ kind: 'closeRefusedBalance' });
    expect(beforeNextTransaction).toBeUndefined();
    expect(await t.table.profile(client.sub)).not.toHaveProperty('deleted');
    expect((await portfolioOf(client, client)).body.portfolio.balance).toBe(100);
  });

  it('a proposal makes it fail too: refused for the action waiting', async () => {
    const client = await t.client.newClient('closing-race');
    beforeNextTransaction = async () => void proposed(await deposit(maker, client, 20_000));
    await expect(
      closeAccount(client.sub, { email: checker.email, sub: checker.sub }, Date.now(), RECORD_YEARS),
    ).rejects.toMatchObject({ kind: 'closeRefusedActions' });
    expect(await t.table.profile(client.sub)).toMatchObject({ pendingActions: 1 });
    expect(await t.table.profile(client.sub)).not.toHaveProperty('deleted');
  });
});

describe('a closed account is read-only', () => {
  it("its client's still-valid token reads and writes nothing, and the login is ended", async () => {
    const client = await t.client.newClient('closing-token');
    expect((await close(maker, client)).status).toBe(200);
    const own = { token: client.accessToken };
    expect((await t.client.call('getPortfolio', { ...own, params: { userId: client.sub } })).status).toBe(404);
    expect((await t.client.call('listTransactions', { ...own, params: { uid: client.sub } })).status).toBe(404);
    expect((await t.client.call('getHistory', { ...own, params: { uid: client.sub } })).status).toBe(404);
    expect((await t.client.call('getStatement', { ...own, params: { uid: client.sub }, query: {} })).status).toBe(404);
    expect((await t.client.call('getEligibility', { ...own, params: { uid: client.sub } })).status).toBe(404);
    expect((await t.client.call('listMyWithdrawalRequests', { ...own, params: { uid: client.sub } })).status).toBe(404);
    expect((await t.client.call('getMyEmailPreferences', { ...own, params: { userId: client.sub } })).status).toBe(404);
    expect(
      (
        await t.client.call('requestWithdrawal', {
          ...own,
          body: { userId: client.sub, userEmail: client.email, amount: 100 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.client.call('updateMyNames', {
          ...own,
          params: { userId: client.sub },
          body: { firstName: 'New', lastName: 'Name' },
        })
      ).status,
    ).toBe(404);
    const preferences = {
      'deposit-recorded': false,
      'withdrawal-processed': true,
      'balance-edited': true,
      'admin-weekly-growth-summary': true,
      'statement-ready': true,
    };
    expect(
      (await t.client.call('updateMyEmailPreferences', { ...own, params: { userId: client.sub }, body: preferences }))
        .status,
    ).toBe(404);
    expect(
      await t.client.call('createPortfolio', { ...own, body: { userId: client.sub, initialBalance: 0 } }),
    ).toMatchObject({ status: 403, body: { error: refusals.accountDeleted } });
    await expect(t.client.signIn(client.email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await t.client.refresh(client.refreshToken)).status).toBe(400);
    expect(await t.table.profile(client.sub)).toMatchObject({ firstName: 'Test', lastName: 'closing-token' });
  });

  it('no money moves on it: deposit, withdrawal and balance edit are refused with 404, nothing written', async () => {
    const client = await t.client.newClient('closing-money');
    expect((await close(maker, client)).status).toBe(200);
    const before = await storedOf(client);
    expect(await deposit(maker, client, 100)).toMatchObject({ status: 404, body: { error: refusals.clientNotFound } });
    expect(await deposit(maker, client, 20_000)).toMatchObject({
      status: 404,
      body: { error: refusals.clientNotFound },
    });
    expect((await withdraw(maker, client, 1)).status).toBe(404);
    expect(
      (
        await t.client.call('updateBalance', {
          token: maker.accessToken,
          params: { id: client.sub },
          body: { balance: 1000 },
        })
      ).status,
    ).toBe(404);
    expect(await storedOf(client)).toEqual(before);
  });
});
