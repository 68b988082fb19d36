/**
 * The product's words, exactly as docs/product.md ("Form rules", "Words on screen") gives them. The web shows them and
 * the API answers with them; nothing else spells them out again. The signed-out pages' words
 * and sign-in's failures are in ./auth-messages, part of these, so the first screen loads them alone.
 */

import { formMessages, type Notice, passwordChecks, signInErrors, signInTitles, signInToasts } from './auth-messages';

export { formMessages, notices, type Notice } from './auth-messages';

export const validation = {
  ...passwordChecks,
  invalidWithdrawalAmount: { title: 'Invalid Amount', description: 'Please enter a valid withdrawal amount' },
  amountTooHigh: (maxFormatted: string): Notice => ({
    title: 'Amount Too High',
    description: `You can only withdraw up to ${maxFormatted} in eligible profit`,
  }),
  invalidDepositAmount: { title: 'Invalid Amount', description: 'Please enter a valid positive deposit amount' },
  invalidAdminWithdrawalAmount: {
    title: 'Invalid Amount',
    description: 'Please enter a valid positive withdrawal amount',
  },
  invalidBalance: { title: 'Invalid Amount', description: 'Please enter a valid positive number' },
  authenticationRequired: 'Authentication required',
  deleteConfirmation: (email: string) =>
    `Are you sure you want to delete client ${email}? This action cannot be undone.`,
} as const;

