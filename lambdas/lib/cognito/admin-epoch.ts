/**
 * Which sessions of an administrator may use admin power: only one whose sign-in passed the
 * second factor after it was required of them. Cognito alone cannot say: a refresh token from a
 * password-only sign-in keeps refreshing after the user sets up an authenticator app or joins
 * `admins`, into access tokens that then carry both. So the moments when the second factor went
 * on and when the user became an admin are recorded (security-record.ts), and a token's
 * `auth_time` (the sign-in it descends from, kept across refreshes) must not be older than the
 * later of the two: the admin epoch. A password change or reset counts too: it ends every session,
 * and the access tokens those sessions still hold (the API's authorizer checks signatures, not
 * revocations) must not keep admin power for their last minutes.
 *
 * Passkeys (WebAuthn with user verification) are both factors in one: a session that signed in
 * with one is an admin's strong session whatever Cognito says of an authenticator app, so an
 * admin with passkeys and no app gets admin power on passkey sessions only. Adding or removing a
 * passkey ends every session too, and counts in the epoch for the same reason as a password
 * change. A stage may require passkeys of admins (adminPasskeyRequired): then only passkey
 * sessions get admin power, a code's or Google's sign-in none.
 *
 * Pure: the admin check (http/admin-sessions.ts) reads the record and acts on the decision.
 */
import type { SecurityMoments } from '../data/security-record';

/**
 * The second factor Cognito says an admin has: an authenticator app, or, for a Google user,
 * Google's own (no app here: only the admin moment counts for them), or none (a password alone,
 * unless the session signed in with a passkey, which Cognito does not list as a second factor).
 */
export type AdminFactor = 'authenticatorApp' | 'federated' | 'none';

export type AdminPowerDecision =
  /** The session signed in after the epoch: admin power. */
  | { kind: 'grant' }
  /** The record says the second factor is not in force (a new secret waits, or it was turned off). */
  | { kind: 'noSecondFactor' }
  /** The session signed in before the epoch (or says nothing of when). */
  | { kind: 'signInAgain' }
  /** The stage requires passkeys of admins and this session did not sign in with one. */
  | { kind: 'passkeyRequired' }
  /**
   * Cognito says admin with a second factor, but the record never saw the moment (an admin or an
   * app added in the Cognito console, or before these records existed): record it now, end every
   * session, and refuse this one.
   */
  | { kind: 'record'; moments: ('adminSince' | 'totpEnabledAt')[] };

/** When the current admin membership began, or undefined when none is recorded (or it was removed since). */
export function adminMomentOf(record: SecurityMoments): number | undefined {
  const { adminSince, adminRemovedAt } = record;
  if (adminSince === undefined) return undefined;
  return adminRemovedAt !== undefined && adminRemovedAt >= adminSince ? undefined : adminSince;
}

/** When the authenticator app in force was confirmed, or undefined when the record says none is. */
export function totpMomentOf(record: SecurityMoments): number | undefined {
  const { totpEnabledAt, totpDisabledAt } = record;
  if (totpEnabledAt === undefined) return undefined;
  return totpDisabledAt !== undefined && totpDisabledAt >= totpEnabledAt ? undefined : totpEnabledAt;
}

/** When a passkey was last added or removed through the product, or undefined when never. */
export function passkeyMomentOf(record: SecurityMoments): number | undefined {
  const { passkeyAddedAt, passkeyRemovedAt } = record;
  if (passkeyAddedAt === undefined) return passkeyRemovedAt;
  return passkeyRemovedAt === undefined ? passkeyAddedAt : Math.max(passkeyAddedAt, passkeyRemovedAt);
}

/**
 * Whether a sign-in at `authTimeSeconds` (a token's `auth_time`: whole seconds) certainly came at
 * or after `epochMs`. A sign-in within the epoch's own second cannot be told from one just before
 * it, so it does not count: the user signs in again a moment later.
 */
