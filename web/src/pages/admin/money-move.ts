/**
 * What the console says about a money move before and after it is sent: the balance it should
 * leave (an estimate from the balance shown; the server re-checks at commit), and the answer of a
 * move above the four-eyes threshold, which moves nothing until another administrator approves it.
 */
import type { ActionProposedAnswer, PendingActionDto, PendingActionKind } from '../../api/admin-types';
import type { Cents } from '../../../../shared/money';
import { usd } from '../../format';

/** The moves an administrator makes from a client's row. */
export type MoveKind = Exclude<PendingActionKind, 'approveRequest'>;

/** A move checked and ready to send. */
export interface CheckedMove {
  cents: Cents;
  note: string;
  /** A deposit's date, as the API takes it. */
  timestamp?: string;
}

/** Each kind of pending action: its label on the console and the noun a sentence uses. */
export const actionWords: Record<PendingActionKind, { label: string; noun: string }> = {
  deposit: { label: 'Deposit', noun: 'deposit' },
  withdrawal: { label: 'Withdrawal', noun: 'withdrawal' },
  balance: { label: 'Balance edit', noun: 'balance edit' },
  approveRequest: { label: 'Withdrawal request', noun: 'withdrawal request' },
};

/**
 * The balance a move should leave: `amount` is the deposit or withdrawal, or for a balance edit
 * the balance asked for.
 */
export function balanceAfter(kind: MoveKind, beforeCents: Cents, amountCents: Cents): Cents {
  if (kind === 'deposit') return beforeCents + amountCents;
  if (kind === 'withdrawal') return beforeCents - amountCents;
  return amountCents;
}

/** True when the server kept the move for a second administrator (HTTP 202) rather than applying it. */
export function isProposed<T extends object>(answer: T | ActionProposedAnswer): answer is ActionProposedAnswer {
  return 'pending' in answer && answer.pending === true;
}

/** "$1,200.00", or for a balance edit "to $1,200.00": what the action moves. */
export function actionAmount(action: Pick<PendingActionDto, 'kind' | 'amount'>): string {
  return action.kind === 'balance' ? `to ${usd(action.amount)}` : `of ${usd(action.amount)}`;
}

/** What the console says of a move the server kept for a second administrator. */
export function sentForApproval(action: Pick<PendingActionDto, 'kind' | 'amount'>): string {
  return `Sent for approval: another administrator must approve this ${actionWords[action.kind].noun} ${actionAmount(action)}.`;
}
