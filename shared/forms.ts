/**
 * The account form checks of spec.md section 5 (sign-in, sign-up, passwords, names). They use the
 * same words as the API's schemas (validation.ts), without zod, so the web can run them before it
 * sends anything at no download cost. The money forms' checks are in ./amount-forms, apart: the
 * sign-in page loads this module and needs nothing of money.
 */
import { apiMessages, type Notice, validation } from './messages';
import { FORMULA_SIGN, hasUnsafeCharacters } from './text';

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

/** A `;` anywhere, or a formula sign at the start (behind any spaces). */
const NOT_IN_A_NAME = new RegExp(`;|^\\s*${FORMULA_SIGN.source}`);

/**
 * One name's problem, or null. Names go into the admins' balances export, opened in spreadsheets:
 * a `;` is a cell break where `;` is the list separator, and a name starting with = + - @ is a
 * formula, so neither is a name (the export defuses them anyway, shared/statement.ts; this keeps
 * them out of every other place a name is copied to). Control characters, tab included, and
 * text-direction overrides are refused as in any typed text. Apostrophes, hyphens inside and
 * accents are names: O'Brien, Anne-Marie, José.
 */
export function checkName(name: string): string | null {
  if (hasUnsafeCharacters(name)) return apiMessages.nameUnsafeCharacters;
  return NOT_IN_A_NAME.test(name) ? apiMessages.nameFormulaCharacters : null;
}

/** The sign-up names, as the pre-sign-up trigger checks them in Cognito: the first problem, or null. */
export function checkNames(...names: (string | undefined)[]): string | null {
  return names.map((name) => (name === undefined ? null : checkName(name))).find((problem) => problem) ?? null;
}

/** Each name field's problem, for a form to show at the field (null when fine). */
export interface NameFieldErrors {
  firstName: string | null;
  lastName: string | null;
}

/** The name fields' problems (required, then checkName), or null when both are fine. */
export function checkNameFields(firstName: string, lastName: string): NameFieldErrors | null {
  const problemOf = (name: string, required: string) => (name.trim() ? checkName(name) : required);
  const errors = { firstName: problemOf(firstName, apiMessages.firstNameRequired), lastName: problemOf(lastName, apiMessages.lastNameRequired) };
  return errors.firstName || errors.lastName ? errors : null;
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
