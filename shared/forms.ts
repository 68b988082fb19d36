/**
 * The account form checks of docs/product.md, "Form rules" (sign-in, sign-up, passwords, names). They use the
 * same words as the API's schemas (validation.ts), without zod, so the web can run them before it
 * sends anything at no download cost. The money forms' checks are in ./amount-forms, apart: the
 * sign-in page loads this module and needs nothing of money, nor any word but sign-in's
 * (./auth-messages).
 */
import { formMessages, type Notice, passwordChecks } from './auth-messages';
import { isEmailAddress } from './email-address';

export const MIN_PASSWORD_LENGTH = 6;
/** Cognito's API limit on a password, and its pattern: no white space at either end. */
export const MAX_PASSWORD_LENGTH = 256;

// Each check below returns the toast to show (the API's and the tests' shape), or null when the
// form may be sent; the field checks after them say the same at each field.

export interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

function required(value: string, message: string): Notice | null {
  return value.trim() === '' ? { title: 'Sign-up failed', description: message } : null;
}

/** A password Cognito will take (spec minimum, the API's maximum and its no-edge-spaces pattern). */
export function checkNewPassword(password: string): Notice | null {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordChecks.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH)
    return { title: 'Password too long', description: formMessages.passwordTooLong };
  if (password.trim() !== password) return { title: 'Invalid password', description: formMessages.passwordEdgeSpaces };
  return null;
}

/** The sign-up form past its names (checkNameFields, shown at the name fields): the toast to show, or null. */
export function checkSignUpForm(form: Omit<SignUpForm, 'firstName' | 'lastName'>): Notice | null {
  return (
    required(form.email, formMessages.emailRequired) ??
    (form.password !== form.confirmPassword ? passwordChecks.passwordMismatch : null) ??
    checkNewPassword(form.password)
  );
}

export function checkSignInForm(form: { email: string; password: string }): Notice | null {
  if (form.email.trim() === '') return { title: 'Sign-in failed', description: formMessages.emailRequired };
  if (form.password === '') return { title: 'Sign-in failed', description: formMessages.passwordRequired };
  return null;
}

/**
 * The shape of an e-mail address (./email-address.ts), checked before Cognito is asked (the
 * pre-sign-up trigger checks it again). The form sends the address trimmed.
 */
export const looksLikeEmail = (value: string) => isEmailAddress(value.trim());

/** What is wrong with each field of a form, by field; a field without a problem is absent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const orNull = <F extends string>(found: FieldErrors<F>): FieldErrors<F> | null =>
  Object.keys(found).length > 0 ? found : null;

/** An e-mail field's problem: missing, or not shaped like an address. */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return formMessages.emailRequired;
  return looksLikeEmail(email) ? undefined : formMessages.invalidEmail;
}

/** A new password's problem, in the words shown under its field. */
export function newPasswordProblem(password: string): string | undefined {
  return checkNewPassword(password)?.description;
}

/** Sign-in's fields: each one's problem, or null when the form may be sent. */
export function signInFieldErrors(form: { email: string; password: string }): FieldErrors<'email' | 'password'> | null {
  return orNull({
    ...(emailProblem(form.email) ? { email: emailProblem(form.email) } : {}),
    ...(form.password === '' ? { password: formMessages.passwordRequired } : {}),
  });
}

/** Sign-up's fields past the names: each one's problem, or null when the form may be sent. */
export function signUpFieldErrors(
  form: Omit<SignUpForm, 'firstName' | 'lastName'>,
): FieldErrors<'email' | 'password' | 'confirmPassword'> | null {
  const weak = newPasswordProblem(form.password);
  const mismatch = !weak && form.password !== form.confirmPassword;
  return orNull({
    ...(emailProblem(form.email) ? { email: emailProblem(form.email) } : {}),
    ...(weak ? { password: weak } : {}),
    ...(mismatch ? { confirmPassword: passwordChecks.passwordMismatch.description } : {}),
  });
}
