/**
 * Which notifications a stream record stands for, from the items the portal really writes.
 */
import { keys } from '../lib/data/table';
import { notificationsFor } from './events';
import type { Notification } from './notification';
import {
  ACTION_ID,
  ADMIN_EMAIL,
  agreementAcceptedItem,
  APPROVER,
  approved,
  asImage,
  balanceEditItem,
  cancelled,
  CLIENT_EMAIL,
  decidedActionItem,
  entryItem,
  idempotencyItem,
  insert,
  modify,
  NOW,
  OTHER_SUB,
  pendingActionItem,
  pendingRequest,
  profileItem,
  PROPOSER,
  rejected,
  remove,
  REQUEST_ID,
  SUB,
  tombstoneOf,
  weeklyRunItem,
} from './test-support/stream-records';

const AT = new Date(NOW).toISOString();
const DECIDED_AT = new Date(NOW + 3_600_000).toISOString();

describe('ledger entries (INSERT)', () => {
  it('a deposit: deposit-recorded for its client, optional, with amount, date, note and balance', () => {
    const entry = entryItem({
      type: 'deposit',
      amountCents: 123_456,
      note: 'Wire from Chase',
      balanceAfterCents: 223_456,
    });
    expect(notificationsFor(insert(entry))).toEqual([
      {
        id: `entry:${SUB}:${entry.entryId}`,
        kind: 'deposit-recorded',
        recipient: { kind: 'client', sub: SUB },
        optional: true,
        data: {
          entryId: entry.entryId,
          amountCents: 123_456,
          at: AT,
          note: 'Wire from Chase',
          balanceAfterCents: 223_456,
        },
      },
    ]);
  });

  it('a backdated deposit keeps the date it counts from', () => {
    const at = Date.parse('2026-10-01T09:30:00.000Z');
    const [n] = notificationsFor(
      insert(entryItem({ type: 'deposit', amountCents: 5_000, balanceAfterCents: 5_100, at })),
    );
    expect(n).toMatchObject({ kind: 'deposit-recorded', data: { at: '2026-10-01T09:30:00.000Z' } });
    expect(n?.data).not.toHaveProperty('note');
  });

  it('a withdrawal an admin processed: withdrawal-processed, optional', () => {
    const entry = entryItem({ type: 'withdrawal', amountCents: 50_000, note: 'To savings', balanceAfterCents: 50_000 });
    expect(notificationsFor(insert(entry))).toEqual([
      {
        id: `entry:${SUB}:${entry.entryId}`,
        kind: 'withdrawal-processed',
        recipient: { kind: 'client', sub: SUB },
        optional: true,
        data: { entryId: entry.entryId, amountCents: 50_000, at: AT, note: 'To savings', balanceAfterCents: 50_000 },
      },
    ]);
  });

  it("the withdrawal an approval writes (it names the request) yields nothing: the approval's own e-mail tells the client", () => {
    const entry = entryItem({
      type: 'withdrawal',
      amountCents: 50_000,
      note: 'Profit withdrawal request approved',
      balanceAfterCents: 50_000,
      requestId: `${SUB}.r1`,
    });
    expect(notificationsFor(insert(entry))).toEqual([]);
    // The same words typed as a manual withdrawal's note are just a note: that client is told.
    const manual = entryItem({
      type: 'withdrawal',
      amountCents: 50_000,
      note: 'Profit withdrawal request approved',
      balanceAfterCents: 50_000,
    });
    expect(notificationsFor(insert(manual)).map((n) => n.kind)).toEqual(['withdrawal-processed']);
  });

  it.each([
    ['raised', 100_000, 150_000],
    ['lowered', 100_000, 25_000],
    ['set to zero', 100_000, 0],
  ])('a balance edit (%s): balance-edited with the balance before and after', (_, before, target) => {
    const entry = balanceEditItem({ balanceCents: before, netCents: before, lastUpdate: NOW - 86_400_000 }, target);
    expect(entry.amountCents).toBe(target - before);
    expect(notificationsFor(insert(entry))).toEqual([
      {
        id: `entry:${SUB}:${entry.entryId}`,
        kind: 'balance-edited',
        recipient: { kind: 'client', sub: SUB },
        optional: true,
        data: { entryId: entry.entryId, oldBalanceCents: before, newBalanceCents: target, at: entry.at },
      },
    ]);
  });

  it('a balance edit from a negative net: the balance before is the floored one ($0.00)', () => {
    const entry = balanceEditItem({ balanceCents: 0, netCents: -5_000, lastUpdate: NOW - 86_400_000 }, 10_000);
    expect(entry.amountCents).toBe(15_000);
    expect(notificationsFor(insert(entry))[0]).toMatchObject({ data: { oldBalanceCents: 0, newBalanceCents: 10_000 } });
  });

  it('a balance edit that only clears a negative net leaves the balance shown unchanged: nothing', () => {
    const entry = balanceEditItem({ balanceCents: 0, netCents: -5_000, lastUpdate: NOW - 86_400_000 }, 0);
    expect(notificationsFor(insert(entry))).toEqual([]);
  });
});