export function signedInSince(authTimeSeconds: number | undefined, epochMs: number): boolean {
  return authTimeSeconds !== undefined && Number.isFinite(authTimeSeconds) && authTimeSeconds * 1000 >= epochMs;
}

/** Whether a sign-in at `authTimeSeconds` was within `withinMs` before `now` (and not in the future). */
export function signedInWithin(authTimeSeconds: number | undefined, now: number, withinMs: number): boolean {
  if (authTimeSeconds === undefined || !Number.isFinite(authTimeSeconds)) return false;
  const at = authTimeSeconds * 1000;
  // The second's end: a sign-in a moment ago may carry the current second.
  return at > now - withinMs && at <= now;
}

/** The first moment a sign-in counts from, after an epoch: the start of the next whole second (or the epoch itself on one). */
export function firstCountingSignIn(epochMs: number): number {
  return Math.ceil(epochMs / 1000) * 1000;
}

/** What the admin check knows of a caller Cognito says is an enabled admin. */
export interface AdminSessionFacts {
  factor: AdminFactor;
  record: SecurityMoments;
  /** The token's `auth_time` (seconds). */
  authTimeSeconds: number | undefined;
  /** The session signed in with a passkey with user verification (lambdas/lib/http/sign-in-method.ts). */
  passkeySession?: boolean;
  /** The stage's adminPasskeyRequired: only passkey sessions get admin power. */
  passkeyRequired?: boolean;
}

/** The moments every admin session must have signed in after, whatever its factor. */
function commonEpoch(record: SecurityMoments, adminMoment: number): number {
  return Math.max(adminMoment, record.passwordChangedAt ?? -Infinity, passkeyMomentOf(record) ?? -Infinity);
}

/**
 * The decision for a caller Cognito says is an enabled admin with `factor`, from their record, their
 * token's `auth_time` and how the session signed in.
 */
export function decideAdminPower(input: AdminSessionFacts): AdminPowerDecision {
  const { factor, record, authTimeSeconds } = input;
  // A Google admin's session never signed in with a Cognito passkey, whatever its token says.
  const passkeySession = input.passkeySession === true && factor !== 'federated';
  if (input.passkeyRequired === true && !passkeySession) return { kind: 'passkeyRequired' };
  if (passkeySession) return decidePasskeySession(record, authTimeSeconds);
  if (factor === 'none') return { kind: 'noSecondFactor' };
  const usesApp = factor === 'authenticatorApp';
  // Turned off through the product: Cognito's answer may be up to a minute old (admin-membership.ts).
  const turnedOff = record.totpDisabledAt !== undefined && totpMomentOf(record) === undefined;
  if (usesApp && (record.pendingAssociationAt !== undefined || turnedOff)) return { kind: 'noSecondFactor' };
  const missing: ('adminSince' | 'totpEnabledAt')[] = [];
  const adminMoment = adminMomentOf(record);
  if (adminMoment === undefined) missing.push('adminSince');
  if (usesApp && record.totpEnabledAt === undefined) missing.push('totpEnabledAt');
  if (adminMoment === undefined || missing.length > 0) return { kind: 'record', moments: missing };
  const epoch = Math.max(commonEpoch(record, adminMoment), usesApp ? (totpMomentOf(record) ?? Infinity) : -Infinity);
  return signedInSince(authTimeSeconds, epoch) ? { kind: 'grant' } : { kind: 'signInAgain' };
}

/**
 * A passkey session: the passkey with user verification was both factors, so neither the app's
 * moments nor a waiting secret matter; the admin moment, a password change and the passkeys'
 * own changes do.
 */
function decidePasskeySession(record: SecurityMoments, authTimeSeconds: number | undefined): AdminPowerDecision {
  const adminMoment = adminMomentOf(record);
  if (adminMoment === undefined) return { kind: 'record', moments: ['adminSince'] };
  return signedInSince(authTimeSeconds, commonEpoch(record, adminMoment)) ? { kind: 'grant' } : { kind: 'signInAgain' };
}
