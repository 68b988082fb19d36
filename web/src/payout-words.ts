/**
 * How a payout account and a withdrawal's destination read on the dashboard and in the console:
 * shared/payout-account.ts's words and its describePayoutAccount, given here to the screens that
 * do not check account numbers (the console's words for marking a payout sent are in
 * pages/admin/sent-words.ts, with the page that uses them). That module imports ibantools for its IBAN check, and
 * esbuild puts a module's imports in every chunk that imports any name of it: through it, the
 * dashboard and the console would each carry ibantools (about 4 KB gzip) for a few sentences. Only
 * the account page's form, which runs the checks, imports it; payout-words.test.ts holds every
 * copy here to its original, so the screens say exactly what the server and the e-mails say.
 */
import type { MaskedPayoutAccountDto } from '../../shared/api';

/** shared/payout-account.ts payoutMessages: those the dashboard says. */
export const payoutMessages = {
  none: 'Add a payout account before requesting a withdrawal: it is where the money is sent',
  coolingOff: (usableFrom: string) =>
    `Your payout account was changed recently. For your security, withdrawals can be paid to it from ${usableFrom}.`,
} as const;

/** shared/payout-account.ts describePayoutAccount: "IBAN GB•• ending 5432", "US account ending 6789 (routing 011000015)". */
export function describePayoutAccount(
  account: Pick<MaskedPayoutAccountDto, 'kind' | 'last4' | 'country' | 'routingNumber'>,
): string {
  return account.kind === 'iban'
    ? `IBAN ${account.country ?? ''}•• ending ${account.last4}`
    : `US account ending ${account.last4} (routing ${account.routingNumber ?? ''})`;
}

/** Where the money goes, as one line: "IBAN GB•• ending 5432 · Example Bank plc". */
export const payoutDestination = (account: MaskedPayoutAccountDto): string =>
  `${describePayoutAccount(account)} · ${account.bankName}`;

/** The cooling-off a change starts, in whole hours, as this account's own dates say (72 unless a stage says otherwise). */
export const coolingOffHours = (account: Pick<MaskedPayoutAccountDto, 'setAt' | 'usableFrom'>): number =>
  Math.round((Date.parse(account.usableFrom) - Date.parse(account.setAt)) / 3_600_000);
