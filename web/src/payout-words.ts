/**
 * How a payout account and a withdrawal's destination read on the dashboard and in the console,
 * from shared/payout-account.ts's words (the IBAN check, with ibantools, is apart in shared/iban.ts:
 * only the account page's form carries it).
 */
import type { MaskedPayoutAccountDto } from '../../shared/api';
import { describePayoutAccount } from '../../shared/payout-account';

export { describePayoutAccount, payoutMessages } from '../../shared/payout-account';

/** The account page's payout card: its section's id, and the path that lands on it (from the dashboard, back after a new sign-in). */
export const PAYOUT_ACCOUNT_SECTION = 'payout-account';
export const PAYOUT_ACCOUNT_PATH = `/account#${PAYOUT_ACCOUNT_SECTION}`;

/** Where the money goes, as one line: "IBAN GB•• ending 5432 · Example Bank plc". */
export const payoutDestination = (account: MaskedPayoutAccountDto): string =>
  `${describePayoutAccount(account)} · ${account.bankName}`;

/** The cooling-off a change starts, in whole hours, as this account's own dates say (72 unless a stage says otherwise). */
export const coolingOffHours = (account: Pick<MaskedPayoutAccountDto, 'setAt' | 'usableFrom'>): number =>
  Math.round((Date.parse(account.usableFrom) - Date.parse(account.setAt)) / 3_600_000);