describe('withdrawal requests', () => {
  it('a new pending request: received for the client (always) and new-request for the admins (always)', () => {
    expect(notificationsFor(insert(pendingRequest(123_456)))).toEqual([
      {
        id: `request:${REQUEST_ID}:received`,
        kind: 'withdrawal-request-received',
        recipient: { kind: 'client', sub: SUB, email: CLIENT_EMAIL },
        optional: false,
        data: { requestId: REQUEST_ID, amountCents: 123_456, requestedAt: AT },
      },
      {
        id: `request:${REQUEST_ID}:admins`,
        kind: 'admin-new-withdrawal-request',
        recipient: { kind: 'admins' },
        optional: false,
        data: {
          requestId: REQUEST_ID,
          amountCents: 123_456,
          requestedAt: AT,
          clientSub: SUB,
          clientEmail: CLIENT_EMAIL,
        },
      },
    ]);
  });

  it('approval (pending → approved): approved for the client, always', () => {
    const request = pendingRequest(80_000);
    expect(notificationsFor(modify(request, approved(request)))).toEqual([
      {
        id: `request:${REQUEST_ID}:approved`,
        kind: 'withdrawal-request-approved',
        recipient: { kind: 'client', sub: SUB, email: CLIENT_EMAIL },
        optional: false,
        data: { requestId: REQUEST_ID, amountCents: 80_000, requestedAt: AT, decidedAt: DECIDED_AT },
      },
    ]);
  });

  it('rejection (pending → rejected): rejected for the client with the reason, always', () => {
    const request = pendingRequest(80_000);
    expect(notificationsFor(modify(request, rejected(request, 'Profit not yet eligible')))).toEqual([
      {
        id: `request:${REQUEST_ID}:rejected`,
        kind: 'withdrawal-request-rejected',
        recipient: { kind: 'client', sub: SUB, email: CLIENT_EMAIL },
        optional: false,
        data: {
          requestId: REQUEST_ID,
          amountCents: 80_000,
          requestedAt: AT,
          decidedAt: DECIDED_AT,
          reason: 'Profit not yet eligible',
        },
      },
    ]);
  });

  it('cancellation by the client (pending → cancelled): cancelled for the client, always', () => {
    const request = pendingRequest(80_000);
    expect(notificationsFor(modify(request, cancelled(request)))).toEqual([
      {
        id: `request:${REQUEST_ID}:cancelled`,
        kind: 'withdrawal-request-cancelled',
        recipient: { kind: 'client', sub: SUB, email: CLIENT_EMAIL },
        optional: false,
        data: { requestId: REQUEST_ID, amountCents: 80_000, requestedAt: AT, decidedAt: DECIDED_AT },
      },
    ]);
  });

  it('a MODIFY that decides nothing yields nothing', () => {
    const request = pendingRequest();
    const done = approved(request);
    expect(notificationsFor(modify(request, request))).toEqual([]);
    expect(notificationsFor(modify(done, done))).toEqual([]);
    expect(notificationsFor(modify(done, rejected(request, 'x')))).toEqual([]);
    expect(notificationsFor(modify(cancelled(request), cancelled(request)))).toEqual([]);
    expect(notificationsFor(modify(done, cancelled(request)))).toEqual([]);
    expect(notificationsFor(modify(request, { ...request, amountCents: 1 }))).toEqual([]);
  });

  it('a request written already decided is not a new request', () => {
    expect(notificationsFor(insert(approved(pendingRequest())))).toEqual([]);
  });
});

