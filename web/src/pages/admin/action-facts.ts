/** What a pending action does, as its card and its dialogs list it. */
import { centsToDollars, dollarsToCents } from '../../../../shared/money';
import type { PendingActionDto } from '../../api/admin-types';
import { formatDate, formatDateTime, signedUsd, usd } from '../../format';
import { actionAmount, actionWords } from './money-move';
import { ago } from './words';

/** "Deposit of $25,000.00", "Balance edit to $50,000.00". */
export const actionTitle = (action: PendingActionDto): string => `${actionWords[action.kind].label} ${actionAmount(action)}`;

/** The balance the action should leave, from the balance when it was proposed (the server re-checks at approval). */
export const actionBalanceAfter = (action: PendingActionDto): number => centsToDollars(dollarsToCents(action.balanceAtProposal) + dollarsToCents(action.change));

export function actionFacts(action: PendingActionDto, now: number = Date.now()): [string, string][] {
  return [
    ['Change', signedUsd(action.change)],
    ['Balance when proposed', usd(action.balanceAtProposal)],
    ['Balance after', `${usd(actionBalanceAfter(action))} (estimate)`],
    ...(action.depositDate ? [['Deposit date', formatDate(action.depositDate)] as [string, string]] : []),
    ['Proposed by', action.proposedBy],
    ['Proposed', `${formatDateTime(action.proposedAt)} (${ago(action.proposedAt, now)})`],
    ...(action.note ? [['Note', action.note] as [string, string]] : []),
  ];
}
