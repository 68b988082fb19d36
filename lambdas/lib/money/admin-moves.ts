/**
 * The four money moves an administrator makes (a deposit, a withdrawal, a balance edit, the
 * approval of a client's withdrawal request), each defined once: what it records, what it
 * re-checks, what the activity log says of it. The route that asks for a move and the approval
 * of a pending action both run it through here, so a move applied after a second approval is
 * checked exactly as one applied at once.
 */
import type { ActionProposedAnswer } from '../../../shared/answers';
import { needsSecondApproval } from '../../../shared/four-eyes';
import { adjustmentTo } from '../../../shared/growth';
import { apiMessages } from '../../../shared/messages';
import type { Cents } from '../../../shared/money';
import type { ActivityAct } from '../data/activity-log';
import { config } from '../runtime/config';
import type { TransactItem } from '../runtime/db';
import { Conflict } from '../http/errors';
import type { Answer } from '../http/http';
import type { EntryItem } from '../data/ledger';
import { type EntrySpec, type Recorded, recordEntry, type RecordEntryInput } from './money-moves';
import { type PendingActionItem, withActionDecided } from '../data/pending-actions';
import { type Idempotency } from '../data/profile-transaction';
import { balanceStateOf, type Profile } from '../data/profiles';
import type { Move } from './move';
import { proposalPlan } from './proposals';
import { afterDecision, decisionUpdate, type RequestItem, requestStillCovered } from '../data/withdrawal-requests';

export type { Move } from './move';

export interface Admin {
  sub: string;
  email: string;
}

export interface MoveRun<A> {
  /** Who asked for the move (the proposer, when it was approved later). */
  actor: Admin;
  now: number;
  idempotency?: Idempotency;
  /** The move applies a pending action another administrator approved: no threshold, both named. */
  approval?: { action: PendingActionItem; approver: Admin; extraWrites: RecordEntryInput<A, EntrySpec | null>['extraWrites'] };
  answer: (recorded: Recorded<EntryItem | null>) => A;
}

const subOf = (move: Move) => (move.kind === 'approveRequest' ? move.request.sub : move.sub);

/** What the move records given the profile as it is (a balance edit may record nothing). */
function entryFor(move: Move, now: number): (profile: Profile) => EntrySpec | null {
  switch (move.kind) {
    case 'deposit':
      return () => ({ type: 'deposit', amountCents: move.amountCents, at: Math.min(move.at, now) });
    case 'withdrawal':
      return () => ({ type: 'withdrawal', amountCents: move.amountCents, at: now });
    case 'approveRequest':
      return () => ({ type: 'withdrawal', amountCents: move.request.amountCents, at: now });
    case 'balance':
      return (profile) => {
        const adjustment = adjustmentTo(balanceStateOf(profile), move.targetCents, now);
        return adjustment && { type: 'adjustment', ...adjustment };
      };
  }
}

/** How much the move changes the balance by, signed: what the four-eyes threshold is measured on. */
function changeOf(move: Move, profile: Profile): Cents {
  switch (move.kind) {
    case 'deposit':
      return move.amountCents;
    case 'withdrawal':
      return -move.amountCents;
    case 'approveRequest':
      return -move.request.amountCents;
    case 'balance':
      return move.targetCents - profile.balanceCents;
  }
}

const NOTES: Record<Move['kind'], (move: Move) => string> = {
  deposit: (move) => (move.kind === 'deposit' ? move.note : ''),
  withdrawal: (move) => (move.kind === 'withdrawal' ? move.note : ''),
  balance: () => 'Balance edited',
  approveRequest: () => 'Profit withdrawal request approved',
};

const ACTIVITY_KINDS = { deposit: 'deposit', withdrawal: 'withdrawal', balance: 'balance-edit', approveRequest: 'request-approved' } as const;

/** Refuses a move the client's money cannot bear now (at the request and again at approval). */
function checkFor(move: Move): ((profile: Profile, spec: EntrySpec) => void) | undefined {
  if (move.kind === 'deposit' || move.kind === 'balance') return undefined;
  return (profile, spec) => {
    if (spec.amountCents > profile.balanceCents) throw new Conflict(apiMessages.insufficientBalance);
  };
}

function activityOf(move: Move, run: MoveRun<unknown>) {
  return (profile: Profile, balanceAfterCents: Cents): ActivityAct => ({
    kind: run.approval ? 'action-approved' : ACTIVITY_KINDS[move.kind],
    actor: run.approval ? run.approval.approver.email : run.actor.email,
    at: run.now,
    clientId: profile.sub,
    clientEmail: profile.email,
    amountCents: move.kind === 'balance' ? move.targetCents : move.kind === 'approveRequest' ? move.request.amountCents : move.amountCents,
    balanceBeforeCents: profile.balanceCents,
    balanceAfterCents,
    ...(run.approval ? { actionKind: move.kind, actionId: run.approval.action.actionId, proposedBy: run.actor.email } : {}),
    ...(move.kind === 'approveRequest' ? { requestId: move.request.requestId } : {}),
    ...(move.kind === 'deposit' || move.kind === 'withdrawal' ? { note: move.note } : {}),
  });
}

/**
 * Applies the move, or (above the four-eyes threshold, unless it is itself an approval)
 * proposes it as a pending action answered with 202. Every check runs in the transaction's plan,
 * on the profile as it is at commit.
 */
export async function runMove<A>(move: Move, run: MoveRun<A>): Promise<A | Answer<ActionProposedAnswer>> {
  const request = move.kind === 'approveRequest' ? move.request : undefined;
  const approval = run.approval;
  if (request && !approval && request.awaitingActionId) throw new Conflict(apiMessages.requestAwaitingApproval);
  // Reserved eligible profit can shrink after the request (a balance edit): checked again before anything is written.
  if (request) await requestStillCovered(request, run.now);
  const requestDecision = (): TransactItem[] =>
    request
      ? [{ Update: decisionUpdate(request, { status: 'approved', by: approval?.approver.email ?? run.actor.email, now: run.now }, approval ? { actionId: approval.action.actionId } : 'none') }]
      : [];
  return recordEntry<A | Answer<ActionProposedAnswer>, EntrySpec | null>({
    sub: subOf(move),
    now: run.now,
    note: NOTES[move.kind](move),
    adminEmail: run.actor.email,
    approvedBy: run.approval?.approver.email,
    requestId: request?.requestId,
    entryFor: entryFor(move, run.now),
    check: checkFor(move),
    extraWrites: (profile, entry) => [...requestDecision(), ...(approval?.extraWrites?.(profile, entry) ?? [])],
    // A request decided is one fewer waiting; an approved action one fewer pending.
    extraProfileSet: (profile) => ({ ...(request ? afterDecision(profile) : {}), ...(approval ? withActionDecided(profile, approval.action) : {}) }),
    onExtraConditionFailed: (index) => {
      throw new Conflict(request && index === 0 ? apiMessages.requestAlreadyDecided : apiMessages.actionAlreadyDecided);
    },
    activity: activityOf(move, run as MoveRun<unknown>),
    propose: approval
      ? undefined
      : (profile) => {
          const change = changeOf(move, profile);
          if (!needsSecondApproval(change, config.fourEyesThresholdCents)) return null;
          return proposalPlan({ move, profile, changeCents: change, proposer: run.actor, now: run.now });
        },
    answer: run.answer,
    idempotency: run.idempotency,
  });
}