describe('the weekly growth run', () => {
  it('its INSERT: the weekly summary for the admins, optional', () => {
    const item = weeklyRunItem();
    expect(notificationsFor(insert(item))).toEqual([
      {
        id: `jobrun:weekly-growth:${item.runId}`,
        kind: 'admin-weekly-growth-summary',
        recipient: { kind: 'admins' },
        optional: true,
        data: {
          runId: item.runId,
          scheduledFor: '2026-11-23T00:00:00.000Z',
          startedAt: '2026-11-23T00:00:02.000Z',
          finishedAt: '2026-11-23T00:01:35.000Z',
          due: 1_204,
          grown: 1_200,
          skipped: 3,
          failed: 1,
          totalValueCents: 98_765_432_100,
          totalGainCents: 131_527_012,
        },
      },
    ]);
  });

  it('a run item that is not whole yields nothing', () => {
    const { totalValueCents: _, ...partial } = weeklyRunItem();
    expect(notificationsFor(insert(partial))).toEqual([]);
    expect(notificationsFor(insert({ ...weeklyRunItem(), SK: 'RUN#another' }))).toEqual([]);
  });
});

describe('pending actions (four eyes)', () => {
  const proposedData = {
    actionKind: 'deposit',
    clientName: 'Jane Doe',
    clientEmail: CLIENT_EMAIL,
    amountCents: 2_500_000,
    changeCents: 2_500_000,
    balanceAtProposalCents: 100_000,
    note: 'Wire from Chase',
    depositAt: new Date(NOW - 86_400_000).toISOString(),
    proposedBy: PROPOSER.email,
    proposedAt: AT,
  };

  it('its INSERT: approval needed, for every admin but the proposer, always', () => {
    expect(notificationsFor(insert(pendingActionItem()))).toEqual([
      {
        id: `action:${ACTION_ID}:proposed`,
        kind: 'admin-action-proposed',
        recipient: { kind: 'admins', except: { sub: PROPOSER.sub, email: PROPOSER.email } },
        optional: false,
        data: proposedData,
      },
    ]);
  });

  it('a request approval carries no request id, a move without note or date neither', () => {
    const item = pendingActionItem({
      kind: 'approveRequest',
      requestId: `${SUB}.mi9x2k3h5req0000000000001`,
      note: undefined,
      depositAt: undefined,
      changeCents: -2_500_000,
    });
    const [n] = notificationsFor(insert(item));
    expect(n?.data).toEqual({
      ...proposedData,
      actionKind: 'approveRequest',
      changeCents: -2_500_000,
      note: undefined,
      depositAt: undefined,
    });
    expect(n?.data).not.toHaveProperty('note');
    expect(n?.data).not.toHaveProperty('depositAt');
    expect(JSON.stringify(n?.data)).not.toContain(SUB);
  });

  it('approved (pending → approved): the outcome to the proposer, a confirmation to the approver', () => {
    const item = pendingActionItem();
    const decided = { ...proposedData, status: 'approved', decidedBy: APPROVER.email, decidedAt: DECIDED_AT };
    expect(notificationsFor(modify(item, decidedActionItem(item, 'approved')))).toEqual([
      {
        id: `action:${ACTION_ID}:approved:proposer`,
        kind: 'admin-action-decided',
        recipient: { kind: 'admin', sub: PROPOSER.sub, email: PROPOSER.email },
        optional: false,
        data: decided,
      },
      {
        id: `action:${ACTION_ID}:approved:decider`,
        kind: 'admin-action-decision-confirmed',
        recipient: { kind: 'admin', sub: APPROVER.sub, email: APPROVER.email },
        optional: false,
        data: decided,
      },
    ]);
  });

  it('rejected (pending → rejected): both e-mails carry the reason', () => {
    const item = pendingActionItem();
    const found = notificationsFor(modify(item, decidedActionItem(item, 'rejected', 'Call the client first')));
    expect(found.map((n) => [n.id, n.kind])).toEqual([
      [`action:${ACTION_ID}:rejected:proposer`, 'admin-action-decided'],
      [`action:${ACTION_ID}:rejected:decider`, 'admin-action-decision-confirmed'],
    ]);
    for (const n of found)
      expect(n.data).toMatchObject({ status: 'rejected', reason: 'Call the client first', decidedBy: APPROVER.email });
  });

  it('a MODIFY that decides nothing, or an action written already decided, yields nothing', () => {
    const item = pendingActionItem();
    const done = decidedActionItem(item, 'approved');
    expect(notificationsFor(modify(item, item))).toEqual([]);
    expect(notificationsFor(modify(done, done))).toEqual([]);
    expect(notificationsFor(modify(done, decidedActionItem(item, 'rejected', 'x')))).toEqual([]);
    expect(notificationsFor(modify(item, { ...done, actionId: 'another', PK: 'ACTION#another' }))).toEqual([]);
    expect(notificationsFor(insert(done))).toEqual([]);
    expect(notificationsFor(remove(item))).toEqual([]);
  });

  it('an action that is not whole, or not keyed by its own id, yields nothing', () => {
    const item = pendingActionItem();
    const { proposedBySub: _, ...noSub } = item;
    expect(notificationsFor(insert(noSub))).toEqual([]);
    expect(notificationsFor(insert({ ...item, PK: 'ACTION#another' }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, kind: 'gift' }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, amountCents: '25000' }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, decidedBy: APPROVER.email }))).toEqual([]);
    const { decidedBySub: _d, ...noDecider } = decidedActionItem(item, 'approved');
    expect(notificationsFor(modify(item, noDecider))).toEqual([]);
  });

  it('a record delivered again yields the same ids', () => {
    const item = pendingActionItem();
    const change = modify(item, decidedActionItem(item, 'approved'));
    expect(notificationsFor(change)).toEqual(notificationsFor(change));
    expect(notificationsFor(insert(item))).toEqual(notificationsFor(insert(item)));
  });
});

