/**
 * The account form checks of spec.md section 5 (sign-in, sign-up, passwords, names). They use the
 * same words as the API's schemas (validation.ts), without zod, so the web can run them before it
 * sends anything at no download cost. The money forms' checks are in ./amount-forms, apart: the
 * sign-in page loads this module and needs nothing of money.
 */
import { apiMessages, type Notice, validation } from './messages';

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

/** A password Cognito will take (spec minimum, the API's maximum and its no-edge-spaces pattern). */
export function checkNewPassword(password: string): Notice | null {
  if (password.length < MIN_PASSWORD_LENGTH) return validation.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return { title: 'Password too long', description: apiMessages.passwordTooLong };
  if (password.trim() !== password) return { title: 'Invalid password', description: apiMessages.passwordEdgeSpaces };
  return null;
}

/** The sign-up form past its names (checkNameFields, shown at the name fields): the toast to show, or null. */
export function checkSignUpForm(form: Omit<SignUpForm, 'firstName' | 'lastName'>): Notice | null {
  return (
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
