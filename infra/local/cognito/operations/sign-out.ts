/**
 * Ending sessions: GlobalSignOut and AdminUserGlobalSignOut (which cognito-local lacks), and
 * AdminDisableUser and RevokeToken, after which Cognito refuses the tokens already issued; here
 * their origins are recorded on the user (users.ts) and checked with every access token.
 */
import { decodeJwt } from '../tokens';
import { refusal } from '../errors';
import { revokedOrigins, type StoredUser } from '../users';
import { appClient, poolNamed, userNamed } from './checks';
import type { OperationContext, Operations } from './context';
import { checkAccessToken, revokeAll } from './sessions';

export function signOutOperations(env: OperationContext): Operations {
  return {
    async AdminUserGlobalSignOut(req) {
      const pool = await poolNamed(env, req.UserPoolId);
      const user = await userNamed(env, pool, req.Username);
      if (!user) throw refusal('userNotFound');
      await revokeAll(env, pool, user);
      return {};
    },

    async GlobalSignOut(req) {
      const { user } = await checkAccessToken(env, req.AccessToken);
      await revokeAll(env, env.pool, user);
      return {};
    },

    async AdminDisableUser(req) {
      const result = await env.callTarget('AdminDisableUser', req);
      const pool = await poolNamed(env, req.UserPoolId);
      const user = await userNamed(env, pool, req.Username);
      if (user) await revokeAll(env, pool, user);
      return result;
    },

    async RevokeToken(req) {
      const origin = decodeJwt(req.Token)?.origin_jti;
      const result = await env.callTarget('RevokeToken', req);
      const { pool } = await appClient(env, req.ClientId);
      const username = decodeJwt(req.Token)?.username;
      const user = typeof username === 'string' ? await pool.getUserByUsername(env.ctx, username) : null;
      if (user && typeof origin === 'string') {
        const updated: StoredUser = { ...user, RevokedOrigins: [...revokedOrigins(user), origin] };
        await pool.saveUser(env.ctx, updated);
      }
      return result;
    },
  };
}
