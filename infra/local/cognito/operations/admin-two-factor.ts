/**
 * AdminSetUserMFAPreference, which cognito-local lacks: the operator's SetUserMFAPreference, for a
 * user named by pool and username instead of the user's own access token (`npm run admin --
 * reset-two-factor` turns off the authenticator app of a user who lost it). As SetUserMFAPreference
 * does here (two-factor.ts): this pool has only software token MFA, which turns on only with a
 * verified app, and an association not yet verified refuses either change.
 */
import { refusal } from '../errors';
import type { StoredUser } from '../users';
import { poolNamed, userNamed } from './checks';
import type { OperationContext, Operations } from './context';
import { mfaPreferenceChange } from './two-factor';

export function adminTwoFactorOperations(env: OperationContext): Operations {
  return {
    async AdminSetUserMFAPreference(req) {
      const pool = await poolNamed(env, req.UserPoolId);
      const user: StoredUser | null = await userNamed(env, pool, req.Username);
      if (!user) throw refusal('userNotFound');
      const change = mfaPreferenceChange(user, req);
      if (!change) return {};
      const updated: StoredUser = { ...user, ...change, UserLastModifiedDate: env.clock.get() };
      await pool.saveUser(env.ctx, updated);
      return {};
    },
  };
}
