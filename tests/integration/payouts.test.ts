/**
 * Where a client's money goes, on the real local stack: the payout account (set by the client
 * alone, with a recent sign-in and the password, a code with two-factor on; shown masked; e-mailed;
 * usable after the cooling-off) and a payout's life after its approval (listed until an
 * administrator marks it sent with the bank's reference, once; e-mailed; logged; in the bank's file).
 * Each control is walked around as an insider would: a stolen older token, another client's
 * account, an administrator's hand, a change made to dodge the cooling-off, a mark replayed,
 * backdated, post-dated or on one's own payout.
 */
import { parse } from 'csv-parse/sync';
import type { ActivityKindName } from '../../shared/activity-kinds';
import type { WithdrawalRequestDto } from '../../shared/api';
import { DAY_MS } from '../../shared/growth';
import { errors } from '../../shared/messages';
import { payoutMessages, payoutRefusals, sentMessages } from '../../shared/payout-account';
import { refusals } from '../../shared/refusals';
import { formatUtcDateTime } from '../../shared/utc-format';
import { keys, requestIds } from '../../lambdas/lib/data/table';
import { freshTotpCode, PASSWORD, type Session } from './support/client';
import { mailsArrived } from './support/mail';
import { tokenSignedInAgo } from './support/stale-token';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const IBAN = { kind: 'iban', iban: 'DE89 3704 0044 0532 0130 00' } as const;
const US = { kind: 'us', accountNumber: '000123456789', routingNumber: '011000015' } as const;
const account = (number: typeof IBAN | typeof US, extra: Record<string, string> = {}) => ({
  holderName: 'Pat Example',
  bankName: 'First Example Bank',
  ...number,
  password: PASSWORD,
  ...extra,
});
const setAccount = (token: string, uid: string, body: Record<string, unknown>) =>
  t.client.callAny('setPayoutAccount', { token, params: { uid }, body });
const payoutItem = (who: Session) => t.table.item(keys.payout(who.sub));
const ask = (client: Session, amount: number) =>
  t.client.call('requestWithdrawal', {
    token: client.accessToken,
    body: { userId: client.sub, userEmail: client.email, amount },
  });

/** A client with eligible profit (a deposit over 6 months old) and, unless said, a payout account out of its cooling-off. */
async function fundedClient(prefix: string, options: { payoutAccount?: boolean } = {}): Promise<Session> {
  const client = await t.client.newClient(prefix, options);
  expect(
    (await t.client.fund(admin, client, 10_000, { timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() }))
      .status,
  ).toBe(200);
  return client;
}

async function logged(kind: ActivityKindName, client: Session) {
  const res = await t.client.call('listActivity', { token: admin.accessToken, query: { kind, client: client.sub } });
  expect(res.status).toBe(200);
  return res.body.entries;
}

