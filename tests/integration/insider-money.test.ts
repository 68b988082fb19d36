/**
 * One administrator against the four-eyes rule, as a determined insider would try it on the real
 * local stack (threshold $10,000, the local default; an administrator's daily limit set to
 * $50,000 here): paying themselves, splitting a move into pieces under the threshold, backdating
 * a deposit so the replay credits a year of growth, and having a proposal approved after the
 * world it was made in has changed. Each attack must be refused or held for a second approval.
 */
import { DEMO_ADMIN } from '../../infra/local/seed';
import type { PendingActionDto } from '../../shared/answers';
import { DAY_MS } from '../../shared/growth';
import { actionKeys, keys } from '../../lambdas/lib/data/table';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';
import { refusals } from '../../shared/refusals';

// A stack of its own: another admin daily limit than the default (ADMIN_DAILY_LIMIT_DOLLARS).
const t = useTestStack({ env: { ADMIN_DAILY_LIMIT_DOLLARS: '50000' } });
let maker: Session;
let checker: Session;
let third: Session;

beforeAll(async () => {
  maker = await t.client.signIn(DEMO_ADMIN);
  checker = await t.client.newAdmin();
  third = await t.client.newAdmin();
});

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const balanceOf = async (sub: string) => (await t.table.profile(sub))?.balanceCents;
const deposit = (by: Session, sub: string, amount: number, timestamp?: string) =>
  t.client.call('addDeposit', {
    token: by.accessToken,
    params: { id: sub },
    body: { amount, note: 'wire', ...(timestamp ? { timestamp } : {}) },
  });
const withdraw = (by: Session, sub: string, amount: number) =>
  t.client.call('processWithdrawal', { token: by.accessToken, params: { id: sub }, body: { amount, note: 'out' } });
const edit = (by: Session, sub: string, balance: number) =>
  t.client.call('updateBalance', { token: by.accessToken, params: { id: sub }, body: { balance } });
const approve = (by: Session, id: string) =>
  t.client.call('approvePendingAction', { token: by.accessToken, params: { id } });

function proposed(res: { status: number; body: unknown }): PendingActionDto {
  expect(res.status).toBe(202);
  return (res.body as { action: PendingActionDto }).action;
}

/** A client holding `amount`, put there by a proposal the checker approved, and a day ago as far as the rolling sum knows. */
async function fundedClient(prefix: string, amount: number, timestamp?: string): Promise<Session> {
  const client = await t.client.newClient(prefix);
  const res = await deposit(maker, client.sub, amount, timestamp);
  if (res.status === 202) expect((await approve(checker, proposed(res).id)).status).toBe(200);
  else expect(res.status).toBe(200);
  await t.table.forgetProfileAttribute(client.sub, 'recentMoves');
  return client;
}

