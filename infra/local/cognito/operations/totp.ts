/**
 * Authenticator-app codes as Cognito takes them: RFC 6238 (SHA-1, 6 digits, 30-second steps), one
 * step early or late for clock drift, and the request constraints of the API model on a code.
 */
import { Secret, TOTP } from 'otpauth';
import { invalidParameter } from '../errors';
import { validationMessage } from '../validation';

/** Cognito's TOTP: the parameters every authenticator app assumes. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes one step before or after the current one are taken (clock drift between phone and server). */
const TOTP_WINDOW = 1;
/** 20 random bytes: 32 base32 characters, the length of Cognito's SecretCode. */
const SECRET_BYTES = 20;

/** A new secret, base32, as AssociateSoftwareToken gives it. */
export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

/** Throws on a secret that is no base32. */
export function assertBase32(secret: string): void {
  Secret.fromBase32(secret);
}

/** The time step whose code `code` is (within the drift window) for `secret` at `at`, or null. */
export function matchingStep(secret: string, code: unknown, at = Date.now()): number | null {
  if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) return null;
  try {
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      timestamp: at,
      window: TOTP_WINDOW,
    });
    return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at }) + delta;
  } catch {
    return null; // a stored secret that is no base32 matches nothing
  }
}

/** The API model's constraints on UserCode (6 characters, digits), with its validation wording. */
export function assertUserCode(code: unknown): asserts code is string {
  if (typeof code !== 'string')
    throw invalidParameter(
      "1 validation error detected: Value null at 'userCode' failed to satisfy constraint: Member must not be null",
    );
  const invalid = validationMessage([
    ...(/^[0-9]+$/.test(code)
      ? []
      : ["Value at 'userCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9]+"]),
    ...(code.length < 6
      ? ["Value at 'userCode' failed to satisfy constraint: Member must have length greater than or equal to 6"]
      : []),
    ...(code.length > 6
      ? ["Value at 'userCode' failed to satisfy constraint: Member must have length less than or equal to 6"]
      : []),
  ]);
  if (invalid) throw invalidParameter(invalid);
}
