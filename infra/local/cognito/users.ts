/**
 * What this product stores on cognito-local's user records beyond its own fields, and the
 * comparisons Cognito makes on them. cognito-local's JSON database saves a user record whole, so
 * these fields live and persist alongside its own; its answers (GetUser, AdminGetUser, ListUsers)
 * name their members one by one, so none of these ever leaves the port.
 */
import { attributeValue, type User } from './cognito-local-internals';

/** The MFA type name Cognito uses in UserMFASettingList and PreferredMfaSetting. */
export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

/** A user's authenticator app as VerifySoftwareToken left it: the one sign-in codes are checked against. */
export interface SoftwareToken {
  /** Base32, as AssociateSoftwareToken gave it. */
  Secret: string;
  FriendlyDeviceName?: string;
  /**
   * The last TOTP time step (Unix time / 30 s) a code of this secret was accepted for: a code is
   * good once (RFC 6238 section 5.2), and so is any code of an earlier step.
   */
  LastUsedStep?: number;
}

/**
 * A user as saved here:
 *  - `RevokedOrigins` lists the `origin_jti` of every sign-in whose tokens were revoked (sign-out,
 *    RevokeToken, disabling), so access tokens from it are refused until they expire;
 *  - `PendingSoftwareTokenSecret` is the secret of the last AssociateSoftwareToken, until
 *    VerifySoftwareToken proves the user's app has it; an association removes `SoftwareToken`,
 *    as Cognito's does (operations/two-factor.ts);
 *  - `RetiringRefreshTokens` are refresh tokens a refresh rotated out, with when each stops
 *    working (operations/sessions.ts);
 *  - `SoftwareToken` is the verified authenticator app, with the last step a code was taken for.
 *    Whether sign-in asks for its code is cognito-local's own `UserMFASettingList` (and
 *    `PreferredMfaSetting`), which GetUser and AdminGetUser answer, and a verified app.
 *    (cognito-local's `SoftwareTokenMfaConfiguration` is not used: its own TOTP targets, which
 *    read it, are not loaded, and it has no room for the last step taken.)
 *  - `WebAuthnCredentials` are the user's passkeys (operations/passkeys.ts), each with the public
 *    key and sign counter a sign-in is verified against.
 */
export type StoredUser = User & {
  RevokedOrigins?: string[];
  PendingSoftwareTokenSecret?: string;
  SoftwareToken?: SoftwareToken;
  RetiringRefreshTokens?: Record<string, number>;
  WebAuthnCredentials?: StoredPasskey[];
};

/** A passkey as CompleteWebAuthnRegistration verified it. */
export interface StoredPasskey {
  /** Base64url, as the authenticator named it. */
  CredentialId: string;
  /** The COSE public key, base64url. */
  PublicKey: string;
  /** The authenticator's sign counter as last reported (0: it keeps none). */
  Counter: number;
  Transports: string[];
  AuthenticatorAttachment?: string;
  RelyingPartyId: string;
  FriendlyCredentialName: string;
  /** Epoch seconds. */
  CreatedAt: number;
}

const isPasskey = (p: unknown): p is StoredPasskey => {
  if (typeof p !== 'object' || p === null) return false;
  const r = p as Record<string, unknown>;
  return (
    typeof r.CredentialId === 'string' &&
    typeof r.PublicKey === 'string' &&
    typeof r.Counter === 'number' &&
    Array.isArray(r.Transports) &&
    typeof r.RelyingPartyId === 'string' &&
    typeof r.FriendlyCredentialName === 'string' &&
    typeof r.CreatedAt === 'number'
  );
};

/** The user's passkeys, oldest first. */
export function passkeysOf(user: User): StoredPasskey[] {
  const stored: unknown = 'WebAuthnCredentials' in user ? user.WebAuthnCredentials : undefined;
  return Array.isArray(stored) ? stored.filter(isPasskey) : [];
}

/** Refresh tokens a rotation replaced, each with the time (epoch ms) it stops working. */
export function retiringRefreshTokens(user: User): Record<string, number> {
  const stored: unknown = 'RetiringRefreshTokens' in user ? user.RetiringRefreshTokens : undefined;
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(Object.entries(stored).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

export function revokedOrigins(user: User): string[] {
  const stored: unknown = 'RevokedOrigins' in user ? user.RevokedOrigins : undefined;
  return Array.isArray(stored) ? stored.filter((o): o is string => typeof o === 'string') : [];
}

/** The user's verified authenticator app, if any. */
export function softwareTokenOf(user: User): SoftwareToken | null {
  const stored: unknown = 'SoftwareToken' in user ? user.SoftwareToken : undefined;
  if (typeof stored !== 'object' || stored === null || !('Secret' in stored) || typeof stored.Secret !== 'string')
    return null;
  const device =
    'FriendlyDeviceName' in stored && typeof stored.FriendlyDeviceName === 'string'
      ? { FriendlyDeviceName: stored.FriendlyDeviceName }
      : {};
  const step =
    'LastUsedStep' in stored && typeof stored.LastUsedStep === 'number' ? { LastUsedStep: stored.LastUsedStep } : {};
  return { Secret: stored.Secret, ...device, ...step };
}

/** The secret of an association not yet verified, if any. */
export function pendingSecretOf(user: User): string | null {
  const stored: unknown = 'PendingSoftwareTokenSecret' in user ? user.PendingSoftwareTokenSecret : undefined;
  return typeof stored === 'string' ? stored : null;
}

/**
 * Whether sign-in asks this user for an authenticator code: turned on, with a verified app (an
 * association not yet verified leaves it listed as on, and asks for nothing, as Cognito does).
 */
export function softwareTokenMfaEnabled(user: User): boolean {
  return (user.UserMFASettingList ?? []).includes(SOFTWARE_TOKEN_MFA) && softwareTokenOf(user) !== null;
}

/** E-mail addresses are compared case-insensitively, as Cognito does for the sign-in alias. */
export function sameEmail(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

/** The status of a user made by a federated sign-in (Google_...): it signs in at its provider only. */
export const EXTERNAL_PROVIDER = 'EXTERNAL_PROVIDER';

export const isFederated = (user: User): boolean => user.UserStatus === EXTERNAL_PROVIDER;

/**
 * Whether `email` is this user's e-mail as a sign-in name: an e-mail account's, in any case. A
 * federated user's e-mail is an attribute only, as in Cognito: not found by it, nor taking it.
 */
export function signsInWithEmail(user: User, email: unknown): boolean {
  return !isFederated(user) && sameEmail(attributeValue('email', user.Attributes), email);
}
