/** Cognito's error names (Amplify passes them through as `name`) in the spec's words (section 8). */
import { errors } from '../../../shared/messages';

/** `totp`: the sign-in's code step. (The account page has its own words, in its chunk: pages/account/errors.ts.) */
export type Flow = 'signIn' | 'signUp' | 'reset' | 'totp';

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
export const wrongCode = (name: string) => name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException';
export const throttled = (name: string) => name === 'TooManyRequestsException' || name === 'LimitExceededException';

/** A Cognito trigger's refusal ("PreSignUp failed with error <ours>.") carries our own words: show them. */
function triggerMessage(name: string, message: string): string | null {
  if (name !== 'UserLambdaValidationException') return null;
  return /failed with error (.+?)\.?$/.exec(message)?.[1] ?? null;
}

export function authErrorMessage(flow: Flow, error: unknown): string {
  const name = errorName(error);
  const message = (error as { message?: string } | null)?.message ?? '';
  const invalidEmail = name === 'InvalidParameterException' && /email|username/i.test(message);
  if (flow === 'signIn') {
    if (name === 'UserNotFoundException') return errors.signIn.userNotFound;
    if (name === 'NotAuthorizedException' && /attempts exceeded|too many/i.test(message)) return errors.signIn.tooManyRequests;
    if (name === 'NotAuthorizedException') return errors.signIn.wrongPassword;
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') return errors.signIn.tooManyRequests;
    if (invalidEmail || name === 'InvalidEmail') return errors.signIn.invalidEmail;
    return errors.signIn.default;
  }
  if (flow === 'totp') {
    if (wrongCode(name)) return errors.twoFactor.wrongCode;
    if (name === 'ExpiredCodeException') return errors.twoFactor.usedCode;
    if (totpAttemptEnded(error)) return errors.twoFactor.attemptEnded;
    if (throttled(name)) return errors.signIn.tooManyRequests;
    return errors.signIn.default;
  }
  if (flow === 'signUp') {
    const fromTrigger = triggerMessage(name, message);
    if (fromTrigger) return fromTrigger;
    if (name === 'UsernameExistsException') return errors.signUp.emailInUse;
    if (name === 'InvalidPasswordException') return errors.signUp.weakPassword;
    if (invalidEmail || name === 'InvalidEmail') return errors.signUp.invalidEmail;
    if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return 'Invalid or expired verification code. Please try again.';
    return errors.generic;
  }
  if (name === 'UserNotFoundException') return errors.reset.userNotFound;
  if (invalidEmail || name === 'InvalidEmail') return errors.reset.invalidEmail;
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return 'Invalid or expired reset code. Please try again.';
  if (name === 'InvalidPasswordException') return errors.signUp.weakPassword;
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return errors.signIn.tooManyRequests;
  return errors.generic;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL.test(value.trim());

/** An authenticator app's 6-digit code as typed or pasted ("123 456"), or null when it is not one. */
export function totpCode(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
