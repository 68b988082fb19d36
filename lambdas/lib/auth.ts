/**
 * Who is calling, from the JWT claims the HTTP API authorizer (or the local gateway) verified.
 * The authorizer has already checked signature, issuer, audience, expiry and scope.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { userPoolDefinition } from '../../infra/definitions/user-pool';
import { apiMessages } from '../../shared/messages';
import { Forbidden, Unauthorized } from './errors';

export interface Caller {
  sub: string;
  username: string;
  groups: string[];
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

export function requireAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new Forbidden(apiMessages.adminOnly);
}

/** A client route's `{userId}`/`{uid}` (or body `userId`) must be the caller's own; admins may read any. */
export function requireOwner(caller: Caller, userId: string, { adminMayAct }: { adminMayAct: boolean }): void {
  if (userId === caller.sub) return;
  if (adminMayAct && caller.isAdmin) return;
  throw new Forbidden(apiMessages.notYours);
}
