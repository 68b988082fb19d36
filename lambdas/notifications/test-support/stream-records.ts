/**
 * Stream records for the notification tests, made from the items the portal really writes (the
 * pure builders of lambdas/lib) and passed through marshall/unmarshall as the notifier will
 * receive them, so a number or an absent attribute reads exactly as it would from the stream.
 */
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { adjustmentTo, type BalanceState, type EntryType } from '../../../shared/growth';
import { newEntryItem } from '../../lib/data/ledger';
import {
  type ActionProposal,
  decidedAction,
  newActionItem,
  type PendingActionItem,
} from '../../lib/data/pending-actions';
import { newProfileItem } from '../../lib/data/profile-item';
import { newApplicationItem } from '../../lib/data/applications';
import { keys, requestIds } from '../../lib/data/table';
import { decided, newRequestItem, type RequestItem } from '../../lib/data/withdrawal-requests';
import type { ItemChange } from '../events';
import { newWeeklyGrowthRunItem, type WeeklyGrowthRun } from '../../lib/data/job-run-item';
import {
  correctionDocId,
  documentObjectKey,
  periodOf,
  STATEMENT_KIND,
  statementDocId,
} from '../../lib/documents/document-item';
import { statementTitle } from '../../lib/documents/statement-document';
import type { StoredImage } from '../stored-item-views';
import { agreementItem, type AgreementItem } from '../../lib/data/client-agreement';
import type { InvitationItem } from '../../lib/data/invitations';
import { issuedItem } from '../../lib/data/invitation-writes';

export const SUB = '3f9c2a1e-7b4d-4e8a-9c1f-0a2b3c4d5e6f';
export const OTHER_SUB = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
export const CLIENT_EMAIL = 'jane.doe@example.com';
export const ADMIN_EMAIL = 'treasurer@aurum-admins.example';
/** Tuesday 24 Nov 2026, 14:05:09 UTC. */
export const NOW = Date.parse('2026-11-24T14:05:09.000Z');

/** An item as a stream image: marshalled as DynamoDB stores it, then unmarshalled by the notifier. */
export const asImage = (item: object): StoredImage => unmarshall(marshall(item, { removeUndefinedValues: true }));

export const insert = (item: object): ItemChange => ({ eventName: 'INSERT', newImage: asImage(item) });
export const modify = (before: object, after: object): ItemChange => ({
  eventName: 'MODIFY',
  oldImage: asImage(before),
  newImage: asImage(after),
});
export const remove = (item: object): ItemChange => ({ eventName: 'REMOVE', oldImage: asImage(item) });

export function entryItem(input: {
  type: EntryType;
  amountCents: number;
  note?: string;
  balanceAfterCents: number;
  at?: number;
  entryId?: string;
  sub?: string;
  requestId?: string;
}) {
  return newEntryItem({
    sub: input.sub ?? SUB,
    entryId: input.entryId ?? 'mi9x2k3h5a1b2c3d4e5f6a7b8',
    type: input.type,
    amountCents: input.amountCents,
    at: input.at ?? NOW,
    note: input.note ?? '',
    adminEmail: ADMIN_EMAIL,
    now: NOW,
    balanceAfterCents: input.balanceAfterCents,
    requestId: input.requestId,
  });
}

/** The adjustment updateBalance.ts records for an admin setting `state`'s balance to `targetCents`. */
export function balanceEditItem(state: BalanceState, targetCents: number) {
  const adjustment = adjustmentTo(state, targetCents, NOW);
  if (!adjustment) throw new Error('no adjustment: the balance already is the target');
  const netAfter = state.netCents + adjustment.amountCents;
  return newEntryItem({
    sub: SUB,
    entryId: 'mi9x2k3h5adjust0000000001',
    type: 'adjustment',
    ...adjustment,
    note: 'Balance edited',
    adminEmail: ADMIN_EMAIL,
    now: NOW,
    balanceAfterCents: Math.max(0, netAfter),
  });
}

