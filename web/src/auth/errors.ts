/** Cognito's error names (Amplify passes them through as `name`) in the spec's words (section 8). */
import { errors } from '../../../shared/messages';

export type Flow = 'signIn' | 'signUp' | 'reset';

/** A Cognito trigger's refusal ("PreSignUp failed with error <ours>.") carries our own words: show them. */
function triggerMessage(name: string, message: string): string | null {
  if (name !== 'UserLambdaValidationException') return null;
  return /failed with error (.+?)\.?$/.exec(message)?.[1] ?? null;
}

export function authErrorMessage(flow: Flow, error: unknown): string {
  const name = (error as { name?: string } | null)?.name ?? '';
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
