/** How the balance history's points read, in the chart and in the history card alike. */
import type { HistoryPointDto } from '../../../../shared/api';
import { type Cents, centsToDollars } from '../../../../shared/money';
import { movementUsd } from '../../format';

export const HISTORY_KIND_LABELS: Record<HistoryPointDto['kind'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  adjustment: 'Adjustment',
  growth: 'Weekly growth',
};

/** A point's amount: "+$570.61" / "−$100.00". */
export const signedMovement = (cents: Cents): string => movementUsd(centsToDollars(cents));

/** The history card's filter: its choices' names, and what an empty choice says (never a failure). */
export const HISTORY_FILTER_LABELS = {
  all: 'All',
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  growth: 'Growth',
} as const;
export const HISTORY_FILTER_EMPTY = {
  deposit: 'No deposits yet',
  withdrawal: 'No withdrawals yet',
  growth: 'No weekly growth yet',
} as const;
export const HISTORY_FILTER_EMPTY_HINT = 'Choose All to see every transaction.';
