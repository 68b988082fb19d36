/**
 * Cognito's error names (Amplify passes them through as `name`) in the product's words (docs/product.md, "Words on screen"), at
 * the field they concern: sign-in's here, on the first screen; sign-up's and the reset's in
 * ./form-errors, with their pages; the account page's in its chunk (pages/account/errors.ts).
 */
import { formMessages, signInErrors as errors } from '../../../shared/auth-messages';
import type { Problems } from './use-auth-step';

/** `totp`: the sign-in's code step. */
export type Flow = 'signIn' | 'totp';

export const errorName = (error: unknown) => (error as { name?: string } | null)?.name ?? '';

/**
 * Whether a failed sign-in code ends the attempt, so the password must be given again: Cognito
 * refuses the sign-in session once it has expired or after too many wrong codes
 * (NotAuthorizedException), and Amplify itself once its three-minute record of it has lapsed
 * (SignInException). A wrong or reused code leaves the attempt open for another try.
 */
export function totpAttemptEnded(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NotAuthorizedException' || name === 'SignInException';
}

/** A wrong authenticator code: Cognito says CodeMismatch at sign-in, EnableSoftwareTokenMFA when verifying the app. */
export const wrongCode = (name: string) =>
  name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException';
export const throttled = (name: string) => name === 'TooManyRequestsException' || name === 'LimitExceededException';

export const messageOf = (error: unknown) => (error as { message?: string } | null)?.message ?? '';
/**
 * Cognito's refusal of an address (InvalidParameterException naming the e-mail or user name), or
 * the pre-sign-up trigger's (its message is the product's own words for it).
 */
export const invalidEmail = (name: string, message: string) =>
  name === 'InvalidEmail' ||
  (name === 'InvalidParameterException' && /email|username/i.test(message)) ||
  (name === 'UserLambdaValidationException' && message.includes(formMessages.invalidEmail));
/** Cognito's word for a locked-out sign-in is a NotAuthorized too. */
const attemptsExceeded = (message: string) => /attempts exceeded|too many/i.test(message);

export function authErrorMessage(flow: Flow, error: unknown): string {
  const name = errorName(error);
  const message = messageOf(error);
  if (flow === 'signIn') {
    if (name === 'UserNotFoundException') return errors.signIn.userNotFound;
    if (name === 'NotAuthorizedException' && attemptsExceeded(message)) return errors.signIn.tooManyRequests;
    if (name === 'NotAuthorizedException') return errors.signIn.wrongPassword;
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') return errors.signIn.tooManyRequests;
    if (invalidEmail(name, message)) return errors.signIn.invalidEmail;
    return errors.signIn.default;
  }
  if (wrongCode(name)) return errors.twoFactor.wrongCode;
  if (name === 'ExpiredCodeException') return errors.twoFactor.usedCode;
  if (totpAttemptEnded(error)) return errors.twoFactor.attemptEnded;
  if (throttled(name)) return errors.signIn.tooManyRequests;
  return errors.signIn.default;
}

/** The field of a sign-in, sign-up or reset form a failure concerns: the e-mail, the password, the code, or none (`form`). */
export type AuthField = 'email' | 'password' | 'code';

/** The field a failure concerns; `signIn`: a refused password (at sign-in, where Cognito refuses the pair). */
export function fieldOf(error: unknown, signIn = false): AuthField | 'form' {
  const name = errorName(error);
  const message = messageOf(error);
  if (name === 'UserNotFoundException' || name === 'UsernameExistsException' || invalidEmail(name, message))
    return 'email';
  if (name === 'InvalidPasswordException') return 'password';
  if (wrongCode(name) || name === 'ExpiredCodeException') return 'code';
  // Cognito does not say which of the pair it refused: who is a client cannot be probed.
  if (signIn && name === 'NotAuthorizedException' && !attemptsExceeded(message)) return 'password';
  return 'form';
}

/** A failed sign-in step in the product's words, at the field it concerns. */
export function authProblems(flow: Flow, error: unknown): Problems<AuthField> {
  return { [fieldOf(error, flow === 'signIn')]: authErrorMessage(flow, error) };
}

/** An authenticator app's 6-digit code as typed or pasted ("123 456"), or null when it is not one. */
export function totpCode(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
