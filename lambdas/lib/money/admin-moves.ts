/**
 * The four money moves an administrator makes (a deposit, a withdrawal, a balance edit, the
 * approval of a client's withdrawal request), each defined once: what it records, what it
 * re-checks, what the activity log says of it. The route that asks for a move and the approval
 * of a pending action both run it through here, so a move applied after a second approval is
 * checked exactly as one applied at once.
 */
import { secondApprovalReason, windowSum, withinWindow } from '../../../shared/four-eyes';
import { adjustmentTo } from '../../../shared/growth';
import { apiMessages } from '../../../shared/messages';
import type { Cents } from '../../../shared/money';
import type { ActivityAct } from '../data/activity-log';
import { config } from '../runtime/config';
import type { TransactItem } from '../runtime/db';
import { checkDepositDate } from '../../../shared/validation';
import { adminDaySum, adminDayWrite, getAdminDay } from '../data/admin-day';
import { isAdministratorsAccount, refuseOwnAccount } from './account-owners';
import type { EntryItem } from '../data/ledger';
import { type EntrySpec, type Gate, type Recorded, recordEntry, type RecordEntryInput } from './money-moves';
import { type PendingActionItem, withActionDecided } from '../data/pending-actions';
import { type Idempotency } from '../data/profile-transaction';
import { balanceStateOf, type Profile } from '../data/profile-item';
import { requireProfile } from '../data/profile-reads';
import type { Move } from './move';
import { type ProposalAnswer, proposalPlan } from './proposals';
import { afterDecision, decisionUpdate, requestStillCovered } from '../data/withdrawal-requests';
import { refusals } from '../../../shared/refusals';
import { Refused } from '../data/domain-errors';

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
  approval?: {
    action: PendingActionItem;
    approver: Admin;
    extraWrites: RecordEntryInput<A, EntrySpec | null>['extraWrites'];
  };
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

const NOTES: Record<Move['kind'], (move: Move) => string> = {
  deposit: (move) => (move.kind === 'deposit' ? move.note : ''),
  withdrawal: (move) => (move.kind === 'withdrawal' ? move.note : ''),
  balance: () => 'Balance edited',
  approveRequest: () => 'Profit withdrawal request approved',
};

const ACTIVITY_KINDS = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  balance: 'balance-edit',
  approveRequest: 'request-approved',
} as const;

/**
 * Refuses a move the client's money cannot bear now (at the request and again at approval), and
 * a balance edit approved after the balance it was proposed against moved: its change would no
 * longer be the one approved.
 */
function checkFor(
  move: Move,
  approval: MoveRun<unknown>['approval'],
): ((profile: Profile, spec: EntrySpec) => void) | undefined {
  if (move.kind === 'deposit') return undefined;
  if (move.kind === 'balance') {
    if (!approval) return undefined;
    return (profile) => {
      if (profile.balanceCents !== approval.action.balanceAtProposalCents)
        throw new Refused('conflict', refusals.balanceChangedSinceProposal);
    };
  }
  return (profile, spec) => {
    if (spec.amountCents > profile.balanceCents) throw new Refused('conflict', refusals.insufficientBalance);
  };
}

/**
 * The four-eyes rule on the move's effect now: the client's rolling day of moves with it, the
 * administrator's day of moves applied alone with it, its date and whose account it is decide
 * whether it waits for a second administrator. An approval applies it: it counts in the client's
 * day (the balance moved) but in no one's day of moves applied alone.
 */
function gateFor<A>(move: Move, run: MoveRun<A>, adminAccount: boolean) {
  return async (profile: Profile, changeCents: Cents): Promise<Gate<A | ProposalAnswer>> => {
    const moved = { at: run.now, cents: Math.abs(changeCents) };
    const recentMoves = [...withinWindow(profile.recentMoves, run.now), moved];
    if (run.approval) return { profileSet: { recentMoves }, writes: [] };
    const day = await getAdminDay(run.actor.sub);
    const sizes = {
      clientWindowCents: windowSum(recentMoves, run.now),
      adminDayCents: adminDaySum(day, run.now, moved.cents),
      backdatedMs: move.kind === 'deposit' ? run.now - move.at : 0,
      adminAccount,
    };
    const reason = secondApprovalReason(sizes, {
      thresholdCents: config.fourEyesThresholdCents,
      adminDailyLimitCents: config.adminDailyLimitCents,
    });
    if (reason)
      return {
        proposal: proposalPlan({ move, profile, changeCents, proposer: run.actor, now: run.now, sizes, reason }),
      };
    return { profileSet: { recentMoves }, writes: [adminDayWrite(day, moved)] };
  };
}

