/**
 * How a payout account, a withdrawal's destination and a payout read on the dashboard and in the
 * console: shared/payout-account.ts's words and its describePayoutAccount, given here to the
 * screens that do not check account numbers. That module imports ibantools for its IBAN check, and
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

/** shared/payout-account.ts sentMessages: an administrator's mark that a payout was sent. */
export const sentMessages = {
  referenceRequired: "Please enter the bank's reference for the payment",
  referenceInvalid: 'A reference has at most 64 letters, digits, spaces and - / . _ characters',
  sentAtRequired: 'Please enter the date the money was sent',
  sentAtInvalid: 'Please enter a valid date',
} as const;

/** shared/payout-account.ts payoutRefusals: what a request cannot take of a mark. */
export const payoutRefusals = {
  notApproved: 'Only an approved withdrawal request can be marked sent',
  alreadySent: (sentAt: string, reference: string) =>
    `This payout was already marked sent (${sentAt.slice(0, 10)}, reference ${reference})`,
  beforeApproval: (approvedAt: string) =>
    `The money cannot have been sent before the request was approved (${approvedAt.slice(0, 10)})`,
  inFuture: 'The date the money was sent cannot be in the future',
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
