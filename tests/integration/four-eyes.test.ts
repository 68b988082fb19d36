/**
 * The four-eyes rule on the real local stack (threshold $10,000, the local default): a money move
 * larger than the threshold is a pending action (202) that only a different administrator can
 * approve, once, re-checked at approval; at or below it, nothing changes.
 */
import { DEMO_ADMIN } from '../../infra/local/seed';
import { DAY_MS } from '../../shared/growth';
import { apiMessages } from '../../shared/messages';
import type { PendingActionDto } from '../../shared/answers';
import { newId } from '../../lambdas/lib/data/ids';
import { newRequestItem } from '../../lambdas/lib/data/withdrawal-requests';
import type { Session } from './support/client';
import { useSharedStack } from './support/use-stack';
import { refusals } from '../../shared/refusals';

const t = useSharedStack();
let maker: Session;
let checker: Session;

beforeAll(async () => {
  maker = await t.client.signIn(DEMO_ADMIN);
  checker = await t.client.newAdmin();
});

const balanceOf = async (s: Session) =>
  (await t.client.call('getPortfolio', { token: s.accessToken, params: { userId: s.sub } })).body.portfolio?.balance;
const deposit = (by: Session, client: Session, amount: number, extra: { timestamp?: string; key?: string } = {}) =>
  t.client.call('addDeposit', {
    token: by.accessToken,
    params: { id: client.sub },
    body: { amount, note: 'wire', ...(extra.timestamp ? { timestamp: extra.timestamp } : {}) },
    ...(extra.key ? { headers: { 'Idempotency-Key': extra.key } } : {}),
  });
const approve = (by: Session, id: string) =>
  t.client.call('approvePendingAction', { token: by.accessToken, params: { id } });
const reject = (by: Session, id: string, reason: string) =>
  t.client.call('rejectPendingAction', { token: by.accessToken, params: { id }, body: { reason } });
const pendingIds = async () =>
  (await t.client.call('listPendingActions', { token: maker.accessToken })).body.map?.((a: PendingActionDto) => a.id) ??
  [];

function proposed(res: { status: number; body: unknown }): PendingActionDto {
  expect(res.status).toBe(202);
  const body = res.body as { pending?: boolean; action?: PendingActionDto };
  expect(body.pending).toBe(true);
  return body.action as PendingActionDto;
}

/**
 * A client holding `amount`, deposited by the maker and, when the rule holds it, approved by the
 * checker; then a day passes as far as the client's rolling sum knows, so the test's own moves
 * are measured alone.
 */
async function clientWith(amount: number, daysAgo = 0): Promise<Session> {
  const client = await t.client.newClient('four-eyes');
  const timestamp = daysAgo ? new Date(Date.now() - daysAgo * DAY_MS).toISOString() : undefined;
  const res = await deposit(maker, client, amount, { timestamp });
  if (res.status === 202) expect((await approve(checker, proposed(res).id)).status).toBe(200);
  else expect(res.status).toBe(200);
  await t.table.forgetProfileAttribute(client.sub, 'recentMoves');
  return client;
}

