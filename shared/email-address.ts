/**
 * The one rule for an e-mail address the product takes (sign-up above all: the address is the
 * user name, and Cognito mails a code to it). Applied by the web form at its field, by the
 * pre-sign-up trigger, and by the local Cognito, so an address that reaches Cognito has a plain
 * shape: what the HTML standard calls a valid e-mail address (a browser's e-mail field), at most
 * 254 characters.
 *
 * So no white space or control character at all (CR and LF would start a new mail header; Cognito's
 * user-name pattern refuses them too), and none of `<>()[]\,;:"` or a space (markup, display names,
 * quoted local parts: what a mail client or a console might render or split on).
 */
const LOCAL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const ADDRESS = new RegExp(`^${LOCAL}@${LABEL}(?:\\.${LABEL})+$`);

export const MAX_EMAIL_LENGTH = 254;

/** Whether `value`, exactly as given (no trimming), is an address the product takes. */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && ADDRESS.test(value);
}

/** Any character Cognito's user-name pattern ([\p{L}\p{M}\p{S}\p{N}\p{P}]+) refuses: white space, control, format, unassigned. */
export const outsideCognitoUserNamePattern = (value: string): boolean => /[^\p{L}\p{M}\p{S}\p{N}\p{P}]/u.test(value);
