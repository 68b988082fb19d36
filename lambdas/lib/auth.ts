/**
 * Who is calling, from the JWT claims the HTTP API authorizer (or the local gateway) verified.
 * The authorizer has already checked signature, issuer, audience, expiry and scope.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { userPoolDefinition } from '../../shared/user-pool';
import type { RouteDef } from '../../shared/api';
import { apiMessages } from '../../shared/messages';
import { isStillAdmin, type MembershipLookup } from './admin-membership';
import { Forbidden, Unauthorized } from './errors';

export interface Caller {
  sub: string;
  username: string;
  groups: string[];
  /** From callerOf: what the token claims. From confirmedCaller: confirmed with Cognito where admin power is used, else false. */
  isAdmin: boolean;
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
 * groups are those of the moment it was issued.
 */
export async function confirmedCaller(
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  route: Pick<RouteDef, 'auth' | 'adminMayRead'>,
  stillAdmin: MembershipLookup = isStillAdmin,
): Promise<Caller> {
  const caller = callerOf(event);
  if (!caller.isAdmin) return caller;
  const usesAdminPower = route.auth === 'admin' || route.adminMayRead === true;
  return { ...caller, isAdmin: usesAdminPower && (await stillAdmin(caller.username)) };
}

export function requireAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new Forbidden(apiMessages.adminOnly);
}

/**
 * A client route's `{userId}`/`{uid}` (or body `userId`) must be the caller's own; a confirmed
 * admin may read any on the routes that allow it (see confirmedCaller).
 */
export function requireOwner(caller: Caller, userId: string): void {
  if (userId === caller.sub || caller.isAdmin) return;
  throw new Forbidden(apiMessages.notYours);
}