describe('a payout account', () => {
  it('is needed to request a withdrawal: without one the request is refused, saying how to add one, and nothing is written', async () => {
    const client = await fundedClient('no-account', { payoutAccount: false });
    expect(
      (await t.client.call('getPayoutAccount', { token: client.accessToken, params: { uid: client.sub } })).body,
    ).toEqual({ account: null });
    const res = await ask(client, 100);
    expect([res.status, res.body]).toEqual([409, { error: payoutMessages.none }]);
    expect(
      (await t.client.call('listMyWithdrawalRequests', { token: client.accessToken, params: { uid: client.sub } }))
        .body,
    ).toEqual([]);
    expect((await t.table.profile(client.sub))?.pendingRequests).toBeUndefined();
  });

  it('is set by its client with a fresh sign-in and the password, shown masked, e-mailed and logged, and usable only after the cooling-off', async () => {
    const client = await fundedClient('sets', { payoutAccount: false });
    const before = Date.now();
    const res = await setAccount(client.accessToken, client.sub, account(IBAN));
    expect(res.status).toBe(200);
    const shown = (res.body as { account: Record<string, string> }).account;
    expect(shown).toEqual({
      holderName: 'Pat Example',
      bankName: 'First Example Bank',
      kind: 'iban',
      last4: '3000',
      country: 'DE',
      setAt: expect.any(String),
      usableFrom: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain('0532013000');
    // 72 hours: the stage's cooling-off when it sets none.
    expect(Date.parse(shown.usableFrom ?? '') - Date.parse(shown.setAt ?? '')).toBe(72 * 3_600_000);
    expect(Date.parse(shown.setAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect(
      (await t.client.call('getPayoutAccount', { token: client.accessToken, params: { uid: client.sub } })).body,
    ).toEqual({ account: shown });
    // An administrator reads it masked too.
    expect(
      (await t.client.call('getPayoutAccount', { token: admin.accessToken, params: { uid: client.sub } })).body,
    ).toEqual({ account: shown });
    expect(await payoutItem(client)).toMatchObject({ iban: 'DE89370400440532013000', usableFrom: shown.usableFrom });

    const refused = await ask(client, 100);
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: payoutMessages.coolingOff(formatUtcDateTime(shown.usableFrom ?? '')) },
    ]);
    await mailsArrived(t.client, client.email, 'Your payout account was changed');
    expect((await logged('payout-account-set', client)).map((e) => [e.actor, e.note])).toEqual([
      [client.email, 'IBAN ending 3000'],
    ]);
  });

  it('is not changed by a token whose sign-in is older than 5 minutes, without the password or with a wrong one', async () => {
    const client = await t.client.newClient('victim');
    const before = await payoutItem(client);
    const stale = tokenSignedInAgo(t.stack.dataDir, client.accessToken, 5 * 60_000 + 5_000);
    const tries = [
      await setAccount(stale, client.sub, account(US)),
      await setAccount(client.accessToken, client.sub, { ...account(US), password: undefined }),
      await setAccount(client.accessToken, client.sub, account(US, { password: 'not-the-password' })),
    ];
    expect(tries.map((r) => [r.status, r.body])).toEqual([
      [403, { error: payoutMessages.freshSignInRequired }],
      [400, { error: payoutMessages.passwordRequired }],
      [400, { error: errors.account.wrongCurrentPassword }],
    ]);
    expect(await payoutItem(client)).toEqual(before);
    expect(await logged('payout-account-set', client)).toEqual([]);
  });

  it("is not another's to set: not another client's, not an administrator's for a client", async () => {
    const [owner, other] = [await t.client.newClient('owner'), await t.client.newClient('other')];
    const before = await payoutItem(owner);
    const byOther = await setAccount(other.accessToken, owner.sub, account(US));
    const byAdmin = await setAccount(admin.accessToken, owner.sub, account(US));
    expect([byOther.status, byAdmin.status]).toEqual([403, 403]);
    expect([byOther.body, byAdmin.body]).toEqual([{ error: refusals.notYours }, { error: refusals.notYours }]);
    expect(await payoutItem(owner)).toEqual(before);
    // Nor read by another client.
    expect(
      (await t.client.callAny('getPayoutAccount', { token: other.accessToken, params: { uid: owner.sub } })).status,
    ).toBe(403);
  });

  it('asks for a current code while two-factor sign-in is on, and refuses a wrong one', async () => {
    const client = await t.client.newClient('two-factor');
    const secret = await t.client.setUpTotp(client);
    const signedIn = await t.client.signInWithTotp(client.email, secret);
    const before = await payoutItem(client);
    const noCode = await setAccount(signedIn.accessToken, client.sub, account(US));
    const wrong = (Number(await freshTotpCode(secret)) + 1) % 1_000_000;
    const wrongCode = await setAccount(
      signedIn.accessToken,
      client.sub,
      account(US, { code: String(wrong).padStart(6, '0') }),
    );
    expect([noCode.status, noCode.body]).toEqual([400, { error: payoutMessages.codeRequired }]);
    expect(wrongCode.status).toBe(400);
    expect(await payoutItem(client)).toEqual(before);
    const done = await setAccount(signedIn.accessToken, client.sub, account(US, { code: await freshTotpCode(secret) }));
    expect(done.status).toBe(200);
    expect((done.body as { account: { last4: string; routingNumber: string } }).account).toMatchObject({
      last4: '6789',
      routingNumber: '011000015',
    });
  });

  it('a change restarts the cooling-off, and a request already made keeps paying to the account it named', async () => {
    const client = await fundedClient('changes');
    const asked = await ask(client, 100);
    expect(asked.status).toBe(201);
    const named = (asked.body as { request: WithdrawalRequestDto }).request.destination;
    expect(named).toMatchObject({ kind: 'iban', last4: '5432', country: 'GB' });

    expect((await setAccount(client.accessToken, client.sub, account(US))).status).toBe(200);
    const again = await ask(client, 100);
    expect(again.status).toBe(409);
    expect((again.body as { error: string }).error).toMatch(/^Your payout account was changed recently/);
    const mine = await t.client.call('listMyWithdrawalRequests', {
      token: client.accessToken,
      params: { uid: client.sub },
    });
    expect(mine.body.map((r) => r.destination)).toEqual([named]);
  });
});

describe('a payout after its approval', () => {
  const approve = (id: string) =>
    t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
  const markSent = (token: string, id: string, body: Record<string, unknown>) =>
    t.client.callAny('markRequestSent', { token, params: { id }, body });
  const unsent = async () =>
    (await t.client.call('listPendingWithdrawalRequests', { token: admin.accessToken, query: { status: 'approved' } }))
      .body;
  const today = () => new Date().toISOString().slice(0, 10);

  async function approvedRequest(
    prefix: string,
    amount = 150,
  ): Promise<{ client: Session; request: WithdrawalRequestDto }> {
    const client = await fundedClient(prefix);
    const asked = await ask(client, amount);
    expect(asked.status).toBe(201);
    const id = (asked.body as { request: WithdrawalRequestDto }).request.id;
    expect((await approve(id)).status).toBe(200);
    return { client, request: (await unsent()).find((r) => r.id === id) as WithdrawalRequestDto };
  }

  it('waits among the payouts to send, oldest approval first, with where it goes; the bank file has the whole account and is logged', async () => {
    const first = await approvedRequest('first');
    const second = await approvedRequest('second');
    const ids = (await unsent()).map((r) => r.id);
    expect(ids.indexOf(first.request.id)).toBeLessThan(ids.indexOf(second.request.id));
    expect(first.request).toMatchObject({ status: 'approved', destination: { last4: '5432' } });
    expect(first.request.sentAt).toBeUndefined();

    const file = await t.client.call('exportUnsentPayouts', { token: admin.accessToken });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="aurum-payouts-to-send-${today()}.csv"`);
    const rows: string[][] = parse(file.body);
    expect(rows[0]).toEqual([
      'Request',
      'Approved',
      'Client e-mail',
      'Account holder',
      'Bank',
      'IBAN',
      'Account number',
      'Routing number',
      'Amount',
      'Currency',
    ]);
    expect(rows.find((r) => r[0] === first.request.id)).toEqual([
      first.request.id,
      first.request.decidedAt,
      first.client.email,
      'Test Holder',
      'Test Bank',
      'GB82WEST12345698765432',
      '',
      '',
      '150.00',
      'USD',
    ]);
    const exported = await t.client.call('listActivity', {
      token: admin.accessToken,
      query: { kind: 'payouts-exported', actor: admin.email },
    });
    expect(exported.body.entries[0]).toMatchObject({
      actor: admin.email,
      note: expect.stringMatching(/^\d+ payouts to send$/),
    });
    // A client has no part in it.
    expect((await t.client.callAny('exportUnsentPayouts', { token: first.client.accessToken })).status).toBe(403);
  });

  it('is marked sent once, with its reference: the client sees it and is e-mailed, it leaves the list, and it is logged', async () => {
    const { client, request } = await approvedRequest('paid');
    const res = await markSent(admin.accessToken, request.id, { reference: 'WIRE-2026-0042', sentAt: today() });
    expect(res.status).toBe(200);
    expect((res.body as { request: WithdrawalRequestDto }).request).toMatchObject({
      sentReference: 'WIRE-2026-0042',
      sentBy: admin.email,
    });
    expect((await unsent()).map((r) => r.id)).not.toContain(request.id);

    const mine = (
      await t.client.call('listMyWithdrawalRequests', { token: client.accessToken, params: { uid: client.sub } })
    ).body[0];
    expect(mine).toMatchObject({
      status: 'approved',
      sentAt: `${today()}T00:00:00.000Z`,
      sentReference: 'WIRE-2026-0042',
    });
    expect(mine?.sentBy).toBeUndefined();
    const [mail] = await mailsArrived(t.client, client.email, 'Your withdrawal was sent');
    expect(mail?.to).toBe(client.email);
    expect((await logged('request-sent', client)).map((e) => [e.actor, e.requestId, e.amount])).toEqual([
      [admin.email, request.id, 150],
    ]);

    // Replayed, or with another reference: the first mark stands.
    const again = await markSent(admin.accessToken, request.id, { reference: 'WIRE-OTHER', sentAt: today() });
    expect([again.status, again.body]).toEqual([
      409,
      { error: payoutRefusals.alreadySent(`${today()}T00:00:00.000Z`, 'WIRE-2026-0042') },
    ]);
    expect(await logged('request-sent', client)).toHaveLength(1);
  });

  it('of two marks at once, keeps exactly one', async () => {
    const { request } = await approvedRequest('raced');
    const [a, b] = await Promise.all([
      markSent(admin.accessToken, request.id, { reference: 'RACE-A', sentAt: today() }),
      markSent(admin.accessToken, request.id, { reference: 'RACE-B', sentAt: today() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const kept = a.status === 200 ? 'RACE-A' : 'RACE-B';
    const named = requestIds.parse(request.id);
    expect(named && (await t.table.item(keys.request(named.sub, named.requestKey)))?.sentReference).toBe(kept);
  });

  it('refuses a mark of a request not approved, dated before the approval or in the future, without a reference, or by a client', async () => {
    const { client, request } = await approvedRequest('refused');
    const pending = await ask(client, 100);
    const pendingId = (pending.body as { request: WithdrawalRequestDto }).request.id;
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const tries = [
      await markSent(admin.accessToken, pendingId, { reference: 'W-1', sentAt: today() }),
      await markSent(admin.accessToken, request.id, { reference: 'W-1', sentAt: tomorrow }),
      await markSent(admin.accessToken, request.id, { reference: 'W-1', sentAt: yesterday }),
      await markSent(admin.accessToken, request.id, { reference: ' ', sentAt: today() }),
      await markSent(client.accessToken, request.id, { reference: 'W-1', sentAt: today() }),
    ];
    expect(tries.map((r) => [r.status, r.body])).toEqual([
      [409, { error: payoutRefusals.notApproved }],
      [400, { error: payoutRefusals.inFuture }],
      [400, { error: payoutRefusals.beforeApproval(request.decidedAt ?? '') }],
      [400, { error: sentMessages.referenceRequired }],
      [403, { error: expect.any(String) }],
    ]);
    const named = requestIds.parse(request.id);
    expect(named && (await t.table.item(keys.request(named.sub, named.requestKey)))).toMatchObject({
      status: 'approved',
    });
    expect(named && (await t.table.item(keys.request(named.sub, named.requestKey)))?.sentAt).toBeUndefined();
    expect(await logged('request-sent', client)).toEqual([]);
  });

  it('is never marked by the administrator whose own payout it is', async () => {
    const insider = await t.client.newAdmin();
    expect(
      (await t.client.fund(admin, insider, 10_000, { timestamp: new Date(Date.now() - 200 * DAY_MS).toISOString() }))
        .status,
    ).toBe(200);
    const asked = await ask(insider, 100);
    const id = (asked.body as { request: WithdrawalRequestDto }).request.id;
    // Money out to an administrator's own account waits for a second administrator.
    const proposed = await approve(id);
    expect(proposed.status).toBe(202);
    const actionId = (proposed.body as { action: { id: string } }).action.id;
    const checker = await t.client.newAdmin();
    expect(
      (await t.client.call('approvePendingAction', { token: checker.accessToken, params: { id: actionId } })).status,
    ).toBe(200);
    const res = await markSent(insider.accessToken, id, { reference: 'SELF-1', sentAt: today() });
    expect([res.status, res.body]).toEqual([403, { error: refusals.ownAccountMove }]);
    expect((await unsent()).map((r) => r.id)).toContain(id);
  });
});