describe('the client agreement', () => {
  it('its acceptance (INSERT): a confirmation for its client, always, with the version, the page and when', () => {
    expect(notificationsFor(insert(agreementAcceptedItem('2026-11')))).toEqual([
      {
        id: `agreement:${SUB}:2026-11`,
        kind: 'agreement-accepted',
        recipient: { kind: 'client', sub: SUB },
        optional: false,
        data: { version: '2026-11', url: 'https://aurum.example/client-agreement', acceptedAt: AT },
      },
    ]);
  });

  it("a MODIFY, another client's sub, another version's key or a script link yields nothing", () => {
    const item = agreementAcceptedItem('2026-11');
    expect(notificationsFor(modify(item, { ...item, userAgent: 'changed' }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, sub: OTHER_SUB }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, version: '2027-01' }))).toEqual([]);
    expect(notificationsFor(insert({ ...item, url: 'javascript:alert(1)' }))).toEqual([]);
  });
});

describe('what is not an event', () => {
  const request = pendingRequest();
  const deposit = entryItem({ type: 'deposit', amountCents: 1_000, balanceAfterCents: 1_000 });
  const profile = profileItem();

  it.each<[string, Parameters<typeof notificationsFor>[0]]>([
    ['a new profile', insert(profile)],
    ['a profile update (weekly growth, a deposit)', modify(profile, { ...profile, balanceCents: 101_346, version: 1 })],
    ['a rename', modify(profile, { ...profile, firstName: 'Janet' })],
    ['a tombstone', modify(profile, tombstoneOf(profile))],
    ['an idempotency record', insert(idempotencyItem())],
    ['an idempotency record expiring', remove(idempotencyItem())],
    ['a deleted entry', remove(deposit)],
    ['a deleted request', remove(request)],
    ['a deleted run item', remove(weeklyRunItem())],
    ['a MODIFY of an entry', modify(deposit, { ...deposit, note: 'changed' })],
    ['a record without images', { eventName: 'INSERT' }],
    ['a record without an event name', { newImage: asImage(deposit) }],
    ['an item of an unknown partition', insert({ PK: 'SOMETHING#else', SK: 'ENTRY#x', type: 'deposit' })],
  ])('%s yields nothing', (_, change) => {
    expect(notificationsFor(change)).toEqual([]);
  });

  it('a record delivered again yields the same ids, which the notifier has already sent', () => {
    const once = notificationsFor(insert(request));
    expect(notificationsFor(insert(request))).toEqual(once);
    expect(new Set(once.map((n) => n.id)).size).toBe(once.length);
  });
});

