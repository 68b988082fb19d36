/** What a pending action does, as its card and its dialogs list it. */
import { centsToDollars, dollarsToCents } from '../../../../shared/money';
import type { PendingActionDto } from '../../api/admin-types';
import { formatDate, formatDateTime, signedUsd, usd } from '../../format';
import { actionAmount, actionWords } from './money-move';
import { ago } from './words';

/** "Deposit of $25,000.00", "Balance edit to $50,000.00". */
export const actionTitle = (action: PendingActionDto): string =>
  `${actionWords[action.kind].label} ${actionAmount(action)}`;

/** The balance the action should leave, from the balance when it was proposed (the server re-checks at approval). */
export const actionBalanceAfter = (action: PendingActionDto): number =>
  centsToDollars(dollarsToCents(action.balanceAtProposal) + dollarsToCents(action.change));

/** Which rule held the move, as the approver reads it. */
export const HELD_BECAUSE: Record<NonNullable<PendingActionDto['heldBecause']>, string> = {
  threshold: "The client's moves in 24 hours pass the approval threshold",
  adminDailyLimit: "The proposer's moves in 24 hours pass their daily limit",
  backdated: 'A deposit dated more than 31 days back',
  adminAccount: "An administrator's own client account",
};

/** The two sums the rule measured when the move was proposed, this move included (absent on older actions). */
function sumFacts(action: PendingActionDto): [string, string][] {
  return [
    ...(action.heldBecause ? [['Held because', HELD_BECAUSE[action.heldBecause]] as [string, string]] : []),
    ...(action.clientDaySum === undefined
      ? []
      : [["Client's 24 hours with this move", usd(action.clientDaySum)] as [string, string]]),
    ...(action.proposerDaySum === undefined
      ? []
      : [["Proposer's 24 hours with this move", usd(action.proposerDaySum)] as [string, string]]),
  ];
}

export function actionFacts(action: PendingActionDto, now: number = Date.now()): [string, string][] {
  return [
    ['Change', signedUsd(action.change)],
    ...sumFacts(action),
    ['Balance when proposed', usd(action.balanceAtProposal)],
    ['Balance after', `${usd(actionBalanceAfter(action))} (estimate)`],
    ...(action.depositDate ? [['Deposit date', formatDate(action.depositDate)] as [string, string]] : []),
    ['Proposed by', action.proposedBy],
    ['Proposed', `${formatDateTime(action.proposedAt)} (${ago(action.proposedAt, now)})`],
    ...(action.note ? [['Note', action.note] as [string, string]] : []),
  ];
}
