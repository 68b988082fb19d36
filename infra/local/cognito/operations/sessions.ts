/**
 * Tokens after they are issued: real Cognito checks an access token's signature, expiry and
 * revocation on every call that takes one, refreshes only with an unrevoked refresh token of the
 * same client (rotating it, as the app client says), and a sign-out revokes every token of the
 * user. cognito-local checks none of this.
 */
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { cognitoError, notAuthorized, refusal } from '../errors';
import type { IssuedTokens } from '../token-issuer';
import { decodeJwt, verifyJwt } from '../tokens';
import { retiringRefreshTokens, revokedOrigins, type StoredUser } from '../users';
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import type { OperationContext } from './context';

export async function checkAccessToken(env: OperationContext, token: unknown) {
  const result = verifyJwt(env.key, token, env.issuerOf(env.userPoolId));
  if (!result.ok)
    throw notAuthorized(result.reason === 'expired' ? 'Access Token has expired' : 'Invalid Access Token');
  const payload = result.payload;
  if (payload.token_use !== 'access') throw notAuthorized('Invalid Access Token');
  const user = await env.pool.getUserByUsername(env.ctx, String(payload.username));
  if (!user) throw refusal('userNotFound');
  if (typeof payload.origin_jti === 'string' && revokedOrigins(user).includes(payload.origin_jti))
    throw notAuthorized('Access Token has been revoked');
  if (!user.Enabled) throw refusal('userDisabled');
  return { payload, user };
}

/** The user and session a refresh token stands for, after Cognito's checks. */
async function refreshedSession(env: OperationContext, token: unknown, client: AppClient, pool: UserPoolService) {
  if (typeof token !== 'string' || !token)
    throw cognitoError('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
  const result = verifyJwt(env.key, token, String(decodeJwt(token)?.iss));
  if (!result.ok)
    throw notAuthorized(result.reason === 'expired' ? 'Refresh Token has expired' : 'Invalid Refresh Token');
  const payload = result.payload;
  if (payload.token_use !== 'refresh' || payload.client_id !== client.ClientId)
    throw notAuthorized('Invalid Refresh Token');
  const user = await pool.getUserByRefreshToken(env.ctx, token);
  if (!user) throw notAuthorized('Refresh Token has been revoked');
  const retiresAt = retiringRefreshTokens(user)[token];
  if (retiresAt !== undefined && env.now() >= retiresAt) {
    await pool.saveUser(env.ctx, withoutRefreshToken(user, token));
    throw notAuthorized('Invalid Refresh Token');
  }
  if (!user.Enabled) throw refusal('userDisabled');
  const scope = typeof payload.scope === 'string' ? { scope: payload.scope } : {};
  const amr = Array.isArray(payload.amr) ? { amr: payload.amr.filter((m): m is string => typeof m === 'string') } : {};
  return {
    user,
    token,
    session: { originJti: String(payload.origin_jti), authTime: Number(payload.auth_time), ...scope, ...amr },
  };
}

/** The user's live refresh tokens, as cognito-local stores them (a list that may be missing). */
function storedRefreshTokens(user: User): string[] {
  const stored: unknown = user.RefreshTokens;
  return Array.isArray(stored) ? stored.filter((t): t is string => typeof t === 'string') : [];
}

function withoutRefreshToken(user: User, token: string): StoredUser {
  const { [token]: _gone, ...retiring } = retiringRefreshTokens(user);
  return {
    ...user,
    RefreshTokens: storedRefreshTokens(user).filter((t) => t !== token),
    RetiringRefreshTokens: retiring,
  };
}

/**
 * A refresh as the app client's rotation makes it (GetTokensFromRefreshToken): new access, ID and
 * refresh tokens of the same session, and the refresh token given retired once the grace for a
 * retry is over (shared/user-pool.ts). Within it, the old token rotates again.
 */
export async function rotateRefreshToken(
  env: OperationContext,
  token: unknown,
  client: AppClient,
  pool: UserPoolService,
  clientMetadata?: Record<string, string>,
): Promise<IssuedTokens> {
  const found = await refreshedSession(env, token, client, pool);
  const groups = await pool.listUserGroupMembership(env.ctx, found.user);
  const tokens = await env.issueTokens(found.user, groups, client, {
    source: 'TokenGeneration_RefreshTokens',
    refresh: found.session,
    clientMetadata,
  });
  // Read again: the trigger may have saved the user while the tokens were issued.
  const user = (await pool.getUserByUsername(env.ctx, found.user.Username)) ?? found.user;
  const retiring = retiringRefreshTokens(user);
  const updated: StoredUser = {
    ...user,
    RefreshTokens: [...storedRefreshTokens(user), tokens.RefreshToken],
    RetiringRefreshTokens: {
      ...retiring,
      [found.token]: retiring[found.token] ?? env.now() + def.refreshTokenRotationGraceSeconds * 1000,
    },
  };
  await pool.saveUser(env.ctx, updated);
  return tokens;
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
  const updated: StoredUser = {
    ...user,
    RefreshTokens: [],
    RetiringRefreshTokens: {},
    RevokedOrigins: [...revoked],
    UserLastModifiedDate: env.clock.get(),
  };
  await pool.saveUser(env.ctx, updated);
}
