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
 * Pure: the admin check (http/admin-sessions.ts) reads the record and acts on the decision.
 */
import type { SecurityMoments } from '../data/security-record';

/**
 * The second factor Cognito says an admin has: an authenticator app, or, for a Google user,
 * Google's own (no app here: only the admin moment counts for them).
 */
export type AdminFactor = 'authenticatorApp' | 'federated';

export type AdminPowerDecision =
  /** The session signed in after the epoch: admin power. */
  | { kind: 'grant' }
  /** The record says the second factor is not in force (a new secret waits, or it was turned off). */
  | { kind: 'noSecondFactor' }
  /** The session signed in before the epoch (or says nothing of when). */
  | { kind: 'signInAgain' }
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

/**
 * The decision for a caller Cognito says is an enabled admin with `factor`, from their record and
 * their token's `auth_time`.
 */
export function decideAdminPower(input: {
  factor: AdminFactor;
  record: SecurityMoments;
  authTimeSeconds: number | undefined;
}): AdminPowerDecision {
  const { factor, record, authTimeSeconds } = input;
  const usesApp = factor === 'authenticatorApp';
  // Turned off through the product: Cognito's answer may be up to a minute old (admin-membership.ts).
  const turnedOff = record.totpDisabledAt !== undefined && totpMomentOf(record) === undefined;
  if (usesApp && (record.pendingAssociationAt !== undefined || turnedOff)) return { kind: 'noSecondFactor' };
  const missing: ('adminSince' | 'totpEnabledAt')[] = [];
  const adminMoment = adminMomentOf(record);
  if (adminMoment === undefined) missing.push('adminSince');
  if (usesApp && record.totpEnabledAt === undefined) missing.push('totpEnabledAt');
  if (missing.length > 0) return { kind: 'record', moments: missing };
  const epoch = Math.max(
    adminMoment ?? Infinity,
    usesApp ? (totpMomentOf(record) ?? Infinity) : -Infinity,
    record.passwordChangedAt ?? -Infinity,
  );
  return signedInSince(authTimeSeconds, epoch) ? { kind: 'grant' } : { kind: 'signInAgain' };
}
