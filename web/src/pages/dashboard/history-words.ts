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
