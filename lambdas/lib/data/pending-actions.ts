/**
 * Pending actions: money moves above the four-eyes threshold (shared/four-eyes.ts), kept until a
 * different administrator approves or rejects them. An action is one item; while pending it is
 * on GSI3 (the approvals queue, oldest first), and its decision is a conditional write, so of two
 * administrators deciding at once exactly one wins.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PendingActionDto, PendingActionKind } from '../../../shared/answers';
import type { ApprovalReason } from '../../../shared/four-eyes';
import { type Cents, centsToDollars } from '../../../shared/money';
import { ddb, table, type TransactItem } from '../runtime/db';
import { queryAll } from './query';
import type { Profile } from './profile-item';
import { actionKeys, keys } from './table';

export interface PendingActionItem {
  PK: string;
  SK: string;
  actionId: string;
  kind: PendingActionKind;
  status: 'pending' | 'approved' | 'rejected';
  clientId: string;
  clientEmail: string;
  clientName: string;
  /** The deposit, withdrawal or request amount; for a balance edit, the balance asked for. */
  amountCents: Cents;
  /** The signed change of the balance as it stood when proposed: its effect after the ledger's replay (a backdated deposit with its growth). */
  changeCents: Cents;
  /** What the client's balance moved in the day before the proposal, this move included (absent on older actions). */
  clientWindowCents?: Cents;
  /** What the proposer had applied alone in that day, this move included (absent on older actions). */
  proposerDayCents?: Cents;
  /** Which rule held the move for a second approval (absent on older actions: the threshold). */
  heldBecause?: ApprovalReason;
  balanceAtProposalCents: Cents;
  note?: string;
  /** A deposit's date (epoch ms), as the proposer gave it. */
  depositAt?: number;
  requestId?: string;
  proposedBy: string;
  proposedBySub: string;
  proposedAt: string;
  decidedBy?: string;
  decidedBySub?: string;
  decidedAt?: string;
  reason?: string;
  GSI3PK?: string;
  GSI3SK?: string;
  /**
   * Counted in its client's profile (`pendingActions`) by its proposal, so its decision counts it
   * out again. Absent: an uncounted action (from a table older than the count), nothing to count out.
   */
  countedOnProfile?: boolean;
}

export type ActionProposal = Omit<
  PendingActionItem,
  'PK' | 'SK' | 'status' | 'proposedAt' | 'GSI3PK' | 'GSI3SK' | `decided${string}` | 'reason' | 'countedOnProfile'
>;

export function newActionItem(proposal: ActionProposal, now: number): PendingActionItem {
  return {
    ...actionKeys.item(proposal.actionId),
    ...actionKeys.pendingIndex(now, proposal.actionId),
    ...proposal,
    ...(proposal.note ? {} : { note: undefined }),
    status: 'pending',
    proposedAt: new Date(now).toISOString(),
    countedOnProfile: true,
  };
}

/** The profile's count of pending actions with one more: set by the proposal, in its transaction. */
export const withActionProposed = (profile: Pick<Profile, 'pendingActions'>) => ({
  pendingActions: (profile.pendingActions ?? 0) + 1,
});

/** The profile's count with the decided action counted out, as an approval sets it (nothing for an uncounted action). */
export function withActionDecided(
  profile: Pick<Profile, 'pendingActions'>,
  action: Pick<PendingActionItem, 'countedOnProfile'>,
): Partial<Pick<Profile, 'pendingActions'>> {
  return action.countedOnProfile ? { pendingActions: Math.max(0, (profile.pendingActions ?? 0) - 1) } : {};
}

/**
 * A rejection's write on the profile, in the rejection's transaction: one pending action fewer,
 * and a new version, so that a move planned on the old count plans again. None for an uncounted action.
 */
export function actionCountedOutWrite(action: PendingActionItem): TransactItem[] {
  if (!action.countedOnProfile) return [];
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.profile(action.clientId),
        UpdateExpression: 'SET pendingActions = pendingActions - :one, version = version + :one',
        ConditionExpression: 'pendingActions >= :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
}

export function newActionWrite(item: PendingActionItem): TransactItem {
  const defined = Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));
  return { Put: { TableName: table(), Item: defined, ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getAction(actionId: string): Promise<PendingActionItem | null> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: actionKeys.item(actionId), ConsistentRead: true }),
  );
  return (Item as PendingActionItem | undefined) ?? null;
}

/** The approvals queue, oldest first. */
export function listPendingActionItems(): Promise<PendingActionItem[]> {
  return queryAll<PendingActionItem>({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': actionKeys.pendingPk },
  });
}

export interface ActionDecision {
  status: 'approved' | 'rejected';
  by: string;
  bySub: string;
  now: number;
  reason?: string;
}

/** The write that decides an action; it fails its condition if another administrator decided it first. */
export function actionDecisionWrite(item: PendingActionItem, decision: ActionDecision): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: actionKeys.item(item.actionId),
      UpdateExpression: `SET #status = :status, decidedAt = :at, decidedBy = :by, decidedBySub = :bySub${decision.reason ? ', reason = :reason' : ''} REMOVE GSI3PK, GSI3SK`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': decision.status,
        ':at': new Date(decision.now).toISOString(),
        ':by': decision.by,
        ':bySub': decision.bySub,
        ':pending': 'pending',
        ...(decision.reason ? { ':reason': decision.reason } : {}),
      },
    },
  };
}

export function decidedAction(item: PendingActionItem, decision: ActionDecision): PendingActionItem {
  const { GSI3PK: _pk, GSI3SK: _sk, ...rest } = item;
  return {
    ...rest,
    status: decision.status,
    decidedAt: new Date(decision.now).toISOString(),
    decidedBy: decision.by,
    decidedBySub: decision.bySub,
    ...(decision.reason ? { reason: decision.reason } : {}),
  };
}

export function toActionDto(item: PendingActionItem): PendingActionDto {
  const optional = {
    note: item.note || undefined,
    depositDate: item.depositAt === undefined ? undefined : new Date(item.depositAt).toISOString(),
    requestId: item.requestId,
    decidedBy: item.decidedBy,
    decidedAt: item.decidedAt,
    reason: item.reason,
    clientDaySum: item.clientWindowCents === undefined ? undefined : centsToDollars(item.clientWindowCents),
    proposerDaySum: item.proposerDayCents === undefined ? undefined : centsToDollars(item.proposerDayCents),
    heldBecause: item.heldBecause,
  };
  return {
    id: item.actionId,
    kind: item.kind,
    status: item.status,
    clientId: item.clientId,
    clientEmail: item.clientEmail,
    clientName: item.clientName,
    amount: centsToDollars(item.amountCents),
    change: centsToDollars(item.changeCents),
    balanceAtProposal: centsToDollars(item.balanceAtProposalCents),
    proposedBy: item.proposedBy,
    proposedAt: item.proposedAt,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}
