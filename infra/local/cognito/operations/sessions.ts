/**
 * Tokens after they are issued: real Cognito checks an access token's signature, expiry and
 * revocation on every call that takes one, refreshes only with an unrevoked refresh token of the
 * same client, and a sign-out revokes every token of the user. cognito-local checks none of this.
 */
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { cognitoError, notAuthorized, refusal } from '../errors';
import type { IssuedTokens } from '../token-issuer';
import { decodeJwt, verifyJwt } from '../tokens';
import { revokedOrigins, type StoredUser } from '../users';
import type { OperationContext } from './context';

export async function checkAccessToken(env: OperationContext, token: unknown) {
  const result = verifyJwt(env.key, token, env.issuerOf(env.userPoolId));
  if (!result.ok) throw notAuthorized(result.reason === 'expired' ? 'Access Token has expired' : 'Invalid Access Token');
  const payload = result.payload;
  if (payload.token_use !== 'access') throw notAuthorized('Invalid Access Token');
  const user = await env.pool.getUserByUsername(env.ctx, String(payload.username));
  if (!user) throw refusal('userNotFound');
  if (typeof payload.origin_jti === 'string' && revokedOrigins(user).includes(payload.origin_jti)) throw notAuthorized('Access Token has been revoked');
  if (!user.Enabled) throw refusal('userDisabled');
  return { payload, user };
}

/**
 * New access and ID tokens for a refresh token, which stays the same (as in Cognito without
 * rotation), as does the session's `auth_time`: the time of the sign-in that opened it.
 */
export async function refreshTokens(env: OperationContext, token: unknown, client: AppClient, pool: UserPoolService, clientMetadata?: Record<string, string>): Promise<IssuedTokens> {
  if (typeof token !== 'string' || !token) throw cognitoError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
  const result = verifyJwt(env.key, token, String(decodeJwt(token)?.iss));
  if (!result.ok) throw notAuthorized(result.reason === 'expired' ? 'Refresh Token has expired' : 'Invalid Refresh Token');
  const payload = result.payload;
  if (payload.token_use !== 'refresh' || payload.client_id !== client.ClientId) throw notAuthorized('Invalid Refresh Token');
  const user = await pool.getUserByRefreshToken(env.ctx, token);
  if (!user) throw notAuthorized('Refresh Token has been revoked');
  if (!user.Enabled) throw refusal('userDisabled');
  const groups = await pool.listUserGroupMembership(env.ctx, user);
  const scope = typeof payload.scope === 'string' ? { scope: payload.scope } : {};
  const refresh = { token, originJti: String(payload.origin_jti), authTime: Number(payload.auth_time), ...scope };
  return env.issueTokens(user, groups, client, { source: 'TokenGeneration_RefreshTokens', refresh, clientMetadata });
}

function refreshOrigins(user: User): string[] {
  const tokens: unknown = user.RefreshTokens;
  return (Array.isArray(tokens) ? tokens : [])
    .map((t: unknown) => decodeJwt(t)?.origin_jti)
    .filter((o): o is string => typeof o === 'string');
}

/** Refresh tokens removed, and the access tokens issued with them refused from now on. */
export async function revokeAll(env: OperationContext, pool: UserPoolService, user: User): Promise<void> {
  const revoked = new Set<string>([...revokedOrigins(user), ...refreshOrigins(user)]);
  const updated: StoredUser = { ...user, RefreshTokens: [], RevokedOrigins: [...revoked], UserLastModifiedDate: env.clock.get() };
  await pool.saveUser(env.ctx, updated);
}
