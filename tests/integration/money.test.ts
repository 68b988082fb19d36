/**
 * Money through the API against DynamoDB Local and cognito-local: every write records its
 * ledger entry and the new balance together, refusals write nothing, concurrency loses nothing,
 * and an Idempotency-Key records one deposit.
 */
import type { BodyInputOf, TransactionDto } from '../../shared/api';
import { addCalendarMonthsUtc, depositEligibleIn, eligibleAt } from '../../shared/eligibility';
import { DAY_MS, replayLedger } from '../../shared/growth';
import { checkAnswer, pathOf, type Session } from './support/client';
import { useTestStack } from './support/use-stack';
import { DEMO_AGREEMENT } from '../../infra/local/client-agreement';
import { LOCAL_FUNDING_INSTRUCTIONS } from '../../infra/local/funding-instructions';

/** A money move's answer when it applied at once (these amounts are all under the four-eyes threshold). */
const applied = <B extends object>(body: B) => body as Exclude<B, { pending: true }>;
// The ledger's rules are the subject here; the balance edits below move more than $10,000, so the
// four-eyes threshold and the administrator's daily limit are set above them (four-eyes.test.ts
// and insider-money.test.ts cover both). A deposit dated more than 31 days back still waits for a
// second administrator: `fund` gets its approval.
// A stack of its own: other four-eyes and daily limits than the default.
const t = useTestStack({
  seed: false,
  env: { FOUR_EYES_THRESHOLD_DOLLARS: '1000000', ADMIN_DAILY_LIMIT_DOLLARS: '100000000' },
});

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const deposit = (sub: string, body: BodyInputOf<'addDeposit'>, headers: Record<string, string> = {}) =>
  t.client.call('addDeposit', { token: admin.accessToken, params: { id: sub }, body, headers });
const fund = (sub: string, body: BodyInputOf<'addDeposit'>) =>
  t.client.fund(admin, { sub }, body.amount, { timestamp: body.timestamp, note: body.note ?? undefined });
const withdraw = (sub: string, body: BodyInputOf<'processWithdrawal'>) =>
  t.client.call('processWithdrawal', { token: admin.accessToken, params: { id: sub }, body });
const balanceOf = async (session: Session) =>
  (await t.client.call('getPortfolio', { token: session.accessToken, params: { userId: session.sub } })).body.portfolio
    .balance;

async function expectConsistent(sub: string) {
  const { stored, replayed } = await t.table.storedAndReplayed(sub);
  expect(stored).toEqual(replayed);
}

describe('a new client', () => {
  it('has an empty portfolio as soon as the account is confirmed, and create is idempotent', async () => {
    const alice = await t.client.newClient('fresh', { payoutAccount: false });
    const portfolio = await t.client.call('getPortfolio', { token: alice.accessToken, params: { userId: alice.sub } });
    expect(portfolio.status).toBe(200);
    expect(portfolio.body).toEqual({
      success: true,
      portfolio: {
        userId: alice.sub,
        balance: 0,
        lastUpdate: expect.any(String),
        weeklyGain: 0,
        weeklyGainAmount: 0,
        // Accepted through the API as the sign-up page does (newClient).
        agreement: {
          accepted: { version: DEMO_AGREEMENT.version, acceptedAt: expect.any(String) },
          current: { ...DEMO_AGREEMENT },
        },
        status: 'active',
        // The stage's funding instructions, to the active account's own reader (the local demo ones).
        funding: [...LOCAL_FUNDING_INSTRUCTIONS],
      },
    });
    for (let i = 0; i < 2; i++) {
      const created = await t.client.call('createPortfolio', {
        token: alice.accessToken,
        body: { userId: alice.sub, initialBalance: 0 },
      });
      expect(created).toMatchObject({ status: 200, body: { success: true, portfolio: { balance: 0 } } });
    }
    // An initial balance other than 0, which the typed input of `call` refuses.
    const greedy = await t.client.callAny('createPortfolio', {
      token: alice.accessToken,
      body: { userId: alice.sub, initialBalance: 1000 },
    });
    expect(greedy).toMatchObject({ status: 400, body: { error: 'A new portfolio starts with a balance of 0' } });
    // The profile, and the acceptance of the client agreement newClient made.
    expect((await t.table.items(alice.sub)).map((i) => i.SK)).toEqual([
      `AGREEMENT#${DEMO_AGREEMENT.version}`,
      'PROFILE',
    ]);
  });
});

