/**
 * Who is calling, from the JWT claims the HTTP API authorizer (or the local gateway) verified.
 * The authorizer has already checked signature, issuer, audience, expiry and scope.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { userPoolDefinition } from '../../shared/user-pool';
import type { RouteDef } from '../../shared/api';
import { apiMessages } from '../../shared/messages';
import { adminStanding, type MembershipLookup } from './admin-membership';
import { Forbidden, Unauthorized } from './errors';

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
}

/**
 * `cognito:groups` arrives as a JSON array from a token, but HTTP API flattens it to the string
 * "[admins]" (or "[admins editors]"); both forms are read here and nowhere else.
 */
export function parseGroups(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(/[\s,]+/)
    .map((g) => g.replace(/^"|"$/g, ''))
    .filter((g) => g.length > 0);
}

export function callerOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw new Unauthorized(apiMessages.unauthorized);
  const groups = parseGroups(claims['cognito:groups']);
  const username = typeof claims.username === 'string' ? claims.username : sub;
  return { sub, username, groups, isAdmin: groups.includes(userPoolDefinition.adminGroup) };
}

/**
 * The caller as a handler sees it: an admin only on routes that use admin power (admin routes,
 * and client routes admins may read) and only while Cognito still says so, since a token's
 * groups are those of the moment it was issued. An admin without a second factor has no admin
 * power anywhere: on a client route they read only their own, as a client.
 */
export async function confirmedCaller(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  route: Pick<RouteDef, 'auth' | 'adminMayRead'>,
  standingOf: MembershipLookup = adminStanding,
): Promise<Caller> {
  const caller = callerOf(event);
  if (!caller.isAdmin) return caller;
  const usesAdminPower = route.auth === 'admin' || route.adminMayRead === true;
  if (!usesAdminPower) return { ...caller, isAdmin: false };
  const standing = await standingOf(caller.username);
  if (standing === 'adminWithoutTwoFactor') return { ...caller, isAdmin: false, adminWithoutTwoFactor: true };
  return { ...caller, isAdmin: standing === 'admin' };
}

/** Refuses all but a confirmed admin; one who only lacks a second factor is told to set it up. */
export function requireAdmin(caller: Caller): void {
  if (caller.isAdmin) return;
  throw new Forbidden(caller.adminWithoutTwoFactor === true ? apiMessages.twoFactorRequired : apiMessages.adminOnly);
}

/**
 * A client route's `{userId}`/`{uid}` (or body `userId`) must be the caller's own; a confirmed
 * admin may read any on the routes that allow it (see confirmedCaller). An admin without a second
 * factor reading someone else's is told why (the console's client pages land here), not that it
 * is not theirs.
 */
export function requireOwner(caller: Caller, userId: string): void {
  if (userId === caller.sub || caller.isAdmin) return;
  throw new Forbidden(caller.adminWithoutTwoFactor === true ? apiMessages.twoFactorRequired : apiMessages.notYours);
}