describe('self-dealing', () => {
  it('refuses an administrator a backdated deposit into their own account and the decision of their own request', async () => {
    expect(await deposit(checker, checker.sub, 9_999.99, daysAgo(365))).toMatchObject({
      status: 403,
      body: { error: refusals.ownAccountMove },
    });
    expect(await t.table.ledger(checker.sub)).toHaveLength(0);
    // Money on an administrator's account always waits for another administrator, whatever its size.
    const small = proposed(await deposit(maker, checker.sub, 100));
    expect(small).toMatchObject({ heldBecause: 'adminAccount', clientId: checker.sub });
    expect(await approve(checker, small.id)).toMatchObject({
      status: 403,
      body: { error: refusals.ownAccountApproval },
    });
    const old = proposed(await deposit(maker, checker.sub, 10_000, daysAgo(200)));
    expect((await approve(third, old.id)).status).toBe(200);
    // The checker, as a client, asks for profit, then tries to pay it to themselves.
    const asked = await t.client.call('requestWithdrawal', {
      token: checker.accessToken,
      body: { userId: checker.sub, userEmail: checker.email, amount: 1_000 },
    });
    expect(asked.status).toBe(201);
    const requestId = asked.body.request.id;
    const before = await balanceOf(checker.sub);
    expect(
      await t.client.call('approveWithdrawalRequest', { token: checker.accessToken, params: { id: requestId } }),
    ).toMatchObject({ status: 403, body: { error: refusals.ownAccountMove } });
    expect(
      await t.client.call('rejectWithdrawalRequest', {
        token: checker.accessToken,
        params: { id: requestId },
        body: { reason: 'mine' },
      }),
    ).toMatchObject({ status: 403 });
    // Another administrator's approval of it is itself held, and the owner cannot give the second one.
    const payout = proposed(
      await t.client.call('approveWithdrawalRequest', { token: maker.accessToken, params: { id: requestId } }),
    );
    expect(payout).toMatchObject({ kind: 'approveRequest', heldBecause: 'adminAccount' });
    expect((await approve(checker, payout.id)).status).toBe(403);
    expect(await balanceOf(checker.sub)).toBe(before);
    expect((await approve(third, payout.id)).status).toBe(200);
    expect(await balanceOf(checker.sub)).toBe(Number(before) - 100_000);
  });

  it("refuses the checker's approval of a deposit into the checker's own account", async () => {
    const action = proposed(await deposit(maker, checker.sub, 20_000));
    const before = await balanceOf(checker.sub);
    expect(await approve(checker, action.id)).toMatchObject({
      status: 403,
      body: { error: refusals.ownAccountApproval },
    });
    expect(await balanceOf(checker.sub)).toBe(before);
    expect((await t.table.item(actionKeys.item(action.id)))?.status).toBe('pending');
  });

  it('knows the same person under another sign-in by the e-mail address, whatever its case and spaces', async () => {
    // The client account of another sign-in (a Google login, say) of the checker's own address.
    const twin = await t.client.newClient('twin');
    const profile = await t.table.profile(twin.sub);
    await t.table.putItems([{ ...profile, email: `  ${checker.email.toUpperCase()} ` }]);
    expect(await deposit(checker, twin.sub, 50)).toMatchObject({
      status: 403,
      body: { error: refusals.ownAccountMove },
    });
    expect(await deposit(checker, twin.sub, 50_000)).toMatchObject({
      status: 403,
      body: { error: refusals.ownAccountMove },
    });
    expect(await edit(checker, twin.sub, 10)).toMatchObject({ status: 403 });
    // Someone else's move on it is held, and the address's owner cannot approve it.
    const action = proposed(await deposit(maker, twin.sub, 50));
    expect(action.heldBecause).toBe('adminAccount');
    expect(await approve(checker, action.id)).toMatchObject({
      status: 403,
      body: { error: refusals.ownAccountApproval },
    });
    expect(await t.table.ledger(twin.sub)).toHaveLength(0);
    expect((await approve(third, action.id)).status).toBe(200);
  });
});

describe('structuring', () => {
  it('holds the second of five deposits of $9,999.99 within seconds', async () => {
    const client = await t.client.newClient('split-deposits');
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await deposit(maker, client.sub, 9_999.99)).status);
    expect(statuses).toEqual([200, 202, 202, 202, 202]);
    expect(await balanceOf(client.sub)).toBe(999_999);
  });

  it('holds all but one of five such deposits sent at once', async () => {
    const client = await t.client.newClient('split-at-once');
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => deposit(third, client.sub, 9_999.99))))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 202, 202, 202, 202]);
    expect(await balanceOf(client.sub)).toBe(999_999);
  });

  it('holds the second of five withdrawals of $9,999.99', async () => {
    const client = await fundedClient('split-withdrawals', 50_000);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await withdraw(maker, client.sub, 9_999.99)).status);
    expect(statuses).toEqual([200, 202, 202, 202, 202]);
    expect(await balanceOf(client.sub)).toBe(5_000_000 - 999_999);
  });

  it('holds the second of five balance edits of +$9,999, showing both sums to the approver', async () => {
    const client = await t.client.newClient('split-edits');
    expect((await edit(maker, client.sub, 9_999)).status).toBe(200);
    const action = proposed(await edit(maker, client.sub, 19_998));
    expect(action).toMatchObject({ kind: 'balance', change: 9_999, clientDaySum: 19_998, heldBecause: 'threshold' });
    expect(action.proposerDaySum).toBeGreaterThanOrEqual(19_998);
    const listed = (await t.client.call('listPendingActions', { token: checker.accessToken }))
      .body as PendingActionDto[];
    expect(listed.find((a) => a.id === action.id)).toMatchObject({
      clientDaySum: 19_998,
      proposerDaySum: action.proposerDaySum,
    });
    for (const balance of [29_997, 39_996, 49_995]) expect((await edit(maker, client.sub, balance)).status).toBe(202);
    expect(await balanceOf(client.sub)).toBe(999_900);
  });

  it("holds an administrator's moves past the daily limit across clients, and an approval counts against no one's limit", async () => {
    const busy = await t.client.newAdmin();
    const clients = await Promise.all(Array.from({ length: 6 }, (_, i) => t.client.newClient(`day-${i}`)));
    const statuses = [];
    for (const client of clients.slice(0, 5)) statuses.push((await deposit(busy, client.sub, 9_999.99)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = clients[5] as Session;
    const action = proposed(await deposit(busy, sixth.sub, 100));
    expect(action).toMatchObject({ heldBecause: 'adminDailyLimit', clientDaySum: 100, proposerDaySum: 50_099.95 });
    // The approval applies it for the approver, who had applied nothing alone: their own day is still empty.
    expect((await approve(checker, action.id)).status).toBe(200);
    expect(await t.table.item(keys.adminMoves(checker.sub))).toBeUndefined();
    expect(await deposit(busy, sixth.sub, 0.05)).toMatchObject({ status: 200 });
    expect((await deposit(busy, sixth.sub, 0.01)).status).toBe(202);
  });
});

