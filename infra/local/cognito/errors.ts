/**
 * Cognito's error names and wording. cognito-local answers many errors with its own messages;
 * clients (and the product's web) show or match real Cognito's, so these are what leave the port.
 */
import { CognitoError } from './cognito-local-internals';

export const cognitoError = (code: string, message: string) => new CognitoError(code, message);
export const invalidParameter = (message: string) => cognitoError('InvalidParameterException', message);
export const notAuthorized = (message: string) => cognitoError('NotAuthorizedException', message);
export const userNotFound = () => cognitoError('UserNotFoundException', 'User does not exist.');
export const usernameClientNotFound = () => cognitoError('UserNotFoundException', 'Username/client id combination not found.');
export const codeMismatch = () => cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const incorrectPassword = () => notAuthorized('Incorrect username or password.');
export const userDisabled = () => notAuthorized('User is disabled.');
export const passwordAttemptsExceeded = () => notAuthorized('Password attempts exceeded');
/** ForgotPassword for a user whose state has no password to reset (a client that does not prevent existence errors hears it). */
export const cannotResetPassword = () => notAuthorized('User password cannot be reset in the current state.');
export const attemptLimitExceeded = () => cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
export const emailTaken = () => cognitoError('AliasExistsException', 'An account with the given email already exists.');
export const emailUsernameExists = () => cognitoError('UsernameExistsException', 'An account with the given email already exists.');

// Two-factor sign-in (operations/two-factor.ts), with the names and wording Cognito answers.
/** VerifySoftwareToken with a code the associated secret does not give. */
export const enableSoftwareTokenMismatch = () => cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
/** A wrong code in answer to a SOFTWARE_TOKEN_MFA challenge. */
export const mfaCodeMismatch = () => cognitoError('CodeMismatchException', 'Invalid code received for user');
/** A challenge session that is unknown, ended by wrong codes, or for another user or client. */
export const invalidSession = () => notAuthorized('Invalid session for the user.');
export const sessionExpired = () => notAuthorized('Invalid session for the user, session is expired.');
export const sessionUsed = () => notAuthorized('Invalid session for the user, session can only be used once.');
export const softwareTokenNotFound = () => cognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA does not exist for the user.');
export const poolSoftwareTokenOff = () => cognitoError('SoftwareTokenMFANotFoundException', 'Software Token MFA has not been enabled by the userPool.');

/** cognito-local's messages with the wording real Cognito uses for the same error. */
export function realError(e: CognitoError): CognitoError {
  const code = e.code;
  if (code === 'InvalidPasswordException' && e.message === 'Invalid password') return incorrectPassword();
  if (code === 'UserNotFoundException' && e.message.startsWith('User not found')) return userNotFound();
  if (code === 'CodeMismatchException' && e.message === 'Incorrect confirmation code') return codeMismatch();
  if (code === 'UsernameExistsException' && e.message === 'User already exists') return emailUsernameExists();
  return e;
}

/** An error's `message` when it has one (a rejection may be any value, not only an Error). */
export function messageOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null && 'message' in e ? e.message : undefined;
}

/** The `code` of a CognitoError (or of anything shaped like one). */
export function codeOf(e: unknown): unknown {
  return typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined;
}