export const REQUEST_KEY = 'mi9x2k3h5req0000000000001';
export const REQUEST_ID = requestIds.make(SUB, REQUEST_KEY);

export const pendingRequest = (amountCents = 123_456, email = CLIENT_EMAIL): RequestItem =>
  newRequestItem(SUB, REQUEST_KEY, email, amountCents, NOW);

export const approved = (request: RequestItem, at = NOW + 3_600_000) =>
  decided(request, { status: 'approved', by: ADMIN_EMAIL, now: at });

/** An approved request marked sent a day after its approval, with the bank's reference. */
export const sent = (request: RequestItem, reference = 'WIRE-2026-0042'): RequestItem => {
  const { GSI3PK: _pk, GSI3SK: _sk, ...rest } = request;
  return {
    ...rest,
    sentAt: new Date(Date.parse(request.decidedAt ?? new Date(NOW).toISOString()) + 86_400_000).toISOString(),
    sentReference: reference,
    sentBy: ADMIN_EMAIL,
    markedSentAt: new Date(NOW + 2 * 86_400_000).toISOString(),
  };
};
export const rejected = (request: RequestItem, reason: string, at = NOW + 3_600_000) =>
  decided(request, { status: 'rejected', by: ADMIN_EMAIL, now: at, reason });
/** Withdrawn by its client, who is who `decidedBy` names. */
export const cancelled = (request: RequestItem, at = NOW + 3_600_000) =>
  decided(request, { status: 'cancelled', by: request.userEmail, now: at });

export const profileItem = (firstName = 'Jane', lastName = 'Doe') =>
  newProfileItem(
    { sub: SUB, email: CLIENT_EMAIL, firstName, lastName, cognitoUsername: SUB },
    { balanceCents: 100_000, netCents: 100_000, lastUpdate: NOW - 86_400_000 },
    NOW - 30 * 86_400_000,
  );

/** The PROFILE item after a tombstone's update (closed-accounts.ts). */
export function tombstoneOf(profile: ReturnType<typeof profileItem>) {
  const {
    GSI1PK: _pk,
    GSI1SK: _sk,
    email: _e,
    firstName: _f,
    lastName: _l,
    balanceCents: _b,
    netCents: _n,
    ...kept
  } = profile;
  return {
    ...kept,
    deleted: true,
    deletedAt: new Date(NOW).toISOString(),
    expiresAt: Math.floor(NOW / 1000) + 7 * 24 * 3600,
    version: profile.version + 1,
  };
}

