/**
 * What this product stores on cognito-local's user records beyond its own fields, and the
 * comparisons Cognito makes on them.
 */
import type { User } from './cognito-local-internals';

/**
 * A user as saved here: `RevokedOrigins` lists the `origin_jti` of every sign-in whose tokens were
 * revoked (sign-out, RevokeToken, disabling), so access tokens from it are refused until they expire.
 */
export type StoredUser = User & { RevokedOrigins?: string[] };

export function revokedOrigins(user: User): string[] {
  const stored: unknown = 'RevokedOrigins' in user ? user.RevokedOrigins : undefined;
  return Array.isArray(stored) ? stored.filter((o): o is string => typeof o === 'string') : [];
}

/** E-mail addresses are compared case-insensitively, as Cognito does for the sign-in alias. */
export function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}