/**
 * The rules on who may act, before anything is read in the transaction: nobody moves money on
 * their own account, proposes it or approves it (the proposer is checked again at approval, as
 * if proposing now), and a deposit's date is still in range. Answers whether the account is an
 * administrator's own (always proposed).
 */
async function checkActors(move: Move, run: MoveRun<unknown>): Promise<boolean> {
  const client = await requireProfile(subOf(move), true);
  refuseOwnAccount(run.actor, client, move.kind);
  if (run.approval)
    refuseOwnAccount(run.approval.approver, client, `approve ${move.kind}`, refusals.ownAccountApproval);
  if (move.kind === 'deposit') {
    const dateProblem = checkDepositDate(move.at, run.now);
    if (dateProblem)
      throw run.approval
        ? new Refused('conflict', refusals.approvalDateOutOfRange)
        : new Refused('badInput', dateProblem);
  }
  return run.approval ? false : isAdministratorsAccount(client);
}

function activityOf(move: Move, run: MoveRun<unknown>) {
  return (profile: Profile, balanceAfterCents: Cents): ActivityAct => ({
    kind: run.approval ? 'action-approved' : ACTIVITY_KINDS[move.kind],
    actor: run.approval ? run.approval.approver.email : run.actor.email,
    at: run.now,
    clientId: profile.sub,
    clientEmail: profile.email,
    amountCents:
      move.kind === 'balance'
        ? move.targetCents
        : move.kind === 'approveRequest'
          ? move.request.amountCents
          : move.amountCents,
    balanceBeforeCents: profile.balanceCents,
    balanceAfterCents,
    ...(run.approval
      ? { actionKind: move.kind, actionId: run.approval.action.actionId, proposedBy: run.actor.email }
      : {}),
    ...(move.kind === 'approveRequest' ? { requestId: move.request.requestId } : {}),
    ...(move.kind === 'deposit' || move.kind === 'withdrawal' ? { note: move.note } : {}),
  });
}

/**
 * Applies the move, or (when the four-eyes rule holds it, unless it is itself an approval)
 * proposes it as a pending action answered with 202. Every check runs in the transaction's plan,
 * on the profile as it is at commit.
 */
export async function runMove<A>(move: Move, run: MoveRun<A>): Promise<A | ProposalAnswer> {
  const request = move.kind === 'approveRequest' ? move.request : undefined;
  const approval = run.approval;
  // Who acts comes first: a request of one's own account is refused whatever state it is in.
  const adminAccount = await checkActors(move, run);
  if (request && !approval && request.awaitingActionId) throw new Refused('conflict', refusals.requestAwaitingApproval);
  // Reserved eligible profit can shrink after the request (a balance edit): checked again before anything is written.
  if (request) await requestStillCovered(request, run.now);
  const requestDecision = (): TransactItem[] =>
    request
      ? [
          {
            Update: decisionUpdate(
              request,
              { status: 'approved', by: approval?.approver.email ?? run.actor.email, now: run.now },
              approval ? { actionId: approval.action.actionId } : 'none',
            ),
          },
        ]
      : [];
  return recordEntry<A | ProposalAnswer, EntrySpec | null>({
    sub: subOf(move),
    now: run.now,
    note: NOTES[move.kind](move),
    adminEmail: run.actor.email,
    approvedBy: run.approval?.approver.email,
    requestId: request?.requestId,
    entryFor: entryFor(move, run.now),
    check: checkFor(move, approval),
    extraWrites: (profile, entry) => [...requestDecision(), ...(approval?.extraWrites?.(profile, entry) ?? [])],
    // A request decided is one fewer waiting; an approved action one fewer pending.
    extraProfileSet: (profile) => ({
      ...(request ? afterDecision(profile) : {}),
      ...(approval ? withActionDecided(profile, approval.action) : {}),
    }),
    onExtraConditionFailed: (index) => {
      throw new Refused(
        'conflict',
        request && index === 0 ? apiMessages.requestAlreadyDecided : apiMessages.actionAlreadyDecided,
      );
    },
    activity: activityOf(move, run),
    gate: gateFor(move, run, adminAccount),
    answer: run.answer,
    idempotency: run.idempotency,
  });
}