/** An idempotency record as transactOnProfile writes it. */
export const idempotencyItem = () => ({
  ...keys.idempotency(SUB, 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'),
  requestHash: 'ab'.repeat(32),
  answer: { status: 200, body: { success: true, newBalance: 1234.56 } },
  expiresAt: Math.floor(NOW / 1000) + 24 * 3600,
});

/** Monday 23 Nov 2026 00:00 UTC: the run's T. */
export const MONDAY = Date.parse('2026-11-23T00:00:00.000Z');

export const weeklyRun = (overrides: Partial<WeeklyGrowthRun> = {}): WeeklyGrowthRun => ({
  scheduledFor: MONDAY,
  startedAt: MONDAY + 2_000,
  finishedAt: MONDAY + 95_000,
  due: 1_204,
  grown: 1_200,
  skipped: 3,
  failed: 1,
  totalValueCents: 987_654_321_00,
  totalGainCents: 1_315_270_12,
  ...overrides,
});

export const weeklyRunItem = (overrides: Partial<WeeklyGrowthRun> = {}) =>
  newWeeklyGrowthRunItem(weeklyRun(overrides), 'mi9x2k3h5run0000000000001');

/** The administrators of a four-eyes move: Ann proposes, Bo decides. */
export const PROPOSER = { email: 'ann.admin@aurum.example', sub: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e' };
export const APPROVER = { email: 'bo.admin@aurum.example', sub: '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d' };
export const ACTION_ID = 'mi9x2k3h5act0000000000001';

/** A move above the threshold as the money routes propose it (lib/pending-actions.ts newActionItem). */
export function pendingActionItem(overrides: Partial<ActionProposal> = {}): PendingActionItem {
  return newActionItem(
    {
      actionId: ACTION_ID,
      kind: 'deposit',
      clientId: SUB,
      clientEmail: CLIENT_EMAIL,
      clientName: 'Jane Doe',
      amountCents: 2_500_000,
      changeCents: 2_500_000,
      balanceAtProposalCents: 100_000,
      note: 'Wire from Chase',
      depositAt: NOW - 86_400_000,
      proposedBy: PROPOSER.email,
      proposedBySub: PROPOSER.sub,
      ...overrides,
    },
    NOW,
  );
}

/** The action after Bo's decision, as the approve and reject routes write it. */
export function decidedActionItem(
  item: PendingActionItem,
  status: 'approved' | 'rejected',
  reason?: string,
): PendingActionItem {
  return decidedAction(item, {
    status,
    by: APPROVER.email,
    bySub: APPROVER.sub,
    now: NOW + 3_600_000,
    ...(reason ? { reason } : {}),
  });
}

/** The client's acceptance of the client agreement, as acceptAgreement writes it. */
export function agreementAcceptedItem(version = '2026-11', sub = SUB): AgreementItem {
  return agreementItem(
    sub,
    { version, url: 'https://aurum.example/client-agreement' },
    { sourceIp: '203.0.113.7', userAgent: 'Mozilla/5.0' },
    NOW,
  );
}
/** An invitation as createInvitation writes it, sent at `at` (again when `previous` is given). */
export function invitationItem(previous: InvitationItem | null = null, at: number = NOW): InvitationItem {
  return issuedItem(
    { email: 'ivy.invited@example.com', firstName: 'Ivy', lastName: 'Invited' },
    { sub: OTHER_SUB, email: ADMIN_EMAIL },
    at,
    previous,
  );
}

/** The same invitation revoked by the administrator at `at`. */
export const revokedInvitation = (item: InvitationItem, at: number = NOW + 60_000): InvitationItem => ({
  ...item,
  status: 'revoked',
  revokedBy: ADMIN_EMAIL,
  revokedAt: new Date(at).toISOString(),
});
/** A new client's pending application (applications.ts), made at NOW. */
export const applicationItem = () =>
  newApplicationItem({ sub: SUB, email: CLIENT_EMAIL, firstName: 'Jane', lastName: 'Doe', cognitoUsername: SUB }, NOW);

/** The application decided by an administrator an hour later; a rejection with its reason. */
export function decidedApplication(
  item: ReturnType<typeof applicationItem>,
  status: 'approved' | 'rejected',
  reason?: string,
) {
  const { GSI3PK: _pk, GSI3SK: _sk, ...rest } = item;
  return {
    ...rest,
    status,
    decidedBy: ADMIN_EMAIL,
    decidedBySub: APPROVER.sub,
    decidedAt: new Date(NOW + 3_600_000).toISOString(),
    ...(reason === undefined ? {} : { reason }),
  };
}

/** A statement's DOC# item as the store writes it (document-store.ts): the draft, where it went, its size and hash. */
export function statementDocumentItem(label = '2026-10', correction?: { of: string; by: string }, sub = SUB) {
  const period = periodOf(label);
  if (!period) throw new Error(`not a period: ${label}`);
  const docId = correction ? correctionDocId(period, NOW) : statementDocId(period);
  return {
    ...keys.document(sub, docId),
    docId,
    kind: STATEMENT_KIND[period.kind],
    title: statementTitle(period),
    date: new Date(period.to).toISOString(),
    issuedAt: new Date(NOW).toISOString(),
    period: {
      kind: period.kind,
      label,
      from: new Date(period.from).toISOString(),
      to: new Date(period.to).toISOString(),
    },
    objectKey: documentObjectKey(sub, docId),
    bytes: 1234,
    sha256: 'ab'.repeat(32),
    ...(correction ? { correctionOf: correction.of, regeneratedBy: correction.by } : {}),
  };
}
