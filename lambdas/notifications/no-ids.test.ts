/**
 * No e-mail the notifier sends shows an id: not a client's sub, a withdrawal request's
 * `<sub>.<key>` id, a newId()-style key (entries, actions, notices, runs), a weekly run's id, nor
 * any ISO time such ids are built from. A reader is told the client, the amount and the date, and
 * links to the console's pages. Every kind is rendered, from the items the portal writes.
 */
import { newId } from '../lib/data/ids';
import { renderAdminRequests, type RenderedEmail, renderNotification } from './render';
import { notificationsFor } from './events';
import type { Notification, NotificationKind, NotificationOf } from './notification';
import { newSecurityNoticeItem, SECURITY_EVENTS } from '../lib/data/security-notice';
import {
  ACTION_ID,
  agreementAcceptedItem,
  APPROVER,
  applicationItem,
  approved,
  decidedApplication,
  balanceEditItem,
  cancelled,
  decidedActionItem,
  entryItem,
  insert,
  invitationItem,
  modify,
  revokedInvitation,
  NOW,
  pendingActionItem,
  pendingRequest,
  PROPOSER,
  rejected,
  sent,
  REQUEST_ID,
  REQUEST_KEY,
  SUB,
  weeklyRunItem,
  statementDocumentItem,
  ADMIN_EMAIL,
} from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';
const ENTRY_ID = newId(NOW);
const NOTICE_ID = newId(NOW + 1);
const RUN = weeklyRunItem();

/** Patterns of the ids the portal makes, each with ids it must catch (so the check is not vacuous). */
const ID_PATTERNS: { name: string; pattern: RegExp; catches: string[] }[] = [
  {
    name: 'a UUID-like sub',
    pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
    catches: [SUB, PROPOSER.sub, APPROVER.sub],
  },
  { name: 'a <sub>.<key> request id', pattern: /[0-9a-z-]{8,}\.[0-9a-z]{12,}/i, catches: [REQUEST_ID] },
  {
    name: 'a newId()-style id (letters and digits, 16 or more)',
    pattern: /(?<![0-9a-z])(?=[0-9a-z]*\d)(?=[0-9a-z]*[a-z])[0-9a-z]{16,}(?![0-9a-z])/i,
    catches: [ENTRY_ID, NOTICE_ID, ACTION_ID, REQUEST_KEY, 'mi9x2k3h5a1b2c3d4e5f6a7b8'],
  },
  {
    name: 'a run id (or any ISO time)',
    pattern: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/,
    catches: [RUN.runId, new Date(NOW).toISOString()],
  },
  {
    name: "a document's id",
    pattern: /\d{8}T\d{6}Z-|statement-\d{4}/i,
    catches: ['20261101T000000Z-statement-2026-10', 'statement-2026-q4'],
  },
];

/** The ids of the items below, looked for as they are. */
const IDS = [
  SUB,
  REQUEST_ID,
  REQUEST_KEY,
  ENTRY_ID,
  NOTICE_ID,
  ACTION_ID,
  RUN.runId,
  PROPOSER.sub,
  APPROVER.sub,
  invitationItem().id,
];

function idsIn(mail: RenderedEmail): string[] {
  const found: string[] = [];
  for (const [part, text] of Object.entries(mail)) {
    for (const { name, pattern } of ID_PATTERNS) {
      const match = pattern.exec(text);
      if (match) found.push(`${part}: ${name} "${match[0]}"`);
    }
    for (const id of IDS) if (text.includes(id)) found.push(`${part}: the id ${id}`);
  }
  return found;
}

const request = pendingRequest(123_456);
const invitation = invitationItem();
const action = pendingActionItem();
const ACTION_KINDS = ['deposit', 'withdrawal', 'balance', 'approveRequest'] as const;
const actions = ACTION_KINDS.map((kind) =>
  pendingActionItem({ kind, requestId: kind === 'approveRequest' ? REQUEST_ID : undefined }),
);

