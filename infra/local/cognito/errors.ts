/**
 * Cognito's error names and wording. cognito-local answers many errors with its own messages;
 * clients (and the product's web) show or match real Cognito's, so these are what leave the port.
 */
import { CognitoError } from './cognito-local-internals';

export const cognitoError = (code: string, message: string) => new CognitoError(code, message);
export const invalidParameter = (message: string) => cognitoError('InvalidParameterException', message);
export const notAuthorized = (message: string) => cognitoError('NotAuthorizedException', message);

/** The refusals whose words never vary, by the name the operations throw them under: Cognito's error name and message. */
const REFUSALS = {
  userNotFound: ['UserNotFoundException', 'User does not exist.'],
  usernameClientNotFound: ['UserNotFoundException', 'Username/client id combination not found.'],
  codeMismatch: ['CodeMismatchException', 'Invalid verification code provided, please try again.'],
  incorrectPassword: ['NotAuthorizedException', 'Incorrect username or password.'],
  userDisabled: ['NotAuthorizedException', 'User is disabled.'],
  passwordAttemptsExceeded: ['NotAuthorizedException', 'Password attempts exceeded'],
  /** ForgotPassword for a user whose state has no password to reset (a client that does not prevent existence errors hears it). */
  cannotResetPassword: ['NotAuthorizedException', 'User password cannot be reset in the current state.'],
  attemptLimitExceeded: ['LimitExceededException', 'Attempt limit exceeded, please try after some time.'],
  emailTaken: ['AliasExistsException', 'An account with the given email already exists.'],
  emailUsernameExists: ['UsernameExistsException', 'An account with the given email already exists.'],
  // Two-factor sign-in (operations/two-factor.ts).
  /** VerifySoftwareToken with a code the associated secret does not give. */
  enableSoftwareTokenMismatch: ['EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA'],
  /** A wrong code in answer to a SOFTWARE_TOKEN_MFA challenge. */
  mfaCodeMismatch: ['CodeMismatchException', 'Invalid code received for user'],
  /** A challenge session that is unknown, ended by wrong codes, or for another user or client. */
  invalidSession: ['NotAuthorizedException', 'Invalid session for the user.'],
  sessionExpired: ['NotAuthorizedException', 'Invalid session for the user, session is expired.'],
  sessionUsed: ['NotAuthorizedException', 'Invalid session for the user, session can only be used once.'],
  /** A WEB_AUTHN answer that is not a good signature of one of the user's passkeys (or there is no such user). */
  passkeyNotVerified: ['NotAuthorizedException', 'Incorrect username or passkey.'],
  softwareTokenNotFound: ['SoftwareTokenMFANotFoundException', 'Software Token MFA does not exist for the user.'],
  poolSoftwareTokenOff: [
    'SoftwareTokenMFANotFoundException',
    'Software Token MFA has not been enabled by the userPool.',
  ],
} as const satisfies Readonly<Record<string, readonly [string, string]>>;

export type Refusal = keyof typeof REFUSALS;

/** The refusal named `name`, as Cognito words it, to throw. */
export function refusal(name: Refusal): CognitoError {
  const [code, message] = REFUSALS[name];
  return cognitoError(code, message);
}

/** cognito-local's messages with the wording real Cognito uses for the same error. */
export function realError(e: CognitoError): CognitoError {
  const code = e.code;
  if (code === 'InvalidPasswordException' && e.message === 'Invalid password') return refusal('incorrectPassword');
  if (code === 'UserNotFoundException' && e.message.startsWith('User not found')) return refusal('userNotFound');
  if (code === 'CodeMismatchException' && e.message === 'Incorrect confirmation code') return refusal('codeMismatch');
  if (code === 'UsernameExistsException' && e.message === 'User already exists') return refusal('emailUsernameExists');
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