describe('backdating', () => {
  it('measures a deposit by its effect after the replay: $10,000 dated 365 days back is a change of about $20,000, held', async () => {
    const client = await t.client.newClient('backdated-year');
    const action = proposed(await deposit(maker, client.sub, 10_000, daysAgo(365)));
    expect(action.change).toBeGreaterThan(19_000);
    expect(action.change).toBeLessThan(21_000);
    expect(action.clientDaySum).toBe(action.change);
    expect(await balanceOf(client.sub)).toBe(0);
    const approved = await approve(checker, action.id);
    expect(approved.status).toBe(200);
    expect(approved.body.newBalance).toBe(action.change);
  });

  it('holds any deposit dated more than 31 days back, however small', async () => {
    const client = await t.client.newClient('backdated-month');
    expect(proposed(await deposit(maker, client.sub, 100, daysAgo(32)))).toMatchObject({
      heldBecause: 'backdated',
      amount: 100,
    });
    expect((await deposit(maker, client.sub, 100, daysAgo(30))).status).toBe(200);
  });

  it('refuses the approval of a deposit whose date has left the 366-day range since it was proposed', async () => {
    const client = await t.client.newClient('backdated-expired');
    const action = proposed(await deposit(maker, client.sub, 500, daysAgo(360)));
    // Seven days pass: the date it names is now 367 days back.
    const stored = await t.table.item(actionKeys.item(action.id));
    await t.table.putItems([{ ...stored, depositAt: Date.now() - 367 * DAY_MS }]);
    expect(await approve(checker, action.id)).toMatchObject({
      status: 409,
      body: { error: refusals.approvalDateOutOfRange },
    });
    expect(await t.table.ledger(client.sub)).toHaveLength(0);
    expect((await t.table.item(actionKeys.item(action.id)))?.status).toBe('pending');
  });
});

describe('stale approvals', () => {
  it('refuses a balance edit approved after the balance it was proposed against has changed, writing nothing', async () => {
    const client = await fundedClient('stale-edit', 20_000);
    const cut = proposed(await edit(maker, client.sub, 5_000));
    expect(cut).toMatchObject({ change: -15_000, balanceAtProposal: 20_000 });
    const raise = proposed(await deposit(maker, client.sub, 30_000));
    expect((await approve(checker, raise.id)).status).toBe(200);
    const ledger = await t.table.ledger(client.sub);
    expect(await approve(checker, cut.id)).toMatchObject({
      status: 409,
      body: { error: refusals.balanceChangedSinceProposal },
    });
    expect(await balanceOf(client.sub)).toBe(5_000_000);
    expect(await t.table.ledger(client.sub)).toEqual(ledger);
    expect((await t.table.item(actionKeys.item(cut.id)))?.status).toBe('pending');
  });
});