/** Every kind, from the stream records that make it (typed by kind: a kind added without a case here does not compile). */
const recordsOf: Record<NotificationKind, () => Notification[]> = {
  'deposit-recorded': () =>
    notificationsFor(
      insert(
        entryItem({
          type: 'deposit',
          amountCents: 123_456,
          note: 'Wire',
          balanceAfterCents: 223_456,
          entryId: ENTRY_ID,
        }),
      ),
    ),
  'withdrawal-processed': () =>
    notificationsFor(
      insert(entryItem({ type: 'withdrawal', amountCents: 5_000, balanceAfterCents: 1_000, entryId: ENTRY_ID })),
    ),
  'balance-edited': () =>
    notificationsFor(
      insert(balanceEditItem({ balanceCents: 100_000, netCents: 100_000, lastUpdate: NOW - 1 }, 250_075)),
    ),
  'withdrawal-request-received': () => notificationsFor(insert(request)),
  'withdrawal-request-approved': () => notificationsFor(modify(request, approved(request))),
  'withdrawal-request-rejected': () => notificationsFor(modify(request, rejected(request, 'Not yet eligible'))),
  'withdrawal-request-cancelled': () => notificationsFor(modify(request, cancelled(request))),
  'withdrawal-request-sent': () => notificationsFor(modify(approved(request), sent(approved(request)))),
  'admin-new-withdrawal-request': () =>
    notificationsFor(insert(request)).flatMap((n) =>
      n.kind === 'admin-new-withdrawal-request' ? [n, { ...n, data: { ...n.data, clientName: 'Jane Doe' } }] : [],
    ),
  'admin-weekly-growth-summary': () =>
    [RUN, weeklyRunItem({ failed: 0 })].flatMap((item) => notificationsFor(insert(item))),
  'security-notice': () =>
    SECURITY_EVENTS.flatMap((event) => notificationsFor(insert(newSecurityNoticeItem(SUB, event, NOW, NOTICE_ID)))),
  'admin-action-proposed': () => actions.flatMap((item) => notificationsFor(insert(item))),
  'admin-action-decided': () => decisions(),
  'admin-action-decision-confirmed': () => decisions(),
  'agreement-accepted': () => notificationsFor(insert(agreementAcceptedItem())),
  'invitation-sent': () => [
    ...notificationsFor(insert(invitation)),
    ...notificationsFor(modify(invitation, invitationItem(invitation, NOW + 3_600_000))),
  ],
  'invitation-revoked': () => notificationsFor(modify(invitation, revokedInvitation(invitation))),
  'admin-new-application': () => notificationsFor(insert(applicationItem())),
  'application-approved': () =>
    notificationsFor(modify(applicationItem(), decidedApplication(applicationItem(), 'approved'))),
  'application-rejected': () =>
    notificationsFor(modify(applicationItem(), decidedApplication(applicationItem(), 'rejected', 'Documents missing'))),
  'statement-ready': () =>
    [
      statementDocumentItem('2026-10'),
      statementDocumentItem('2026-Q4'),
      statementDocumentItem('2026'),
      statementDocumentItem('2026-10', { of: '20261101T000000Z-statement-2026-10', by: ADMIN_EMAIL }),
    ].flatMap((item) => notificationsFor(insert(item))),
};

function decisions(): Notification[] {
  return [...actions, action].flatMap((item) => [
    ...notificationsFor(modify(item, decidedActionItem(item, 'approved'))),
    ...notificationsFor(modify(item, decidedActionItem(item, 'rejected', 'Call the client first'))),
  ]);
}

describe('the id patterns', () => {
  it.each(ID_PATTERNS)('$name catches the ids it is for', ({ pattern, catches }) => {
    for (const id of catches) expect(`Ref ${id}.`).toMatch(pattern);
  });

  it('and none of them catches what an e-mail does show: names, addresses, amounts, dates, the site', () => {
    const shown =
      'Jane Doe (jane.doe@example.com) bo.admin@aurum.example $1,315,270.12 +$0.00 24 November 2026, 14:05 UTC https://portal.aurum.example/admin/approvals';
    for (const { pattern } of ID_PATTERNS) expect(shown).not.toMatch(pattern);
  });
});

describe.each(Object.keys(recordsOf) as NotificationKind[])('%s', (kind) => {
  it('shows no id in its subject, text or HTML', () => {
    const mine = recordsOf[kind]().filter((n) => n.kind === kind);
    expect(mine.length).toBeGreaterThan(0);
    for (const n of mine) {
      const mail = renderNotification(n, { siteUrl: SITE, recipientFirstName: 'Jane' });
      expect({ id: n.id, found: idsIn(mail) }).toEqual({ id: n.id, found: [] });
    }
  });
});

it('the merged e-mail of several new requests shows no id', () => {
  const [n] = recordsOf['admin-new-withdrawal-request']() as NotificationOf<'admin-new-withdrawal-request'>[];
  if (!n) throw new Error('no request');
  const other = pendingRequest(100);
  const second = {
    ...n,
    id: `${n.id}2`,
    data: { ...n.data, requestId: `${REQUEST_ID}2`, amountCents: other.amountCents, clientName: 'Jane Doe' },
  };
  const mail = renderAdminRequests([n, second], { siteUrl: SITE });
  expect(mail.subject).toBe('2 new withdrawal requests for $1,235.56');
  expect(idsIn(mail)).toEqual([]);
});