describe('admin deposits, withdrawals and balance edits', () => {
  /** A new client with one deposit of $1,234.56 made now, its note padded with spaces. */
  async function carolWithDeposit() {
    const carol = await t.client.newClient('carol');
    const res = await deposit(carol.sub, {
      amount: 1234.56,
      note: '  wire transfer  ',
      timestamp: new Date().toISOString(),
    });
    return { carol, res };
  }

  it('a deposit writes its entry and the new balance together, with the note trimmed', async () => {
    const { carol, res } = await carolWithDeposit();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      newBalance: 1234.56,
      transaction: {
        type: 'deposit',
        amount: 1234.56,
        direction: 'in',
        note: 'wire transfer',
        adminEmail: admin.email,
      },
    });
    expect(await balanceOf(carol)).toBe(1234.56);
    const entries = await t.table.items(carol.sub, 'ENTRY#');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'deposit',
      amountCents: 123456,
      note: 'wire transfer',
      adminEmail: admin.email,
      balanceAfterCents: 123456,
    });
    await expectConsistent(carol.sub);
  });

  it('shows the admin e-mail to admins only', async () => {
    const { carol } = await carolWithDeposit();
    const own = await t.client.call('listTransactions', { token: carol.accessToken, params: { uid: carol.sub } });
    expect(own.status).toBe(200);
    expect(own.body[0]).toEqual({
      id: expect.any(String),
      type: 'deposit',
      amount: 1234.56,
      direction: 'in',
      timestamp: expect.any(String),
      note: 'wire transfer',
    });
    const asAdmin = await t.client.call('listClientTransactions', {
      token: admin.accessToken,
      params: { id: carol.sub },
    });
    expect(asAdmin.body[0]?.adminEmail).toBe(admin.email);
  });

  it('a backdated deposit is grown for its full weeks held, by a replay of the ledger', async () => {
    const dave = await t.client.newClient('dave');
    const at = Date.now() - 8 * 7 * DAY_MS - 3600_000;
    const res = await fund(dave.sub, { amount: 10000, note: '', timestamp: new Date(at).toISOString() });
    expect(res.status).toBe(200);
    const { stored } = await t.table.storedAndReplayed(dave.sub);
    const expected = replayLedger(
      [{ id: 'x', type: 'deposit', amountCents: 1_000_000, at }],
      stored.lastUpdate,
    ).balanceCents;
    expect(expected).toBeGreaterThan(1_000_000);
    expect(Math.round(applied(res.body).newBalance * 100)).toBe(expected);
    await expectConsistent(dave.sub);
    // The growth credited in the last week is this week's change, as the history's lines say it.
    const portfolio = (await t.client.call('getPortfolio', { token: dave.accessToken, params: { userId: dave.sub } }))
      .body.portfolio;
    const history = (await t.client.call('getHistory', { token: dave.accessToken, params: { uid: dave.sub } })).body
      .data;
    const L = Date.parse(portfolio.lastUpdate);
    const week = history.filter(
      (p) => p.kind === 'growth' && Date.parse(p.at) > L - 7 * DAY_MS && Date.parse(p.at) <= L,
    );
    expect(week.length).toBeGreaterThan(0);
    expect(Math.round(portfolio.weeklyGainAmount * 100)).toBe(
      week.reduce((sum, p) => sum + Math.round(p.amount * 100), 0),
    );
    expect(portfolio.weeklyGainAmount).toBeGreaterThan(0);
  });

  it('refuses a deposit dated in the future or over a year back, writing nothing', async () => {
    const { carol } = await carolWithDeposit();
    const before = await t.table.items(carol.sub);
    for (const [timestamp, error] of [
      [new Date(Date.now() + 2 * DAY_MS).toISOString(), 'Deposit date cannot be in the future'],
      [new Date(Date.now() - 400 * DAY_MS).toISOString(), 'Deposit date cannot be more than a year ago'],
    ]) {
      expect(await deposit(carol.sub, { amount: 5, timestamp })).toMatchObject({ status: 400, body: { error } });
    }
    expect(await t.table.items(carol.sub)).toEqual(before);
  });

  it('a withdrawal above the balance is 409 and changes nothing', async () => {
    const { carol } = await carolWithDeposit();
    const before = await t.table.items(carol.sub);
    const res = await withdraw(carol.sub, { amount: 1234.57, note: 'too much' });
    expect(res).toMatchObject({ status: 409, body: { error: 'Insufficient balance for this withdrawal' } });
    expect(await t.table.items(carol.sub)).toEqual(before);
  });

  it('a withdrawal within the balance writes its entry and lowers the balance', async () => {
    const { carol } = await carolWithDeposit();
    const res = await withdraw(carol.sub, { amount: 234.56, note: ' cash ' });
    expect(res.body).toMatchObject({
      success: true,
      newBalance: 1000,
      transaction: { type: 'withdrawal', amount: 234.56, direction: 'out', note: 'cash' },
    });
    expect(await balanceOf(carol)).toBe(1000);
    expect(await t.table.items(carol.sub, 'ENTRY#')).toHaveLength(2);
    await expectConsistent(carol.sub);
  });

  it('a balance edit records the difference as an adjustment, and none when unchanged', async () => {
    const { carol } = await carolWithDeposit();
    expect(applied((await withdraw(carol.sub, { amount: 234.56, note: 'cash' })).body).newBalance).toBe(1000);
    const setBalance = (balance: number) =>
      t.client.call('updateBalance', { token: admin.accessToken, params: { id: carol.sub }, body: { balance } });
    const res = await setBalance(750.25);
    expect(res).toMatchObject({ status: 200, body: { success: true, newBalance: 750.25 } });
    const entries = await t.table.items(carol.sub, 'ENTRY#');
    expect(entries).toHaveLength(3);
    expect(entries.find((e) => e.type === 'adjustment')).toMatchObject({ amountCents: -24975 });
    const again = await setBalance(750.25);
    expect(again.body).toMatchObject({ newBalance: 750.25 });
    expect(await t.table.items(carol.sub, 'ENTRY#')).toHaveLength(3);
    const zero = await setBalance(0);
    expect(zero.body).toMatchObject({ newBalance: 0 });
    const list = await t.client.call('listTransactions', { token: carol.accessToken, params: { uid: carol.sub } });
    expect(list.body[0]).toMatchObject({ type: 'adjustment', amount: 750.25, direction: 'out' });
    await expectConsistent(carol.sub);
  });
});

