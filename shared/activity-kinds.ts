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
};
