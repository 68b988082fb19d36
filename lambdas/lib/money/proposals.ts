/**
 * Proposing a move above the four-eyes threshold: the pending action and its activity entry are
 * written in one transaction on the client's profile (so a deleted client cannot be proposed a
 * move, and an Idempotency-Key covers the proposal as it covers a move), answered with 202.
 */
import type { ActionProposedAnswer } from '../../../shared/answers';
import type { ApprovalReason, MoveSizes } from '../../../shared/four-eyes';
import type { Cents } from '../../../shared/money';
import { activityPut } from '../data/activity-log';
import type { Move } from './move';
import { table, type TransactItem } from '../runtime/db';
import { newId } from '../data/ids';
import {
  newActionItem,
  newActionWrite,
  type PendingActionItem,
  toActionDto,
  withActionProposed,
} from '../data/pending-actions';
import type { Plan } from '../data/profile-transaction';
import { displayName, type Profile } from '../data/profile-item';
import type { RequestItem } from '../data/withdrawal-requests';
import { RequestAlreadyDecided } from '../data/domain-errors';

export interface ProposalInput {
  move: Move;
  profile: Profile;
  changeCents: Cents;
  proposer: { sub: string; email: string };
  now: number;
  /** The sums the rule measured, this move included: shown to the approver. */
  sizes: Pick<MoveSizes, 'clientWindowCents' | 'adminDayCents'>;
  reason: ApprovalReason;
}

function actionFields(
  move: Move,
): Pick<PendingActionItem, 'kind' | 'amountCents' | 'note' | 'depositAt' | 'requestId'> {
  switch (move.kind) {
    case 'deposit':
      return { kind: 'deposit', amountCents: move.amountCents, note: move.note, depositAt: move.at };
    case 'withdrawal':
      return { kind: 'withdrawal', amountCents: move.amountCents, note: move.note };
    case 'balance':
      return { kind: 'balance', amountCents: move.targetCents };
    case 'approveRequest':
      return { kind: 'approveRequest', amountCents: move.request.amountCents, requestId: move.request.requestId };
  }
}

/** What the contract answers to a move that waits for another administrator (shared/answers.ts: HTTP 202). */
export interface ProposalAnswer {
  status: 202;
  body: ActionProposedAnswer;
}

export function proposalPlan(input: ProposalInput): Plan<ProposalAnswer> {
  const { profile, now, proposer } = input;
  const actionId = newId(now);
  const fields = actionFields(input.move);
  const item = newActionItem(
    {
      actionId,
      ...fields,
      clientId: profile.sub,
      clientEmail: profile.email,
      clientName: displayName(profile),
      changeCents: input.changeCents,
      balanceAtProposalCents: profile.balanceCents,
      proposedBy: proposer.email,
      proposedBySub: proposer.sub,
      clientWindowCents: input.sizes.clientWindowCents,
      proposerDayCents: input.sizes.adminDayCents,
      heldBecause: input.reason,
    },
    now,
  );
  const logged = activityPut({
    kind: 'action-proposed',
    actor: proposer.email,
    at: now,
    clientId: profile.sub,
    clientEmail: profile.email,
    amountCents: fields.amountCents,
    balanceBeforeCents: profile.balanceCents,
    actionKind: fields.kind,
    actionId,
    requestId: fields.requestId,
    note: fields.note,
  });
  // A request awaits one approval at a time: a second proposal for it fails this write's condition.
  const extras = input.move.kind === 'approveRequest' ? [requestAwaitingWrite(input.move.request, actionId)] : [];
  return {
    // The client's pending actions counted on its profile, so closing the account refuses them in its own transaction.
    profileSet: withActionProposed(profile),
    writes: [newActionWrite(item), logged, ...extras],
    onWriteConditionFailed: (index) => {
      const request = input.move.kind === 'approveRequest' ? input.move.request : undefined;
      if (index >= 2 && request) throw new RequestAlreadyDecided(request.requestId);
      throw new Error('pending action or activity id collision');
    },
    answer: { status: 202, body: { success: true, pending: true, action: toActionDto(item) } },
  };
}

/** Marks a request as awaiting a second approval; fails if it was decided, or another approval already awaits. */
export function requestAwaitingWrite(request: RequestItem, actionId: string): TransactItem {
  return requestUpdate(request, {
    UpdateExpression: 'SET awaitingActionId = :action',
    ConditionExpression: '#status = :pending AND attribute_not_exists(awaitingActionId)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':action': actionId, ':pending': 'pending' },
  });
}

/** Frees a request whose awaited approval was refused, so it can be decided again. */
export function requestAwaitingClear(request: { PK: string; SK: string }, actionId: string): TransactItem {
  return requestUpdate(request, {
    UpdateExpression: 'REMOVE awaitingActionId',
    ConditionExpression: 'awaitingActionId = :action',
    ExpressionAttributeValues: { ':action': actionId },
  });
}

/** A conditional update of a request's item, in a transaction. */
function requestUpdate(
  request: { PK: string; SK: string },
  update: Omit<NonNullable<TransactItem['Update']>, 'TableName' | 'Key'>,
): TransactItem {
  return { Update: { TableName: table(), Key: { PK: request.PK, SK: request.SK }, ...update } };
}
