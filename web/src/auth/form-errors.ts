/**
 * Sign-up's and the password reset's failures (Cognito's error names) in the product's words, at the
 * field they concern. Apart from ./errors (sign-in's), with the pages that use them: the first
 * screen carries none of it.
 */
import { errors, toastTitles, validation } from '../../../shared/messages';
import { type AuthField, errorName, fieldOf, invalidEmail, messageOf, throttled } from './errors';
import type { Problems } from './use-auth-step';

export type FormFlow = 'signUp' | 'reset';

/** A Cognito trigger's refusal ("PreSignUp failed with error <ours>.") carries our own words: show them. */
function triggerMessage(name: string, message: string): string | null {
  if (name !== 'UserLambdaValidationException') return null;
  return /failed with error (.+?)\.?$/.exec(message)?.[1] ?? null;
}

const expiredCode = (name: string) => name === 'CodeMismatchException' || name === 'ExpiredCodeException';

export function formErrorMessage(flow: FormFlow, error: unknown): string {
  const name = errorName(error);
  const message = messageOf(error);
  if (flow === 'signUp') {
    const fromTrigger = triggerMessage(name, message);
    if (fromTrigger) return fromTrigger;
    if (name === 'UsernameExistsException') return errors.signUp.emailInUse;
    if (name === 'InvalidPasswordException') return errors.signUp.weakPassword;
    if (invalidEmail(name, message)) return errors.signUp.invalidEmail;
    if (expiredCode(name)) return errors.signUp.badCode;
    return errors.generic;
  }
  if (name === 'UserNotFoundException') return errors.reset.userNotFound;
  if (invalidEmail(name, message)) return errors.reset.invalidEmail;
  if (expiredCode(name)) return errors.reset.badCode;
  if (name === 'InvalidPasswordException') return errors.signUp.weakPassword;
  if (throttled(name)) return errors.signIn.tooManyRequests;
  return errors.generic;
}

/** A failed sign-up or reset step in the product's words, at the field it concerns. */
export function formProblems(flow: FormFlow, error: unknown): Problems<AuthField> {
  return { [fieldOf(error)]: formErrorMessage(flow, error) };
}

/**
 * The titles of the form's own password checks; any other failure is the flow's ('Sign-up
 * failed', 'Reset failed'), the user pool's refusal of a weak password included: that one is
 * the server's answer, said under the flow's title.
 */
const checkTitles: Readonly<Record<string, string>> = {
  [validation.passwordMismatch.description]: validation.passwordMismatch.title,
  [validation.passwordTooShort.description]: validation.passwordTooShort.title,
};

/** The title over a failed sign-up or reset form, by the problem it shows. */
export const failureTitle =
  (flow: FormFlow) =>
  (message: string): string =>
    checkTitles[message] ?? (flow === 'signUp' ? toastTitles.signUpFailed : toastTitles.resetFailed);
