/**
 * A client's payout account: the bank account a profit withdrawal is paid to. Plain data, words
 * and the US number checks, shared by the API's schemas, the handlers and the web (which must not
 * load zod). The IBAN check is apart (iban.ts), so the screens that only show an account do not
 * carry ibantools.
 *
 * An account is an IBAN, or a US account number with its ABA routing number; either is checked by
 * its own checksum before anything is stored, and only its last four digits ever leave the server.
 * ibantools has no ABA check, and the ABA's weighted digit sum (3, 7, 1) is a few lines, kept here.
 */

export type PayoutAccountKind = 'iban' | 'us';

/** What the client and the administrators see of an account: never its whole number. */
export interface MaskedPayoutAccount {
  holderName: string;
  bankName: string;
  kind: PayoutAccountKind;
  /** The last four characters of the IBAN or the US account number. */
  last4: string;
  /** An IBAN's country (its first two letters); absent for a US account. */
  country?: string;
  /** A US account's routing number: it names the bank, not the account, so it is shown whole. */
  routingNumber?: string;
  /** When the account was set (ISO). */
  setAt: string;
  /** From when a withdrawal request may pay to it (ISO): setAt and the cooling-off period. */
  usableFrom: string;
}

export const PAYOUT_NAME_MAX_LENGTH = 140;

export const payoutMessages = {
  holderNameRequired: "Please enter the account holder's name",
  bankNameRequired: "Please enter the bank's name",
  nameTooLong: `At most ${PAYOUT_NAME_MAX_LENGTH} characters`,
  nameUnsafe: 'Please use letters, digits, spaces and common punctuation only',
  kindRequired: 'Choose an IBAN or a US account',
  ibanRequired: 'Please enter the IBAN',
  ibanInvalid: 'This IBAN is not valid: check it against your bank statement',
  accountNumberRequired: 'Please enter the account number',
  accountNumberInvalid: 'A US account number has 4 to 17 digits',
  routingNumberRequired: 'Please enter the routing number',
  routingNumberInvalid: 'This routing number is not valid: it has 9 digits and a check digit',
  passwordRequired: 'Please enter your current password',
  codeRequired: 'Please enter the 6-digit code from your authenticator app',
  freshSignInRequired: 'Sign in again to change your payout account: it needs a sign-in of the last 5 minutes',
  none: 'Add a payout account before requesting a withdrawal: it is where the money is sent',
  coolingOff: (usableFrom: string) =>
    `Your payout account was changed recently. For your security, withdrawals can be paid to it from ${usableFrom}.`,
} as const;

/** An ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeated) is a multiple of 10. */
export function isValidRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...text].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

/** A US account number: 4 to 17 digits (spaces and dashes as printed on a cheque are dropped). */
export function normalUsAccountNumber(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{4,17}$/.test(digits) ? digits : null;
}

/** The last four characters of an account number: all that is ever shown of it. */
export const last4Of = (number: string): string => number.slice(-4);

/** How an account reads on a screen or in an e-mail: "IBAN GB•• ending 5432", "US account ending 6789 (routing 011000015)". */
export function describePayoutAccount(
  account: Pick<MaskedPayoutAccount, 'kind' | 'last4' | 'country' | 'routingNumber'>,
): string {
  return account.kind === 'iban'
    ? `IBAN ${account.country ?? ''}•• ending ${account.last4}`
    : `US account ending ${account.last4} (routing ${account.routingNumber ?? ''})`;
}

/** The words of an administrator's mark that a payout was sent: its fields, then what the request itself refuses. */
export const sentMessages = {
  referenceRequired: "Please enter the bank's reference for the payment",
  referenceInvalid: 'A reference has at most 64 letters, digits, spaces and - / . _ characters',
  sentAtRequired: 'Please enter the date the money was sent',
  sentAtInvalid: 'Please enter a valid date',
} as const;

/** The refusals of a mark the request cannot take (the handler's checks against the request and today). */
export const payoutRefusals = {
  notApproved: 'Only an approved withdrawal request can be marked sent',
  alreadySent: (sentAt: string, reference: string) =>
    `This payout was already marked sent (${sentAt.slice(0, 10)}, reference ${reference})`,
  beforeApproval: (approvedAt: string) =>
    `The money cannot have been sent before the request was approved (${approvedAt.slice(0, 10)})`,
  inFuture: 'The date the money was sent cannot be in the future',
} as const;