describe('privacy', () => {
  const clientNotifications = (): Notification[] => {
    const request = pendingRequest();
    return [
      insert(entryItem({ type: 'deposit', amountCents: 1_000, note: 'n', balanceAfterCents: 1_000 })),
      insert(entryItem({ type: 'withdrawal', amountCents: 1_000, note: 'n', balanceAfterCents: 0 })),
      insert(balanceEditItem({ balanceCents: 100, netCents: 100, lastUpdate: NOW - 1 }, 200)),
      insert(request),
      modify(request, approved(request)),
      modify(request, rejected(request, 'r')),
      modify(request, cancelled(request)),
    ]
      .flatMap(notificationsFor)
      .filter((n) => n.recipient.kind === 'client');
  };

  it('no notification for a client carries the deciding or recording admin', () => {
    const all = clientNotifications();
    expect(all.map((n) => n.kind).sort()).toEqual([
      'balance-edited',
      'deposit-recorded',
      'withdrawal-processed',
      'withdrawal-request-approved',
      'withdrawal-request-cancelled',
      'withdrawal-request-received',
      'withdrawal-request-rejected',
    ]);
    for (const n of all) expect(JSON.stringify(n)).not.toContain(ADMIN_EMAIL);
  });

  it('an entry whose sub is not its partition\u2019s client yields nothing', () => {
    const entry = entryItem({ type: 'deposit', amountCents: 1_000, balanceAfterCents: 1_000 });
    expect(notificationsFor(insert({ ...entry, sub: OTHER_SUB }))).toEqual([]);
    expect(notificationsFor(insert({ ...entry, PK: keys.clientPk(OTHER_SUB) }))).toEqual([]);
  });

  it('an entry whose key does not match its id or date yields nothing', () => {
    const entry = entryItem({ type: 'deposit', amountCents: 1_000, balanceAfterCents: 1_000 });
    expect(notificationsFor(insert({ ...entry, entryId: 'another' }))).toEqual([]);
    expect(notificationsFor(insert({ ...entry, at: '2026-01-01T00:00:00.000Z' }))).toEqual([]);
  });

  it('a request naming another client yields nothing, to either of them', () => {
    const request = pendingRequest();
    expect(notificationsFor(insert({ ...request, PK: keys.clientPk(OTHER_SUB), sub: OTHER_SUB }))).toEqual([]);
    expect(notificationsFor(insert({ ...request, sub: OTHER_SUB }))).toEqual([]);
    expect(
      notificationsFor(insert({ ...request, requestId: `${OTHER_SUB}.${request.requestId.split('.')[1]}` })),
    ).toEqual([]);
  });

  it('malformed figures yield nothing rather than a wrong e-mail', () => {
    const entry = entryItem({ type: 'deposit', amountCents: 1_000, balanceAfterCents: 1_000 });
    expect(notificationsFor(insert({ ...entry, amountCents: '1000' }))).toEqual([]);
    expect(notificationsFor(insert({ ...entry, amountCents: 10.5 }))).toEqual([]);
    expect(notificationsFor(insert({ ...entry, type: 'gift' }))).toEqual([]);
    expect(notificationsFor(insert({ ...entry, note: 42 }))).toEqual([]);
    expect(notificationsFor(insert({ ...pendingRequest(), amountCents: -5 }))).toEqual([]);
  });
});