/** Messages for the rules beyond the original screens, written in the same voice. */
export const apiMessages = {
  ...formMessages,
  noteTooLong: 'Note must be at most 500 characters',
  noteUnsafeCharacters: 'Note cannot contain control or text-direction characters',
  reasonUnsafeCharacters: 'Reason cannot contain control or text-direction characters',
  nameUnsafeCharacters: 'Names cannot contain control or text-direction characters',
  nameFormulaCharacters: 'Names cannot contain ";" or start with =, +, - or @',
  nameTooLong: 'Names must be at most 256 characters',
  reasonRequired: 'Please give a reason for the rejection',
  reasonTooLong: 'Reason must be at most 500 characters',
  invalidTimestamp: 'Please enter a valid deposit date',
  futureTimestamp: 'Deposit date cannot be in the future',
  timestampTooOld: 'Deposit date cannot be more than a year ago',
  initialBalanceMustBeZero: 'A new portfolio starts with a balance of 0',
  userIdRequired: 'userId is required',
  userIdTooLong: 'userId must be at most 128 characters',
  adminOnly: 'Administrator access required',
  /** An admin route asked by an administrator who has not set up an authenticator app. */
  twoFactorRequired: 'Administrators must set up two-factor sign-in before using the admin console',
  /** An admin's session began before two-factor sign-in or admin access did (lambdas/lib/cognito/admin-epoch.ts). */
  adminSignInAgain: 'Please sign in again, with the code from your authenticator app, to use the admin console',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator app.',
  twoFactorAlreadyOff: 'Two-factor sign-in is already off',
  /** The second factor's changes need a sign-in of the last 5 minutes (lambdas/lib/cognito/account-security.ts). */
  freshSignInRequired: 'Sign in again to change two-factor sign-in',
  /** An admin route on a stage that requires passkeys of admins, from a session that did not sign in with one (lambdas/lib/cognito/admin-epoch.ts). */
  passkeyRequired:
    'Administrator actions need a sign-in with a passkey. Add a passkey on your account page, then sign in with it.',
  unsupportedStatus: 'Only status=pending or status=approved can be listed',
  emailPreferenceInvalid: 'Each e-mail preference must be true or false',
  invalidListLimit: 'limit must be a whole number from 1 to 100',
  invalidListSort: 'sort must be balance-desc or balance-asc',
  invalidListStatus: 'status must be closed, or left out for the open accounts',
  closedListSort: 'Closed accounts are listed newest closed first: leave sort out',
  searchTooLong: 'Search must be at most 254 characters',
  invalidListCursor: 'This page of the list is no longer valid. Please load the list again.',
  invalidPeriod: 'Please choose a valid period: from and to as dates (YYYY-MM-DD), from not after to',
  actionAlreadyDecided: 'This action has already been approved or rejected',
  cannotApproveOwnAction: 'Another administrator must approve an action you proposed',
  invalidActivityLimit: 'limit must be a whole number from 1 to 200',
  invalidActivityActor: 'The administrator filter must be an e-mail address of at most 254 characters',
  invalidActivityClient: 'The client filter must be a client id',
  invalidActivityClientSearch: "The client search must be a part of a client's name or e-mail, at most 254 characters",
  invalidActivityKind: 'kind must be one of the activity kinds',
  requestAlreadyDecided: 'This withdrawal request has already been decided',
  malformedJson: 'Request body must be valid JSON',
  unknownField: (field: string) => `Unknown field: ${field}`,
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export const errors = {
  ...signInErrors,
  /** The product's words for a Google pop-up; the portal signs in with Google by redirect (a cancel is notices.googleSignInCancelled). */
  google: {
    ...signInErrors.google,
    popupClosed: 'Sign-in cancelled. Please try again.',
    popupBlocked: 'Pop-up was blocked by your browser. Please allow pop-ups and try again.',
  },
  signUp: {
    emailInUse: 'An account already exists with this email address',
    invalidEmail: 'Invalid email address',
    weakPassword: 'Password should be at least 6 characters long',
    codeRequired: 'Please enter the verification code from the email',
    badCode: 'Invalid or expired verification code. Please try again.',
  },
  reset: {
    userNotFound: 'No account found with this email address',
    invalidEmail: 'Invalid email address',
    codeRequired: 'Please enter the reset code from the email',
    badCode: 'Invalid or expired reset code. Please try again.',
  },
  account: {
    wrongCurrentPassword: 'Your current password is incorrect',
    currentPasswordRequired: 'Please enter your current password',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  generic: 'An unexpected error occurred. Please try again.',
} as const;

/** A new password's rules, listed under its field before it is typed (shared/forms.ts passwordRules). */
export const passwordRuleTexts = {
  minLength: (n: number) => `At least ${n} characters`,
  noEdgeSpaces: 'No space at the start or end',
  /** Said after each rule to a screen reader, which does not see its tick. */
  met: 'met',
  unmet: 'not met yet',
} as const;

export const toastTitles = {
  signInFailed: signInTitles.signInFailed,
  signUpFailed: 'Sign-up failed',
  resetFailed: 'Reset failed',
  signOutFailed: 'Sign-out failed',
  refreshFailed: 'Refresh failed',
  requestFailed: 'Request Failed',
  error: 'Error',
  profileUpdateFailed: 'Update failed',
  passwordChangeFailed: 'Password change failed',
  twoFactorFailed: 'Two-factor sign-in not changed',
  signInAgain: 'Sign in again',
  emailPreferencesFailed: 'E-mail preferences not saved',
} as const;

export const toastMessages = {
  refreshFailed: 'Could not update portfolio data. Please try again.',
  requestFailed: 'Failed to connect to server. Please try again.',
  loadTransactionsFailed: 'Failed to load transaction history',
  connectFailed: 'Failed to connect to server',
  loadClientsFailed: 'Failed to load clients data',
  exportBalancesFailed: 'Failed to export balances',
  addDepositFailed: 'Failed to add deposit',
  processWithdrawalFailed: 'Failed to process withdrawal',
  updateBalanceFailed: 'Failed to update balance',
  deleteClientFailed: 'Failed to delete client',
  loadAlertsFailed: 'Failed to load withdrawal alerts',
} as const;

export const successToasts = {
  ...signInToasts,
  accountCreated: 'Account created successfully!',
  resetEmailSent: 'Reset email sent',
  portfolioRefreshed: 'Portfolio refreshed',
  requestSubmitted: 'Request Submitted',
  depositAdded: (amountFormatted: string) => `Deposit of ${amountFormatted} added successfully`,
  withdrawalProcessed: (amountFormatted: string) => `Withdrawal of ${amountFormatted} processed successfully`,
  balanceUpdated: 'Balance updated successfully',
  clientDeleted: 'Account closed. Its records are kept, read-only, under the Closed filter.',
  profileUpdated: 'Profile updated',
  passwordChanged: 'Password changed successfully',
  twoFactorOn: 'Two-factor sign-in is on',
  signInWithCode: 'Every session has ended. Sign in again with a code from your authenticator app.',
  signInWithNewPassword: 'Every session has ended. Sign in again with your new password.',
  twoFactorOff: 'Two-factor sign-in is off',
  signedOutEverywhere: 'Signed out of all devices',
  emailPreferencesSaved: 'E-mail preferences saved',
} as const;
