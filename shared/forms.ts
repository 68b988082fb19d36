/**
 * The form checks of spec.md section 5, and the date rule deposits share with the API. They
 * use the same amount parser and words as the API's schemas (validation.ts), without zod, so
 * the web can run them before it sends anything at no download cost.
 */
import { DAY_MS } from './growth';
import { apiMessages, type Notice, validation } from './messages';
import { type AmountRules, type Cents, formatUsd, parseDollarText } from './money';
import { hasUnsafeCharacters } from './text';

export const MIN_PASSWORD_LENGTH = 6;
/** Cognito's API limit on a password, and its pattern: no white space at either end. */
export const MAX_PASSWORD_LENGTH = 256;
/** Deposits may be recorded late (a transfer that arrived last week), but not absurdly late. */
export const MAX_BACKDATE_MS = 366 * DAY_MS;
/** Clock skew tolerated between the admin's browser and the server. */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** A deposit date must be neither in the future nor more than a year back. */
export function checkDepositDate(at: number, now: number): string | null {
  if (at > now + FUTURE_SKEW_MS) return apiMessages.futureTimestamp;
  if (at < now - MAX_BACKDATE_MS) return apiMessages.timestampTooOld;
  return null;
}

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

export type FormAmount = { ok: true; cents: Cents } | { ok: false; notice: Notice };

function formAmount(text: string, notice: Notice, rules: AmountRules = {}): FormAmount {
  const parsed = parseDollarText(text, rules);
  return parsed.ok ? { ok: true, cents: parsed.cents } : { ok: false, notice };
}

/** The client's withdrawal dialog: a positive amount no larger than the eligible profit. */
export function checkWithdrawalRequestAmount(text: string, totalEligibleProfitCents: Cents): FormAmount {
  const amount = formAmount(text, validation.invalidWithdrawalAmount);
  if (amount.ok && amount.cents > totalEligibleProfitCents) {
    return { ok: false, notice: validation.amountTooHigh(formatUsd(totalEligibleProfitCents)) };
  }
  return amount;
}

export const checkDepositAmount = (text: string): FormAmount => formAmount(text, validation.invalidDepositAmount);
export const checkAdminWithdrawalAmount = (text: string): FormAmount => formAmount(text, validation.invalidAdminWithdrawalAmount);
export const checkBalanceAmount = (text: string): FormAmount => formAmount(text, validation.invalidBalance, { allowZero: true });