describe('the threshold', () => {
  it('applies a deposit below and at $10,000 at once, and proposes one above it', async () => {
    const below = await t.client.newClient('threshold');
    expect((await deposit(maker, below, 9_999.99)).status).toBe(200);
    const at = await t.client.newClient('threshold');
    expect((await deposit(maker, at, 10_000)).status).toBe(200);
    const client = await clientWith(9_999.99);
    const action = proposed(await deposit(maker, client, 10_000.01));
    expect(action).toMatchObject({
      kind: 'deposit',
      status: 'pending',
      clientId: client.sub,
      clientEmail: client.email,
      amount: 10_000.01,
      change: 10_000.01,
      balanceAtProposal: 9_999.99,
      proposedBy: DEMO_ADMIN,
    });
    expect(await balanceOf(client)).toBe(9_999.99);
    expect(await t.table.ledger(client.sub)).toHaveLength(1);
    expect(await pendingIds()).toContain(action.id);
  });

  it('measures a withdrawal by its amount and a balance edit by the change it makes', async () => {
    const client = await clientWith(20_000);
    const withdrawal = proposed(
      await t.client.call('processWithdrawal', {
        token: maker.accessToken,
        params: { id: client.sub },
        body: { amount: 10_000.01, note: 'out' },
      }),
    );
    expect(withdrawal).toMatchObject({ kind: 'withdrawal', change: -10_000.01 });
    const edit = (balance: number) =>
      t.client.call('updateBalance', { token: maker.accessToken, params: { id: client.sub }, body: { balance } });
    const big = proposed(await edit(30_000.01));
    expect(big).toMatchObject({ kind: 'balance', amount: 30_000.01, change: 10_000.01, balanceAtProposal: 20_000 });
    expect((await edit(30_000)).status).toBe(200);
    expect(await balanceOf(client)).toBe(30_000);
  });

  it('gives the same pending action to a proposal retried with its Idempotency-Key', async () => {
    const client = await t.client.newClient('retry');
    const first = proposed(await deposit(maker, client, 12_000, { key: 'four-eyes-retry' }));
    const again = proposed(await deposit(maker, client, 12_000, { key: 'four-eyes-retry' }));
    expect(again.id).toBe(first.id);
    expect((await pendingIds()).filter((id) => id === first.id)).toHaveLength(1);
  });
});

