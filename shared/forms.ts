/**
 * The account form checks of spec.md section 5 (sign-in, sign-up, passwords, names). They use the
 * same words as the API's schemas (validation.ts), without zod, so the web can run them before it
 * sends anything at no download cost. The money forms' checks are in ./amount-forms, apart: the
 * sign-in page loads this module and needs nothing of money.
 */
import { apiMessages, type Notice, validation } from './messages';
import { hasUnsafeCharacters } from './text';

export const MIN_PASSWORD_LENGTH = 6;
/** Cognito's API limit on a password, and its pattern: no white space at either end. */
export const MAX_PASSWORD_LENGTH = 256;

// Each check returns the toast to show, or null when the form may be sent.

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

/** The sign-up names, as the pre-sign-up trigger checks them in Cognito (null when acceptable). */
export function checkNames(...names: (string | undefined)[]): string | null {
  return names.some((name) => name !== undefined && hasUnsafeCharacters(name)) ? apiMessages.nameUnsafeCharacters : null;
}

/** A password Cognito will take (spec minimum, the API's maximum and its no-edge-spaces pattern). */
export function checkNewPassword(password: string): Notice | null {
  if (password.length < MIN_PASSWORD_LENGTH) return validation.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return { title: 'Password too long', description: apiMessages.passwordTooLong };
  if (password.trim() !== password) return { title: 'Invalid password', description: apiMessages.passwordEdgeSpaces };
  return null;
}

export function checkSignUpForm(form: SignUpForm): Notice | null {
  const unsafeName = checkNames(form.firstName, form.lastName);
  return (
    required(form.firstName, apiMessages.firstNameRequired) ??
    required(form.lastName, apiMessages.lastNameRequired) ??
    (unsafeName ? { title: 'Sign-up failed', description: unsafeName } : null) ??
    required(form.email, apiMessages.emailRequired) ??
    (form.password !== form.confirmPassword ? validation.passwordMismatch : null) ??
    checkNewPassword(form.password)
  );
}

export function checkSignInForm(form: { email: string; password: string }): Notice | null {
  if (form.email.trim() === '') return { title: 'Sign-in failed', description: apiMessages.emailRequired };
  if (form.password === '') return { title: 'Sign-in failed', description: apiMessages.passwordRequired };
  return null;
}
