/**
 * The activity log on the real local stack: every administrative act is recorded exactly once,
 * by whom, on whom and with what it did to the money, and the log reads back filtered and paged.
 * The walk below covers every admin route that writes the table (checked against the route
 * table, so a new one without a record fails here), and the admin command.
 */
import { DEMO_ADMIN } from '../../infra/local/seed';
import type { ActivityKindName } from '../../shared/activity-kinds';
import { routes, writesTable } from '../../shared/api';
import type { ActivityEntryDto } from '../../shared/answers';
import { DAY_MS } from '../../shared/growth';
import type { Session } from './support/client';
import { lastMonth, useDocumentWriter, writeStatement } from './support/documents';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
useDocumentWriter(t);
let admin: Session;
let checker: Session;

beforeAll(async () => {
  admin = await t.client.signIn(DEMO_ADMIN);
  checker = await t.client.newAdmin();
});

async function activity(
  query: Parameters<typeof t.client.call<'listActivity'>>[1]['query'] = {},
  token = admin.accessToken,
): Promise<ActivityEntryDto[]> {
  const res = await t.client.call('listActivity', { token, query: { limit: '200', ...query } });
  expect(res.status).toBe(200);
  return res.body.entries;
}

/** The log's entries about `client` of one kind: the act must be there exactly once. */
async function loggedOnce(kind: ActivityKindName, client: Session): Promise<ActivityEntryDto> {
  const entries = (await activity({ client: client.sub })).filter((e) => e.kind === kind);
  expect(entries).toHaveLength(1);
  return entries[0] as ActivityEntryDto;
}

it('records every administrative act exactly once, in the same transaction as the act', async () => {
  const walked = new Set<string>();
  const call: typeof t.client.call = async (name, input) => {
    walked.add(name);
    return t.client.call(name, input);
  };
  const client = await t.client.newClient('logged');
  const old = new Date(Date.now() - 200 * DAY_MS).toISOString();
  // A day passes, as far as the client's rolling sum of moves knows: each act below is measured alone.
  const aDayPasses = () => t.table.forgetProfileAttribute(client.sub, 'recentMoves');

  await call('addDeposit', {
    token: admin.accessToken,
    params: { id: client.sub },
    body: { amount: 9_000, note: 'first wire', timestamp: new Date(Date.now() - 20 * DAY_MS).toISOString() },
  });
  expect(await loggedOnce('deposit', client)).toMatchObject({
    actor: DEMO_ADMIN,
    clientEmail: client.email,
    amount: 9_000,
    balanceAfter: expect.any(Number),
    note: 'first wire',
  });

  await call('processWithdrawal', {
    token: admin.accessToken,
    params: { id: client.sub },
    body: { amount: 100, note: 'fee' },
  });
  expect(await loggedOnce('withdrawal', client)).toMatchObject({ amount: 100 });

  await aDayPasses();
  const before = (await t.table.profile(client.sub))?.balanceCents as number;
  await call('updateBalance', { token: admin.accessToken, params: { id: client.sub }, body: { balance: 12_000 } });
  expect(await loggedOnce('balance-edit', client)).toMatchObject({
    balanceBefore: before / 100,
    balanceAfter: 12_000,
    amount: 12_000,
  });

  // Dated 200 days back, it waits for a second administrator and, approved, gives the profit the requests below draw on.
  const proposal = await call('addDeposit', {
    token: admin.accessToken,
    params: { id: client.sub },
    body: { amount: 20_000, note: 'big wire', timestamp: old },
  });
  const actionId = (proposal.body as { action: { id: string } }).action.id;
  expect(await loggedOnce('action-proposed', client)).toMatchObject({
    actionId,
    actionKind: 'deposit',
    amount: 20_000,
    actor: DEMO_ADMIN,
  });
  await call('approvePendingAction', { token: checker.accessToken, params: { id: actionId } });
  expect(await loggedOnce('action-approved', client)).toMatchObject({
    actionId,
    actor: checker.email,
    proposedBy: DEMO_ADMIN,
    amount: 20_000,
  });
  const refused = await call('addDeposit', {
    token: admin.accessToken,
    params: { id: client.sub },
    body: { amount: 30_000, note: 'typo' },
  });
  const refusedId = (refused.body as { action: { id: string } }).action.id;
  await call('rejectPendingAction', {
    token: checker.accessToken,
    params: { id: refusedId },
    body: { reason: 'Wrong amount' },
  });
  expect(await loggedOnce('action-rejected', client)).toMatchObject({
    actionId: refusedId,
    reason: 'Wrong amount',
    proposedBy: DEMO_ADMIN,
  });

  await aDayPasses();
  const ask = () =>
    t.client.call('requestWithdrawal', {
      token: client.accessToken,
      body: { userId: client.sub, userEmail: client.email, amount: 150 },
    });
  const first = (await ask()).body.request.id;
  await call('approveWithdrawalRequest', { token: admin.accessToken, params: { id: first } });
  expect(await loggedOnce('request-approved', client)).toMatchObject({ requestId: first, amount: 150 });
  const exported = (await activity({ kind: 'payouts-exported' })).length;
  await call('exportUnsentPayouts', { token: admin.accessToken });
  expect(await activity({ kind: 'payouts-exported' })).toHaveLength(exported + 1);
  await call('markRequestSent', {
    token: admin.accessToken,
    params: { id: first },
    body: { reference: 'WIRE-77', sentAt: new Date().toISOString() },
  });
  expect(await loggedOnce('request-sent', client)).toMatchObject({ requestId: first, amount: 150, actor: DEMO_ADMIN });
  const second = (await ask()).body.request.id;
  await call('rejectWithdrawalRequest', {
    token: admin.accessToken,
    params: { id: second },
    body: { reason: 'Call us first' },
  });
  expect(await loggedOnce('request-rejected', client)).toMatchObject({ requestId: second, reason: 'Call us first' });

  const exportsBefore = (await activity({ kind: 'export-started' })).length;
  await call('startBalancesExport', { token: admin.accessToken });
  const exports = await activity({ kind: 'export-started' });
  expect(exports).toHaveLength(exportsBefore + 1);
  expect(exports[0]).toMatchObject({ actor: DEMO_ADMIN });

  // The account is closed once its money has left through a recorded withdrawal (above the threshold: approved).
  const balance = (await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: client.sub } }))
    .body.portfolio.balance;
  const payout = await call('processWithdrawal', {
    token: admin.accessToken,
    params: { id: client.sub },
    body: { amount: balance, note: 'closing' },
  });
  await call('approvePendingAction', {
    token: checker.accessToken,
    params: { id: (payout.body as { action: { id: string } }).action.id },
  });
  expect((await call('deleteClient', { token: admin.accessToken, params: { id: client.sub } })).status).toBe(200);
  expect(await loggedOnce('client-closed', client)).toMatchObject({
    actor: DEMO_ADMIN,
    clientEmail: client.email,
    balanceBefore: 0,
  });
  // A closed account's statement corrected: logged once, naming the period.
  const { label } = lastMonth();
  await writeStatement(client.sub, label);
  const regenerated = await call('regenerateStatement', {
    token: admin.accessToken,
    params: { id: client.sub },
    body: { period: label },
  });
  expect(regenerated.status).toBe(201);
  expect(await loggedOnce('statement-regenerated', client)).toMatchObject({
    actor: DEMO_ADMIN,
    clientEmail: client.email,
    period: label,
  });

  const staffer = await t.client.newClient('staffer');
  await t.client.changeAdmin('add', staffer.email);
  expect(await loggedOnce('admin-added', staffer)).toMatchObject({ clientEmail: staffer.email });
  await t.client.changeAdmin('remove', staffer.email);
  expect(await loggedOnce('admin-removed', staffer)).toMatchObject({ clientEmail: staffer.email });

  // An invitation sent and revoked: each logged once, naming the address (no client exists yet).
  const invitee = `invitee-${Date.now()}@invited.example`;
  const sent = await call('createInvitation', {
    token: admin.accessToken,
    body: { email: invitee, firstName: 'Ivy', lastName: 'Invited' },
  });
  await call('revokeInvitation', { token: admin.accessToken, params: { id: sent.body.invitation.id } });
  for (const kind of ['invitation-sent', 'invitation-revoked'] as const)
    expect((await activity({ kind })).filter((e) => e.clientEmail === invitee)).toMatchObject([{ actor: DEMO_ADMIN }]);

  // An application approved and another rejected: each logged once, with its client.
  const approved = await t.client.newApplicant('approved');
  await call('approveApplication', { token: admin.accessToken, params: { id: approved.sub } });
  expect(await loggedOnce('application-approved', approved)).toMatchObject({ actor: DEMO_ADMIN });
  const rejected = await t.client.newApplicant('rejected');
  await call('rejectApplication', {
    token: admin.accessToken,
    params: { id: rejected.sub },
    body: { reason: 'Documents missing' },
  });
  expect(await loggedOnce('application-rejected', rejected)).toMatchObject({ actor: DEMO_ADMIN });

  // Every admin route that writes the table was walked (and found in the log above).
  const adminWrites = routes.filter((r) => r.auth === 'admin' && writesTable(r.table)).map((r) => r.name);
  expect([...walked].sort()).toEqual([...adminWrites].sort());
});

