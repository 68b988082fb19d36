/**
 * Who is calling, from the JWT claims the HTTP API authorizer (or the local gateway) verified.
 * The authorizer has already checked signature, issuer, audience, expiry and scope.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { userPoolDefinition } from '../../../shared/user-pool';
import { type RouteDef, usesAdminPower } from '../../../shared/api';
import { apiMessages } from '../../../shared/messages';
import { adminStanding, type AdminStanding, type MembershipLookup } from './admin-membership';
import { type AdminSessionCheck, checkAdminSession } from './admin-sessions';
import { Forbidden, Unauthorized } from './errors';
import { refusals } from '../../../shared/refusals';
import { listClaim, type SignInMethod, signInMethodOf } from './sign-in-method';
import type { AdminFactor } from '../cognito/admin-epoch';

export interface Caller {
  sub: string;
  username: string;
  groups: string[];
  /**
   * From callerOf: what the token claims. From confirmedCaller: confirmed with Cognito where admin
   * power is used (member of admins, enabled, with a second factor), else false.
   */
  isAdmin: boolean;
  /**
   * From confirmedCaller only: Cognito says admin, but the user has no second factor yet, so
   * isAdmin is false and a refusal says to set one up (apiMessages.twoFactorRequired).
   */
  adminWithoutTwoFactor?: boolean;
  /**
   * From confirmedCaller only: an admin with a second factor, but this session's sign-in came
   * before it was required of them (admin-epoch.ts), so isAdmin is false and a refusal says to
   * sign in again (apiMessages.adminSignInAgain).
   */
  adminMustSignInAgain?: boolean;
  /**
   * From confirmedCaller only: an admin on a stage that requires passkeys of admins
   * (adminPasskeyRequired), whose session did not sign in with one: isAdmin is false and a refusal
   * says to add one and sign in with it (apiMessages.passkeyRequired).
   */
  adminPasskeyRequired?: boolean;
  /** How the session signed in, from the token's `amr` (sign-in-method.ts), kept across refreshes. */
  signInMethod: SignInMethod;
  /** The token's `auth_time`: when the sign-in it descends from happened (epoch seconds), kept across refreshes. */
  authTime?: number;
}

/**
 * `cognito:groups` arrives as a JSON array from a token, but HTTP API flattens it to the string
 * "[admins]" (or "[admins editors]"); both forms are read by listClaim (sign-in-method.ts).
 */
export function parseGroups(claim: unknown): string[] {
  return listClaim(claim) ?? [];
}

export function callerOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw new Unauthorized(refusals.unauthorized);
  const groups = parseGroups(claims['cognito:groups']);
  const username = typeof claims.username === 'string' ? claims.username : sub;
  const authTime = numericClaim(claims.auth_time);
  return {
    sub,
    username,
    groups,
    isAdmin: groups.includes(userPoolDefinition.adminGroup),
    signInMethod: signInMethodOf(claims.amr),
    ...(authTime === undefined ? {} : { authTime }),
  };
}

/** A number claim: HTTP API hands every claim over as a string ("1712345678"), a decoded token as a number. */
function numericClaim(claim: unknown): number | undefined {
  const value = typeof claim === 'string' && /^\d+$/.test(claim) ? Number(claim) : claim;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** The access token the caller sent (the authorizer has verified it), for Cognito calls made as the caller. */
export function bearerTokenOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): string {
  const headers = event.headers ?? {};
  const name = Object.keys(headers).find((k) => k.toLowerCase() === 'authorization');
  const token = /^Bearer\s+(\S+)$/i.exec(name === undefined ? '' : (headers[name] ?? ''))?.[1];
  if (!token) throw new Unauthorized(refusals.unauthorized);
  return token;
}

/**
 * The caller as a handler sees it: an admin only on routes that use admin power (admin routes,
 * and client routes admins may read) and only while Cognito still says so, since a token's
 * groups are those of the moment it was issued; and only from a session that signed in with the
 * second factor after it was required of them (admin-sessions.ts). An admin without that has no
 * admin power anywhere: on a client route they read only their own, as a client.
 */
export async function confirmedCaller(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  route: Pick<RouteDef, 'auth' | 'adminMayRead'>,
  standingOf: MembershipLookup = adminStanding,
  sessionOf: AdminSessionCheck = checkAdminSession,
): Promise<Caller> {
  const caller = callerOf(event);
  if (!caller.isAdmin) return caller;
  if (!usesAdminPower(route)) return { ...caller, isAdmin: false };
  const standing = await standingOf(caller.username);
  if (standing === 'notAdmin') return { ...caller, isAdmin: false };
  // An admin without an app still has the session's say: a passkey sign-in is both factors.
  const verdict = await sessionOf(caller, FACTOR_OF[standing]);
  if (verdict === 'noSecondFactor') return { ...caller, isAdmin: false, adminWithoutTwoFactor: true };
  if (verdict === 'signInAgain') return { ...caller, isAdmin: false, adminMustSignInAgain: true };
  if (verdict === 'passkeyRequired') return { ...caller, isAdmin: false, adminPasskeyRequired: true };
  return { ...caller, isAdmin: verdict === 'admin' };
}

/** The second factor Cognito names for an admin, as the per-session check (admin-epoch.ts) weighs it. */
const FACTOR_OF: Record<Exclude<AdminStanding, 'notAdmin'>, AdminFactor> = {
  admin: 'authenticatorApp',
  federatedAdmin: 'federated',
  adminWithoutTwoFactor: 'none',
};

/** Why an admin claim gave no admin power, in the words of the refusal; `otherwise` when it was no admin's. */
function refusalFor(caller: Caller, otherwise: string): string {
  if (caller.adminPasskeyRequired === true) return apiMessages.passkeyRequired;
  if (caller.adminMustSignInAgain === true) return apiMessages.adminSignInAgain;
  return caller.adminWithoutTwoFactor === true ? apiMessages.twoFactorRequired : otherwise;
}

/** Refuses all but a confirmed admin; one who lacks a second factor is told to set it up, one whose session predates it to sign in again. */
export function requireAdmin(caller: Caller): void {
  if (caller.isAdmin) return;
  throw new Forbidden(refusalFor(caller, apiMessages.adminOnly));
}

/**
 * A client route's `{userId}`/`{uid}` (or body `userId`) must be the caller's own; a confirmed
 * admin may read any on the routes that allow it (see confirmedCaller). An admin without a second
 * factor reading someone else's is told why (the console's client pages land here), not that it
 * is not theirs.
 */
export function requireOwner(caller: Caller, userId: string): void {
  if (userId === caller.sub || caller.isAdmin) return;
  throw new Forbidden(refusalFor(caller, refusals.notYours));
}
