/**
 * A client cancels its own pending withdrawal request, on the real local stack: of a cancel and an
 * administrator's approval or rejection sent at the same moment exactly one wins, and the request,
 * the balance, the ledger, the count of waiting requests and the activity log all agree with the
 * winner. Nobody cancels another client's request, nor one already decided; a cancel frees the
 * reserved profit, and the client is told by e-mail.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ActivityKindName } from '../../shared/activity-kinds';
import type { WithdrawalRequestDto } from '../../shared/api';
import { DAY_MS } from '../../shared/growth';
import { apiMessages } from '../../shared/messages';
import { requestIds } from '../../lambdas/lib/data/table';
import type { Session } from './support/client';
import { mailsArrived } from './support/mail';
import { useSharedStack } from './support/use-stack';
import { refusals } from '../../shared/refusals';

const t = useSharedStack();

let admin: Session;
let checker: Session;

beforeAll(async () => {
  [admin, checker] = [await t.client.newAdmin(), await t.client.newAdmin()];
});

const cents = (dollars: number) => Math.round(dollars * 100);
const ask = async (client: Session, amount: number): Promise<WithdrawalRequestDto> => {
  const res = await t.client.call('requestWithdrawal', {
    token: client.accessToken,
    body: { userId: client.sub, userEmail: client.email, amount },
  });
  expect(res.status).toBe(201);
  return res.body.request;
};
const cancel = (by: Session, id: string, uid = by.sub) =>
  t.client.call('cancelWithdrawalRequest', { token: by.accessToken, params: { uid, id } });
const approve = (id: string) => t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
const reject = (id: string) =>
  t.client.call('rejectWithdrawalRequest', {
    token: admin.accessToken,
    params: { id },
    body: { reason: 'Call us first' },
  });
const eligibleCents = async (client: Session) =>
  cents(
    (await t.client.call('getEligibility', { token: client.accessToken, params: { uid: client.sub } })).body.data
      .totalEligibleProfit,
  );
const requestOf = async (client: Session, id: string) =>
  (
    await t.client.call('listMyWithdrawalRequests', { token: client.accessToken, params: { uid: client.sub } })
  ).body.find((r) => r.id === id);
const inQueue = async (id: string) =>
  (
    await t.client.call('listPendingWithdrawalRequests', { token: admin.accessToken, query: { status: 'pending' } })
  ).body.some((r) => r.id === id);
const pendingCount = async (client: Session) => (await t.table.profile(client.sub))?.pendingRequests;

async function logged(client: Session, kind: ActivityKindName) {
  const res = await t.client.call('listActivity', {
    token: admin.accessToken,
    query: { limit: '200', client: client.sub, kind },
  });
  expect(res.status).toBe(200);
  return res.body.entries;
}

/** A new client with `parts` deposits of $10,000 made 200 days ago: eligible, with their profit. */
async function clientWithProfit(parts = 1): Promise<Session> {
  const client = await t.client.newClient('canceller');
  const timestamp = new Date(Date.now() - 200 * DAY_MS).toISOString();
  for (let i = 0; i < parts; i++) {
    expect((await t.client.fund(admin, client, 10_000, { note: 'wire', timestamp })).status).toBe(200);
  }
  return client;
}

