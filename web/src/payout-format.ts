/**
 * How a payout account reads on every screen that names one: the account page, the withdrawal
 * dialog and the console. The words themselves are shared/payout-account.ts's, so a screen says
 * what the e-mails say. Only describePayoutAccount is taken from there: its checks (ibantools) stay
 * with the account page's form, the one screen that runs them.
 */
import type { MaskedPayoutAccountDto } from '../../shared/api';
import { describePayoutAccount } from '../../shared/payout-account';

/** Where the money goes, as one line: "IBAN GB•• ending 5432 · Example Bank plc". */
export const payoutDestination = (account: MaskedPayoutAccountDto): string =>
  `${describePayoutAccount(account)} · ${account.bankName}`;

/** Whether the account was changed too recently for a withdrawal to be paid to it (its cooling-off runs). */
export const inCoolingOff = (account: Pick<MaskedPayoutAccountDto, 'usableFrom'>, now = Date.now()): boolean =>
  now < Date.parse(account.usableFrom);

/** The cooling-off a change starts, in whole hours, as this account's own dates say (72 unless a stage says otherwise). */
export const coolingOffHours = (account: Pick<MaskedPayoutAccountDto, 'setAt' | 'usableFrom'>): number =>
  Math.round((Date.parse(account.usableFrom) - Date.parse(account.setAt)) / 3_600_000);