describe('reading the log', () => {
  it('filters by administrator, kind and period, newest first', async () => {
    // Without the client's own acceptance of the agreement: only the administrators' acts are listed.
    const client = await t.client.newClient('filtered', { agreement: false });
    for (const amount of [10, 20])
      await t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: client.sub },
        body: { amount, note: '' },
      });
    await t.client.call('addDeposit', {
      token: checker.accessToken,
      params: { id: client.sub },
      body: { amount: 30, note: '' },
    });
    const mine = await activity({ client: client.sub, actor: DEMO_ADMIN.toUpperCase() });
    expect(mine.map((e) => e.amount)).toEqual([20, 10]);
    const theirs = await activity({ client: client.sub, actor: checker.email, kind: 'deposit' });
    expect(theirs.map((e) => e.amount)).toEqual([30]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await activity({ client: client.sub, from: today, to: today })).toHaveLength(3);
    expect(await activity({ client: client.sub, to: '2026-01-01' })).toHaveLength(0);
  });

  it('pages with a cursor and refuses a cursor it did not make', async () => {
    const client = await t.client.newClient('paged', { agreement: false });
    for (const amount of [1, 2, 3, 4, 5])
      await t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: client.sub },
        body: { amount, note: '' },
      });
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.client.call('listActivity', {
        token: admin.accessToken,
        query: { client: client.sub, limit: '2', ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.entries.map((e) => e.amount as number));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    const forged = await t.client.call('listActivity', {
      token: admin.accessToken,
      query: { cursor: Buffer.from('["CLIENT#x",""]').toString('base64url') },
    });
    expect(forged.status).toBe(400);
    expect(
      (await t.client.call('listActivity', { token: admin.accessToken, query: { kind: 'nope' as never } })).status,
    ).toBe(400);
  });

  it('is for administrators only', async () => {
    const client = await t.client.newClient('nosy');
    expect((await t.client.call('listActivity', { token: client.accessToken })).status).toBe(403);
  });
});