describe('the client cancels a pending request', () => {
  it('cancels it once, frees the reserved profit for a new request, logs it once and tells the client', async () => {
    const client = await clientWithProfit();
    const profit = await eligibleCents(client);
    const request = await ask(client, profit / 100);
    expect(await eligibleCents(client)).toBe(0);
    expect(await pendingCount(client)).toBe(1);
    const more = await t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 100 },
    });
    expect(more.status).toBe(409);

    const res = await cancel(client, request.id);
    expect(res).toMatchObject({
      status: 200,
      body: {
        success: true,
        request: { id: request.id, status: 'cancelled', amount: request.amount, decidedAt: expect.any(String) },
      },
    });
    // Who decided is shown to admins only, even when it is the client.
    expect(res.body.request).not.toHaveProperty('decidedBy');
    expect(await requestOf(client, request.id)).toMatchObject({ status: 'cancelled' });
    expect(await inQueue(request.id)).toBe(false);
    expect(await pendingCount(client)).toBe(0);
    expect(await eligibleCents(client)).toBe(profit);
    expect(await t.table.items(client.sub, 'ENTRY#')).toHaveLength(1);

    const again = await cancel(client, request.id);
    expect(again).toMatchObject({ status: 409, body: { error: apiMessages.requestAlreadyDecided } });
    const entries = await logged(client, 'request-cancelled');
    expect(entries).toEqual([
      expect.objectContaining({
        actor: client.email,
        clientId: client.sub,
        clientEmail: client.email,
        amount: request.amount,
        requestId: request.id,
      }),
    ]);

    // The whole profit again, which the first request held.
    await ask(client, profit / 100);
    await waitForMail(client.email, 'Your withdrawal request was cancelled');
  });

  it('refuses a request already approved or rejected, changing nothing', async () => {
    const client = await clientWithProfit();
    const [toApprove, toReject] = [await ask(client, 100), await ask(client, 100)];
    expect((await approve(toApprove.id)).status).toBe(200);
    expect((await reject(toReject.id)).status).toBe(200);
    const before = await t.table.items(client.sub);
    for (const id of [toApprove.id, toReject.id])
      expect(await cancel(client, id)).toMatchObject({
        status: 409,
        body: { error: apiMessages.requestAlreadyDecided },
      });
    expect(await t.table.items(client.sub)).toEqual(before);
  });

  it('answers 404 for a request that does not exist', async () => {
    const client = await clientWithProfit();
    expect(await cancel(client, requestIds.make(client.sub, 'mi9x2k3h5nosuchrequest01'))).toMatchObject({
      status: 404,
      body: { error: refusals.requestNotFound },
    });
    expect(await cancel(client, 'not-an-id')).toMatchObject({ status: 404, body: { error: refusals.requestNotFound } });
  });
});

describe("another client's request", () => {
  it('cannot be cancelled by naming it under one’s own account (404, as if it did not exist), nor under its owner’s (403)', async () => {
    const victim = await clientWithProfit();
    const mallory = await t.client.newClient('mallory');
    const request = await ask(victim, 100);
    const before = await t.table.items(victim.sub);

    expect(await cancel(mallory, request.id)).toMatchObject({ status: 404, body: { error: refusals.requestNotFound } });
    // The victim's key under Mallory's own id names nothing of Mallory's.
    const key = requestIds.parse(request.id)?.requestKey ?? '';
    expect(await cancel(mallory, requestIds.make(mallory.sub, key))).toMatchObject({
      status: 404,
      body: { error: refusals.requestNotFound },
    });
    expect((await cancel(mallory, request.id, victim.sub)).status).toBe(403);
    // An administrator holds no power on this route: a request is cancelled by its own client only.
    expect((await cancel(admin, request.id, victim.sub)).status).toBe(403);

    expect(await t.table.items(victim.sub)).toEqual(before);
    expect(await requestOf(victim, request.id)).toMatchObject({ status: 'pending' });
    expect(await logged(victim, 'request-cancelled')).toEqual([]);
  });
});

