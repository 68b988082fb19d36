/**
 * AdminSetUserMFAPreference, which cognito-local lacks: the operator's SetUserMFAPreference, for a
 * user named by pool and username instead of the user's own access token (`npm run admin --
 * reset-two-factor` turns off the authenticator app of a user who lost it). As SetUserMFAPreference
 * does here (two-factor.ts): this pool has only software token MFA, which turns on only with a
 * verified app, and an association not yet verified refuses either change.
 */
import { invalidParameter, userNotFound } from '../errors';
import { recordOf } from '../request';
import { pendingSecretOf, SOFTWARE_TOKEN_MFA, softwareTokenOf, type StoredUser } from '../users';
import { poolNamed, userNamed } from './checks';
import type { OperationContext, Operations } from './context';

export function adminTwoFactorOperations(env: OperationContext): Operations {
  return {
    async AdminSetUserMFAPreference(req) {
      const pool = await poolNamed(env, req.UserPoolId);
      const user: StoredUser | null = await userNamed(env, pool, req.Username);
      if (!user) throw userNotFound();
      for (const [member, type] of [['SMSMfaSettings', 'SMS_MFA'], ['EmailMfaSettings', 'EMAIL_OTP']] as const) {
        if (recordOf(req[member]).Enabled === true) throw invalidParameter(`User does not have delivery config set to turn on ${type}`);
      }
      if (req.SoftwareTokenMfaSettings === undefined) return {};
      const settings = recordOf(req.SoftwareTokenMfaSettings);
      const enabled = settings.Enabled === true;
      if (pendingSecretOf(user)) throw invalidParameter('User has not verified software token mfa');
      if (enabled && !softwareTokenOf(user)) throw invalidParameter(`User does not have delivery config set to turn on ${SOFTWARE_TOKEN_MFA}`);
      const others = (user.UserMFASettingList ?? []).filter((m) => m !== SOFTWARE_TOKEN_MFA);
      const list = enabled ? [...others, SOFTWARE_TOKEN_MFA] : others;
      const keptPreference = user.PreferredMfaSetting !== SOFTWARE_TOKEN_MFA ? user.PreferredMfaSetting : undefined;
      const updated: StoredUser = {
        ...user,
        UserMFASettingList: list.length > 0 ? list : undefined,
        PreferredMfaSetting: enabled && settings.PreferredMfa === true ? SOFTWARE_TOKEN_MFA : keptPreference,
        UserLastModifiedDate: env.clock.get(),
      };
      await pool.saveUser(env.ctx, updated);
      return {};
    },
  };
}
