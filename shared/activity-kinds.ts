/**
 * Every kind of administrative act the activity log records, and what each reads as on the
 * console. Plain data, so the API's schemas, the handlers and the web share one list without
 * the browser loading zod.
 */
export const activityKinds = [
  'deposit',
  'withdrawal',
  'balance-edit',
  'request-approved',
  'request-rejected',
  'request-cancelled',
  'action-proposed',
  'action-approved',
  'action-rejected',
  'client-deleted',
  'client-closed',
  'export-started',
  'admin-added',
  'admin-removed',
  'two-factor-reset',
  'payout-account-set',
  'request-sent',
  'payouts-exported',
  'agreement-accepted',
  'invitation-sent',
  'invitation-revoked',
  'invitation-accepted',
  'application-approved',
  'application-rejected',
  'statement-regenerated',
  'passkey-enrolment-allowed',
] as const;

export type ActivityKindName = (typeof activityKinds)[number];

export const activityKindLabels: Record<ActivityKindName, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  'balance-edit': 'Balance edit',
  'request-approved': 'Request approved',
  'request-rejected': 'Request rejected',
  'request-cancelled': 'Request cancelled by the client',
  'action-proposed': 'Approval requested',
  'action-approved': 'Approval given',
  'action-rejected': 'Approval refused',
  'client-deleted': 'Client deleted',
  'client-closed': 'Account closed',
  'export-started': 'Balances export',
  'admin-added': 'Administrator added',
  'admin-removed': 'Administrator removed',
  'two-factor-reset': 'Two-factor reset',
  'payout-account-set': 'Payout account set by the client',
  'request-sent': 'Payout sent',
  'payouts-exported': 'Payouts to send exported',
  'agreement-accepted': 'Client agreement accepted',
  'invitation-sent': 'Invitation sent',
  'invitation-revoked': 'Invitation revoked',
  'invitation-accepted': 'Invitation accepted at sign-up',
  'application-approved': 'Application approved',
  'application-rejected': 'Application rejected',
  'statement-regenerated': 'Statement regenerated',
  'passkey-enrolment-allowed': 'Passkey allowed by an operator',
};

/** The pending actions' kinds, as an approved action's entry names the move it made (answers.ts pendingActionKind). */
type MoveKindName = 'deposit' | 'withdrawal' | 'balance' | 'approveRequest';

/**
 * What the kind filter matches for a kind that moves money: the kinds of entry, and the kinds of
 * action whose approval by a second administrator made the same move (an "Approval given" entry
 * naming it). A move above the four-eyes threshold is logged only as its approval, so without
 * these the filter would miss it. "Withdrawal" is every payment out: withdrawals processed and
 * clients' requests approved, alone or approved by a second administrator.
 */
export const activityKindFilters: Partial<
  Record<ActivityKindName, { kinds: readonly ActivityKindName[]; approved: readonly MoveKindName[] }>
> = {
  deposit: { kinds: ['deposit'], approved: ['deposit'] },
  withdrawal: { kinds: ['withdrawal', 'request-approved'], approved: ['withdrawal', 'approveRequest'] },
  'balance-edit': { kinds: ['balance-edit'], approved: ['balance'] },
  'request-approved': { kinds: ['request-approved'], approved: ['approveRequest'] },
};

/** The kind filter's options where they match more than the kind's own entries, and what they cover, said on the console. */
export const activityKindFilterLabels: Partial<Record<ActivityKindName, { option: string; covers: string }>> = {
  deposit: { option: 'Deposit (money in)', covers: 'Deposits, including those approved by a second administrator.' },
  withdrawal: {
    option: 'Withdrawal (all money out)',
    covers:
      "All money out: withdrawals processed and clients' withdrawal requests approved, including those approved by a second administrator.",
  },
  'balance-edit': {
    option: 'Balance edit',
    covers: 'Balance edits, including those approved by a second administrator.',
  },
  'request-approved': {
    option: 'Request approved',
    covers: "Clients' withdrawal requests approved, including those approved by a second administrator.",
  },
};
