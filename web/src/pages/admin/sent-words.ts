/**
 * The words of marking a payout sent: shared/payout-account.ts's sentMessages and payoutRefusals,
 * copied for the reason web/src/payout-words.ts gives (the console would otherwise carry
 * ibantools), and held to the originals by web/src/payout-words.test.ts.
 */

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
