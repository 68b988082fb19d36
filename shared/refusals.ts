/**
 * The API's refusals that only the API says: the web shows the server's own text for these, so
 * they live apart from ./messages, which the client's pages load (and its budgets carry). Part of
 * the product's words all the same, in the same voice.
 */
export const refusals = {
  /** A set-up confirmed by another session than the one that started it, or too late (lambdas/lib/cognito/account-security.ts). */
  twoFactorSetupExpired: 'This set-up has expired or was started elsewhere. Please start the set-up again.',
  /** The closing (DELETE /api/admin/clients/{id}) refused: what must happen first. */
  closeRefusedBalance: 'This account still holds money. Record a withdrawal of the whole balance before closing it.',
  closeRefusedRequests:
    'This account has a withdrawal request waiting for a decision. Approve or reject it before closing the account.',
  closeRefusedActions:
    'A move on this account is waiting for a second administrator. Approve or reject it before closing the account.',
  ownAccountMove:
    'You cannot move money on or decide a request of your own client account: another administrator must do it',
  ownAccountApproval: 'You cannot approve a move on your own client account: another administrator must approve it',
  approverIsProposer: 'Another administrator must approve an action you proposed, under any of your sign-ins',
  balanceChangedSinceProposal:
    'The balance has changed since this balance edit was proposed: reject it and propose the edit again',
  approvalDateOutOfRange:
    "This deposit's date is now out of the allowed range: reject it and propose the deposit again",
  insufficientBalance: 'Insufficient balance for this withdrawal',
  notYours: 'You can only access your own portfolio',
  twoFactorSetupNotStarted: 'No authenticator app is waiting to be confirmed. Please start the set-up again.',
  twoFactorSetupChanged: 'The set-up changed while it was being confirmed. Please start again.',
  unauthorized: 'Authentication required',
  notThroughSite: 'Requests must come through the site',
  clientNotFound: 'Client not found',
  accountDeleted: 'This account has been closed',
  cannotDeleteSelf: 'You cannot delete your own account',
  userEmailMismatch: 'userEmail must be the e-mail address of your account',
  requestNotFound: 'Withdrawal request not found',
  actionNotFound: 'Pending action not found',
  requestNoLongerCovered: "The client's eligible profit no longer covers this request",
  requestAwaitingApproval: 'This withdrawal request already awaits a second approval',
  exportNotFound: 'Export not found',
  unsupportedContentType: 'Request body must be JSON (Content-Type: application/json)',
  bodyTooLarge: 'Request body is too large',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  conflictRetry: 'The portfolio changed while saving. Please try again.',
  agreementRequired: 'Please accept the client agreement first: open your dashboard, read the agreement and accept it.',
  agreementNotCurrent:
    'This is not the current client agreement. Please reload the page and accept the current version.',
  /** A money move, request or payout account on an account the firm has not approved yet (clientSignUp 'review'). */
  notApprovedYet: 'This account is still under review.',
  /** The closing refused for an applicant: a rejection closes it, with the reason the applicant is told. */
  closeRefusedApplied: 'This account is still under review. Approve or reject its application instead of closing it.',
  applicationNotFound: 'Application not found',
  applicationDecided: 'This application has already been decided.',
  ownApplication: 'You cannot decide the application of your own account: another administrator must do it',
} as const;