describe('approval by a second administrator', () => {
  it('refuses the proposer, then applies it once for another admin, naming both on the ledger entry', async () => {
    const client = await t.client.newClient('approved');
    const action = proposed(await deposit(maker, client, 25_000));
    const own = await approve(maker, action.id);
    expect(own).toMatchObject({ status: 403, body: { error: apiMessages.cannotApproveOwnAction } });
    expect(await balanceOf(client)).toBe(0);
    const approved = await approve(checker, action.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      success: true,
      newBalance: 25_000,
      action: { id: action.id, status: 'approved', decidedBy: checker.email },
    });
    expect(approved.body.transaction).toMatchObject({
      type: 'deposit',
      amount: 25_000,
      adminEmail: DEMO_ADMIN,
      approvedBy: checker.email,
    });
    expect(await balanceOf(client)).toBe(25_000);
    expect(await approve(checker, action.id)).toMatchObject({
      status: 409,
      body: { error: apiMessages.actionAlreadyDecided },
    });
    expect(await pendingIds()).not.toContain(action.id);
  });

  it('lets exactly one of two approvers at once apply it: one 200, one 409, one ledger entry', async () => {
    const client = await clientWith(20_000);
    const third = await t.client.newAdmin();
    const action = proposed(
      await t.client.call('processWithdrawal', {
        token: maker.accessToken,
        params: { id: client.sub },
        body: { amount: 15_000, note: 'race' },
      }),
    );
    const answers = await Promise.all([approve(checker, action.id), approve(third, action.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(client)).toBe(5_000);
    expect((await t.table.ledger(client.sub)).filter((e) => e.type === 'withdrawal')).toHaveLength(1);
  });

  it('re-checks the balance at approval: a withdrawal the balance no longer covers is refused and stays pending', async () => {
    const client = await clientWith(20_000);
    const action = proposed(
      await t.client.call('processWithdrawal', {
        token: maker.accessToken,
        params: { id: client.sub },
        body: { amount: 15_000, note: 'big' },
      }),
    );
    expect(
      (
        await t.client.call('processWithdrawal', {
          token: maker.accessToken,
          params: { id: client.sub },
          body: { amount: 8_000, note: 'small' },
        })
      ).status,
    ).toBe(200);
    expect(await approve(checker, action.id)).toMatchObject({
      status: 409,
      body: { error: refusals.insufficientBalance },
    });
    expect(await balanceOf(client)).toBe(12_000);
    expect(await pendingIds()).toContain(action.id);
    expect((await reject(checker, action.id, 'No longer covered')).status).toBe(200);
  });

  it('rejects with a reason: nothing moves, and the action cannot be approved afterwards', async () => {
    const client = await t.client.newClient('rejected');
    const action = proposed(await deposit(maker, client, 30_000));
    expect((await reject(checker, action.id, '')).status).toBe(400);
    const rejected = await reject(checker, action.id, 'Wire not received');
    expect(rejected.body).toMatchObject({
      success: true,
      action: { status: 'rejected', reason: 'Wire not received', decidedBy: checker.email },
    });
    expect(await approve(checker, action.id)).toMatchObject({
      status: 409,
      body: { error: apiMessages.actionAlreadyDecided },
    });
    expect(await balanceOf(client)).toBe(0);
    expect(await t.table.ledger(client.sub)).toHaveLength(0);
  });

  it('holds a withdrawal request above the threshold for a second approval, then pays it once', async () => {
    const client = await t.client.newClient('request');
    // $60,000 deposited 200 days ago: over $10,000 of eligible profit.
    const big = proposed(
      await deposit(maker, client, 60_000, { timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() }),
    );
    expect((await approve(checker, big.id)).status).toBe(200);
    const asked = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 10_500 },
    });
    expect(asked.status).toBe(201);
    const requestId = asked.body.request.id;
    const direct = { token: maker.accessToken, params: { id: requestId } };
    const action = proposed(await t.client.call('approveWithdrawalRequest', direct));
    expect(action).toMatchObject({ kind: 'approveRequest', requestId, amount: 10_500 });
    // While it waits, the request can be neither approved again nor proposed twice.
    expect(await t.client.call('approveWithdrawalRequest', direct)).toMatchObject({
      status: 409,
      body: { error: refusals.requestAwaitingApproval },
    });
    const before = await balanceOf(client);
    const approved = await approve(checker, action.id);
    expect(approved.status).toBe(200);
    expect(approved.body.transaction).toMatchObject({ type: 'withdrawal', amount: 10_500, approvedBy: checker.email });
    expect(await balanceOf(client)).toBeCloseTo(before - 10_500, 2);
    const mine = await t.client.call('listMyWithdrawalRequests', {
      token: client.accessToken,
      params: { uid: client.sub },
    });
    expect(mine.body.find((r) => r.id === requestId)).toMatchObject({ status: 'approved' });
    expect((await t.table.profile(client.sub))?.pendingRequests).toBe(0);
  });

  it('re-checks the eligible profit at approval: a request it no longer covers is refused, writing nothing', async () => {
    const client = await t.client.newClient('request-uncovered');
    const big = proposed(
      await deposit(maker, client, 60_000, { timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() }),
    );
    expect((await approve(checker, big.id)).status).toBe(200);
    const asked = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 500 },
    });
    expect(asked.status).toBe(201);
    // Another request already paid out all the profit left and a cent more (as a restore or a
    // migration could leave it): this one is no longer covered.
    const eligible = (await t.client.call('getEligibility', { token: client.accessToken, params: { uid: client.sub } }))
      .body.data.totalEligibleProfit;
    const now = Date.now();
    const paid = {
      ...newRequestItem(client.sub, newId(now), client.email, Math.round(eligible * 100) + 1, now),
      status: 'approved',
    };
    delete (paid as Partial<typeof paid>).GSI3PK;
    delete (paid as Partial<typeof paid>).GSI3SK;
    await t.table.putItems([paid]);
    const before = await t.table.items(client.sub);
    const res = await t.client.call('approveWithdrawalRequest', {
      token: maker.accessToken,
      params: { id: asked.body.request.id },
    });
    expect(res).toMatchObject({ status: 409, body: { error: refusals.requestNoLongerCovered } });
    expect(await t.table.items(client.sub)).toEqual(before);
  });

  it('frees a request whose approval was refused, so it can be decided again', async () => {
    const client = await t.client.newClient('request-freed');
    const big = proposed(
      await deposit(maker, client, 60_000, { timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() }),
    );
    expect((await approve(checker, big.id)).status).toBe(200);
    const asked = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 11_000 },
    });
    const requestId = asked.body.request.id;
    const action = proposed(
      await t.client.call('approveWithdrawalRequest', { token: maker.accessToken, params: { id: requestId } }),
    );
    expect((await reject(checker, action.id, 'Call the client first')).status).toBe(200);
    expect(
      (
        await t.client.call('rejectWithdrawalRequest', {
          token: maker.accessToken,
          params: { id: requestId },
          body: { reason: 'Client asked to wait' },
        })
      ).status,
    ).toBe(200);
  });
});