describe('a cancel and an administrator deciding at the same moment', () => {
  const ROUNDS = 10;
  type Decide = (id: string) => ReturnType<typeof approve | typeof reject>;

  /** One request, `decide` and, `cancelDelayMs` later, a cancel: exactly one wins, the other is told it was decided. */
  async function race(client: Session, decide: Decide, cancelDelayMs: number) {
    const request = await ask(client, 100);
    // Not a wait for a condition: the offset between the two calls is what the race varies.
    const [decided, cancelled] = await Promise.all([
      decide(request.id),
      delay(cancelDelayMs).then(() => cancel(client, request.id)),
    ]);
    expect([cancelled.status, decided.status].sort()).toEqual([200, 409]);
    const loser = cancelled.status === 409 ? cancelled : decided;
    expect(loser.body).toEqual({ error: apiMessages.requestAlreadyDecided });
    expect(await pendingCount(client)).toBe(0);
    return {
      request,
      winner: cancelled.status === 200 ? 'cancel' : 'decide',
      status: (await requestOf(client, request.id))?.status,
    };
  }

  /**
   * An administrator's call checks its caller first (the admin group, two-factor), time the
   * client's cancel does not spend. So the cancel is sent after the decision: later when it won
   * the round before, sooner when it lost, in halving steps, and the rounds close in on the moment
   * both reach their transaction together. Whoever wins, each round's assertions are the same.
   */
  async function races(client: Session, decide: Decide) {
    const results = [];
    let cancelDelayMs = 64;
    for (let round = 0, step = 32; round < ROUNDS; round++, step = Math.max(2, step / 2)) {
      const result = await race(client, decide, cancelDelayMs);
      results.push(result);
      cancelDelayMs = Math.max(0, cancelDelayMs + (result.winner === 'cancel' ? step : -step));
    }
    return results;
  }

  async function expectLogged(client: Session, kind: ActivityKindName, ids: string[]) {
    expect((await logged(client, kind)).map((e) => e.requestId).sort()).toEqual([...ids].sort());
  }

  it('with an approval: the status, the balance, the ledger and the log follow the winner', async () => {
    const client = await clientWithProfit();
    const balanceBefore = cents(
      (await t.client.call('getPortfolio', { token: client.accessToken, params: { userId: client.sub } })).body
        .portfolio.balance,
    );
    const results = await races(client, approve);

    for (const r of results) expect(r.status).toBe(r.winner === 'cancel' ? 'cancelled' : 'approved');
    const approvedIds = results.filter((r) => r.winner === 'decide').map((r) => r.request.id);
    const cancelledIds = results.filter((r) => r.winner === 'cancel').map((r) => r.request.id);
    const withdrawals = (await t.table.items(client.sub, 'ENTRY#')).filter((e) => e.type === 'withdrawal');
    expect(withdrawals.map((e) => e.requestId).sort()).toEqual([...approvedIds].sort());
    const balance = cents(
      (await t.client.call('getPortfolio', { token: client.accessToken, params: { userId: client.sub } })).body
        .portfolio.balance,
    );
    expect(balance).toBe(balanceBefore - 10_000 * approvedIds.length);
    const { stored, replayed } = await t.table.storedAndReplayed(client.sub);
    expect(stored).toEqual(replayed);
    await expectLogged(client, 'request-approved', approvedIds);
    await expectLogged(client, 'request-cancelled', cancelledIds);
  });

  it('with a rejection: the status and the log follow the winner, and no money moves', async () => {
    const client = await clientWithProfit();
    const before = await t.table.items(client.sub, 'ENTRY#');
    const results = await races(client, reject);

    for (const r of results) expect(r.status).toBe(r.winner === 'cancel' ? 'cancelled' : 'rejected');
    expect(await t.table.items(client.sub, 'ENTRY#')).toEqual(before);
    await expectLogged(
      client,
      'request-rejected',
      results.filter((r) => r.winner === 'decide').map((r) => r.request.id),
    );
    await expectLogged(
      client,
      'request-cancelled',
      results.filter((r) => r.winner === 'cancel').map((r) => r.request.id),
    );
  });
});

describe('a request awaiting a second administrator', () => {
  it('can still be cancelled; the awaited approval then finds it decided and moves nothing', async () => {
    const client = await clientWithProfit(4);
    const request = await ask(client, 10_000.01);
    const proposed = await approve(request.id);
    expect(proposed.status).toBe(202);
    const actionId = (proposed.body as { action: { id: string } }).action.id;
    const entriesBefore = await t.table.items(client.sub, 'ENTRY#');

    expect((await cancel(client, request.id)).status).toBe(200);
    expect(
      await t.client.call('approvePendingAction', { token: checker.accessToken, params: { id: actionId } }),
    ).toMatchObject({
      status: 409,
      body: { error: apiMessages.requestAlreadyDecided },
    });
    expect(await t.table.items(client.sub, 'ENTRY#')).toEqual(entriesBefore);
    expect(await requestOf(client, request.id)).toMatchObject({ status: 'cancelled' });
    expect(await pendingCount(client)).toBe(0);
  });
});

/** Waits until an e-mail with this subject reaches `to` (the notifier reads the table's stream). */
const waitForMail = (to: string, subject: string) => mailsArrived(t.client, to, subject);