describe('concurrency and idempotency', () => {
  it('50 concurrent deposits to one client end with the exact sum', async () => {
    const erin = await t.client.newClient('erin');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => deposit(erin.sub, { amount: (101 + i) / 100, note: `#${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const expectedCents = Array.from({ length: 50 }, (_, i) => 101 + i).reduce((a, b) => a + b, 0);
    expect(Math.round((await balanceOf(erin)) * 100)).toBe(expectedCents);
    expect(await t.table.items(erin.sub, 'ENTRY#')).toHaveLength(50);
    await expectConsistent(erin.sub);
  });

  it('the same Idempotency-Key twice records one deposit and answers the same', async () => {
    const fay = await t.client.newClient('fay');
    const body = { amount: 99.99, note: 'once' };
    const [first, second] = await Promise.all([
      deposit(fay.sub, body, { 'idempotency-key': 'dep-1' }),
      deposit(fay.sub, body, { 'idempotency-key': 'dep-1' }),
    ]);
    const third = await deposit(fay.sub, body, { 'idempotency-key': 'dep-1' });
    expect(first?.status).toBe(200);
    expect(second?.body).toEqual(first?.body);
    expect(third.body).toEqual(first?.body);
    expect(await t.table.items(fay.sub, 'ENTRY#')).toHaveLength(1);
    expect(await balanceOf(fay)).toBe(99.99);

    const reused = await deposit(fay.sub, { amount: 5, note: 'different' }, { 'idempotency-key': 'dep-1' });
    expect(reused).toMatchObject({
      status: 409,
      body: { error: 'This Idempotency-Key was already used with a different request' },
    });
    const other = await deposit(fay.sub, body, { 'idempotency-key': 'dep-2' });
    expect(applied(other.body).newBalance).toBe(199.98);
    expect(await t.table.items(fay.sub, 'ENTRY#')).toHaveLength(2);
  });
});

describe('withdrawal requests', () => {
  const request = (s: Session, amount: number) =>
    t.client.call('requestWithdrawal', { token: s.accessToken, body: { userId: s.sub, userEmail: s.email, amount } });

  const eligibility = (s: Session) => t.client.call('getEligibility', { token: s.accessToken, params: { uid: s.sub } });
  const eligibleProfit = async (s: Session) => (await eligibility(s)).body.data.totalEligibleProfit;

  const requestsOf = async (s: Session) =>
    (await t.client.call('listMyWithdrawalRequests', { token: s.accessToken, params: { uid: s.sub } })).body;

  /**
   * A new client with $10,000 deposited 200 days ago (eligible, with its profit) and $5,000 ten
   * days ago (not yet), and the eligible profit that gives.
   */
  async function newGus() {
    const gus = await t.client.newClient('gus');
    await fund(gus.sub, { amount: 10000, note: 'old', timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() });
    await deposit(gus.sub, {
      amount: 5000,
      note: 'recent',
      timestamp: new Date(Date.now() - 10 * DAY_MS).toISOString(),
    });
    const eligible = await eligibility(gus);
    const profit = eligible.body.data.totalEligibleProfit;
    expect(eligible.body.data).toMatchObject({
      showRequestButton: true,
      eligibleDeposits: [{ amount: 10000, monthsSinceDeposit: 6 }],
    });
    expect(profit).toBeGreaterThan(4000);
    return { gus, profit };
  }

  /** newGus with `count` pending requests of a tenth of the eligible profit each, made one after another. */
  async function gusWithPendingRequests(count: number) {
    const { gus, profit } = await newGus();
    const tenth = Math.floor(profit * 10) / 100;
    for (let i = 0; i < count; i++) expect((await request(gus, tenth)).status).toBe(201);
    return { gus, profit, tenth };
  }

  it('refuses more than the eligible profit, in the product words, writing nothing', async () => {
    const { gus, profit } = await newGus();
    const res = await request(gus, profit + 0.01);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `You can only withdraw up to $${profit.toLocaleString('en-US', { minimumFractionDigits: 2 })} in eligible profit`,
    );
    expect(await t.table.items(gus.sub, 'REQUEST#')).toHaveLength(0);
  });

  it('refuses a request naming another e-mail', async () => {
    const { gus } = await newGus();
    const res = await t.client.call('requestWithdrawal', {
      token: gus.accessToken,
      body: { userId: gus.sub, userEmail: 'else@example.com', amount: 100 },
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'userEmail must be the e-mail address of your account' } });
  });

  it('two racing requests cannot together exceed the eligible profit', async () => {
    const { gus, profit } = await newGus();
    const share = Math.floor(profit * 60) / 100; // 60% each
    const results = await Promise.all([request(gus, share), request(gus, share)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    // 60% of what is left each: only one fits the profit, though the cap on waiting requests has room for two.
    const rest = Math.floor((profit - share) * 60) / 100;
    const many = await Promise.all(Array.from({ length: 4 }, () => request(gus, rest)));
    expect(many.filter((r) => r.status === 201)).toHaveLength(1);
    const requested = (await t.table.items(gus.sub, 'REQUEST#')).reduce((sum, r) => sum + Number(r.amountCents), 0);
    expect(requested).toBeLessThanOrEqual(Math.round(profit * 100));
  });

  it('pending requests show to the client and in the admin queue; approving pays out, once', async () => {
    const { gus } = await gusWithPendingRequests(3);
    const mine = await t.client.call('listMyWithdrawalRequests', { token: gus.accessToken, params: { uid: gus.sub } });
    expect(mine.body.length).toBe(3);
    expect(mine.body.every((r) => r.status === 'pending')).toBe(true);
    const queue = await t.client.call('listPendingWithdrawalRequests', {
      token: admin.accessToken,
      query: { status: 'pending' },
    });
    expect(queue.body.filter((r) => r.userId === gus.sub)).toHaveLength(3);
    // A status the query does not take, which the typed input of `call` refuses.
    expect(
      (
        await t.client.callAny('listPendingWithdrawalRequests', {
          token: admin.accessToken,
          query: { status: 'sent' },
        })
      ).status,
    ).toBe(400);

    const target = mine.body[0];
    if (!target) throw new Error('no request');
    const before = await balanceOf(gus);
    const approve = (id: string) =>
      t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
    const approved = await approve(target.id);
    expect(approved.status).toBe(200);
    expect(applied(approved.body).request).toMatchObject({ status: 'approved', decidedBy: admin.email });
    expect(Math.round(applied(approved.body).newBalance * 100)).toBe(
      Math.round(before * 100) - Math.round(target.amount * 100),
    );
    const entries = await t.table.items(gus.sub, 'ENTRY#');
    expect(entries.filter((e) => e.type === 'withdrawal')).toHaveLength(1);
    await expectConsistent(gus.sub);

    const twice = await approve(target.id);
    expect(twice).toMatchObject({ status: 409, body: { error: 'This withdrawal request has already been decided' } });
    expect((await t.table.items(gus.sub, 'ENTRY#')).filter((e) => e.type === 'withdrawal')).toHaveLength(1);

    const after = await requestsOf(gus);
    expect(after.find((r) => r.id === target.id)?.status).toBe('approved');
  });

  it('rejecting needs a reason and frees the profit again', async () => {
    const { gus } = await gusWithPendingRequests(1);
    const target = (await requestsOf(gus)).find((r) => r.status === 'pending');
    if (!target) throw new Error('no pending request');
    const before = await eligibleProfit(gus);
    const reject = (reason: string) =>
      t.client.call('rejectWithdrawalRequest', {
        token: admin.accessToken,
        params: { id: target.id },
        body: { reason },
      });
    const noReason = await reject('  ');
    expect(noReason).toMatchObject({ status: 400, body: { error: 'Please give a reason for the rejection' } });
    const rejected = await reject('Docs missing');
    expect(rejected).toMatchObject({ status: 200, body: { request: { status: 'rejected', reason: 'Docs missing' } } });
    expect(Math.round((await eligibleProfit(gus)) * 100)).toBe(
      Math.round(before * 100) + Math.round(target.amount * 100),
    );
    const again = await reject('x');
    expect(again.status).toBe(409);
  });

  it('approving is refused when the balance no longer covers the request', async () => {
    const { gus } = await gusWithPendingRequests(1);
    const target = (await requestsOf(gus)).find((r) => r.status === 'pending');
    if (!target) throw new Error('no pending request');
    expect(
      (
        await t.client.call('updateBalance', {
          token: admin.accessToken,
          params: { id: gus.sub },
          body: { balance: 0 },
        })
      ).status,
    ).toBe(200);
    const before = await t.table.items(gus.sub);
    const res = await t.client.call('approveWithdrawalRequest', {
      token: admin.accessToken,
      params: { id: target.id },
    });
    expect(res).toMatchObject({ status: 409, body: { error: 'Insufficient balance for this withdrawal' } });
    expect(await t.table.items(gus.sub)).toEqual(before);
  });
});

describe('withdrawal alerts and the client list', () => {
  it('shows a deposit 5 days from eligibility and one eligible now; lists next withdrawal dates', async () => {
    const hal = await t.client.newClient('hal');
    const sixMonthsAgo = addCalendarMonthsUtc(Date.now(), -6);
    // 5 days from eligibility by the rule itself, or the nearest day a deposit can be (shared/eligibility.ts).
    const { at: soon, days: soonDays } = depositEligibleIn([5, 4, 6, 3, 7], Date.now()) ?? { at: 0, days: -1 };
    const today = sixMonthsAgo - 60_000; // became eligible a minute ago
    await fund(hal.sub, { amount: 100, note: '', timestamp: new Date(soon).toISOString() });
    await fund(hal.sub, { amount: 200, note: '', timestamp: new Date(today).toISOString() });
    await deposit(hal.sub, { amount: 300, note: '', timestamp: new Date().toISOString() });
    const alerts = await t.client.call('listWithdrawalAlerts', { token: admin.accessToken });
    expect(alerts.status).toBe(200);
    const group = alerts.body.data.find((g) => g.userId === hal.sub);
    expect(group?.userEmail).toBe(hal.email);
    expect(group?.deposits.map((d) => [d.amount, d.daysUntilEligible])).toEqual([
      [200, 0],
      [100, soonDays],
    ]);

    const clients = await t.client.allClients(admin.accessToken);
    const row = clients.find((c) => c.id === hal.sub);
    expect(row?.email).toBe(hal.email);
    const next = Date.parse(row?.nextWithdrawalDate ?? '');
    expect(Math.round((next - Date.now()) / DAY_MS)).toBe(5);
  });
});

describe('next withdrawal dates on the admin list', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  const nextOf = async (sub: string) =>
    (await t.client.allClients(admin.accessToken)).find((c) => c.id === sub)?.nextWithdrawalDate;

  // Profiles written before the list existed are migrated once (migrate-upcoming-eligible.test.ts).
  it('each deposit keeps the profile list of dates ahead, soonest first, and the admin list shows the soonest', async () => {
    const jay = await t.client.newClient('jay');
    const old = Date.now() - 200 * DAY_MS; // already eligible
    const first = Date.now() - 20 * DAY_MS;
    await fund(jay.sub, { amount: 100, note: '', timestamp: iso(old) });
    await deposit(jay.sub, { amount: 100, note: '', timestamp: iso(first) });
    expect((await t.table.profile(jay.sub))?.upcomingEligibleAt).toEqual([iso(eligibleAt(first))]);
    expect(await nextOf(jay.sub)).toBe(iso(eligibleAt(first)));

    const second = Date.now() - 30 * DAY_MS; // becomes eligible before `first`
    await deposit(jay.sub, { amount: 50, note: '', timestamp: iso(second) });
    expect((await t.table.profile(jay.sub))?.upcomingEligibleAt).toEqual([
      iso(eligibleAt(second)),
      iso(eligibleAt(first)),
    ]);
    expect(await nextOf(jay.sub)).toBe(iso(eligibleAt(second)));
    await expectConsistent(jay.sub);
  });
});

describe('large answers', () => {
  it('come gzipped to a caller that accepts gzip, and plain to one that does not', async () => {
    const kim = await t.client.newClient('kim');
    for (let i = 0; i < 60; i++)
      expect((await deposit(kim.sub, { amount: 10 + i, note: `deposit number ${i}` })).status).toBe(200);
    // fetch itself, to choose the accept-encoding; the answer is still checked against the contract.
    const url = `${t.stack.url}${pathOf('listClientTransactions', { id: kim.sub })}`;
    const gz = await fetch(url, {
      headers: { authorization: `Bearer ${admin.accessToken}`, 'accept-encoding': 'gzip' },
    });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const listed = (await gz.json()) as TransactionDto[];
    checkAnswer('listClientTransactions', gz.status, listed, gz.headers.get('content-type'));
    expect(listed).toHaveLength(60);
    expect(listed[0]).toMatchObject({ amount: 69, note: 'deposit number 59' });

    const plain = await fetch(url, {
      headers: { authorization: `Bearer ${admin.accessToken}`, 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()) as TransactionDto[]).toEqual(listed);
  });
});

describe('closing a client account', () => {
  it('keeps the books and the profile read-only, ends the login, and a retry is harmless', async () => {
    const ivy = await t.client.newClient('ivy');
    await deposit(ivy.sub, { amount: 50, note: '' });
    const close = () => t.client.call('deleteClient', { token: admin.accessToken, params: { id: ivy.sub } });
    expect(await close()).toMatchObject({ status: 409 });
    expect((await withdraw(ivy.sub, { amount: 50, note: 'paid out' })).status).toBe(200);
    const res = await close();
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    const kept = await t.table.items(ivy.sub);
    // The acceptance of the client agreement and the confirmations of both moves are records kept.
    expect(kept.map((i) => String(i.SK).split('#')[0])).toEqual([
      'AGREEMENT',
      'DOC',
      'DOC',
      'ENTRY',
      'ENTRY',
      'PAYOUT',
      'PROFILE',
    ]);
    expect(kept.find((i) => i.SK === 'PROFILE')).toMatchObject({
      deleted: true,
      closedAt: expect.any(String),
      email: ivy.email,
    });
    // the still-valid access token can neither read nor recreate anything
    expect((await t.client.call('getPortfolio', { token: ivy.accessToken, params: { userId: ivy.sub } })).status).toBe(
      404,
    );
    const recreate = await t.client.call('createPortfolio', {
      token: ivy.accessToken,
      body: { userId: ivy.sub, initialBalance: 0 },
    });
    expect(recreate).toMatchObject({ status: 403, body: { error: 'This account has been closed' } });
    await expect(t.client.signIn(ivy.email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const list = await t.client.allClients(admin.accessToken);
    expect(list.some((c) => c.id === ivy.sub)).toBe(false);
    expect((await close()).status).toBe(200);
    expect((await deposit(ivy.sub, { amount: 1 })).status).toBe(404);
  });

  it('an admin cannot delete themself', async () => {
    const res = await t.client.call('deleteClient', { token: admin.accessToken, params: { id: admin.sub } });
    expect(res).toMatchObject({ status: 400, body: { error: 'You cannot delete your own account' } });
  });
});
