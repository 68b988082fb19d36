/**
 * The rules for a person's names, shared by the sign-up and account forms, the pre-sign-up trigger
 * and the names route. A module of its own, apart from forms.ts: the sign-in page (the first
 * screen) loads forms.ts and needs none of this.
 */
import { apiMessages } from './messages';
import { FORMULA_SIGN, hasUnsafeCharacters } from './text';

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
  const errors = {
    firstName: problemOf(firstName, apiMessages.firstNameRequired),
    lastName: problemOf(lastName, apiMessages.lastNameRequired),
  };
  return errors.firstName || errors.lastName ? errors : null;
}
