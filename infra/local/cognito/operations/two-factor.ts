/**
 * Two-factor sign-in with an authenticator app (TOTP), as the product's pool has it (MFA
 * OPTIONAL, software token only: shared/user-pool.ts `mfa`). cognito-local's own TOTP targets are
 * not loaded (see cognito-local-internals.ts) and keep one secret with no checks; here:
 *  - AssociateSoftwareToken gives a new secret, pending until verified. As in Cognito, which keeps
 *    one software token per user ("break before make"), it takes the place of the app the user
 *    had: until the new one is verified, sign-in asks for no code, though GetUser and
 *    AdminGetUser still list SOFTWARE_TOKEN_MFA, and SetUserMFAPreference refuses to touch
 *    software token MFA;
 *  - VerifySoftwareToken with a code of the pending secret makes it the user's authenticator app
 *    (and sign-in asks for codes again if they were on);
 *  - SetUserMFAPreference turns sign-in codes on (only with a verified app) or off;
 *  - sign-in asks a user who has them on for a code once the password is proven
 *    (two-factor-challenge.ts).
 * Codes: totp.ts. Where the state lives: users.ts.
 */
import type { User } from '../cognito-local-internals';
import { invalidParameter, refusal } from '../errors';
import { recordOf, type CognitoRequest } from '../request';
import { SOFTWARE_TOKEN_MFA, pendingSecretOf, softwareTokenOf, type StoredUser } from '../users';
import type { OperationContext, Operations } from './context';
import { checkAccessToken } from './sessions';
import { assertBase32, assertUserCode, matchingStep, newTotpSecret } from './totp';
import { createTwoFactorChallenge, type TwoFactorChallenge } from './two-factor-challenge';

/** Software token MFA must be on for the pool before a user can associate or verify one. */
function assertPoolAllowsSoftwareTokens(env: OperationContext): void {
  if (env.pool.options.SoftwareTokenMfaConfiguration?.Enabled !== true) throw refusal('poolSoftwareTokenOff');
}

/** The user an AccessToken-or-Session request is for; only the access token form has a user here. */
async function userOfRequest(env: OperationContext, req: CognitoRequest): Promise<User> {
  if (req.AccessToken !== undefined && req.Session !== undefined)
    throw invalidParameter('Only one of AccessToken or Session may be given');
  // A Session is for MFA_SETUP, which Cognito asks for only where the pool requires MFA; this
  // pool's MFA is optional, so no such session ever exists.
  if (req.Session !== undefined) throw refusal('invalidSession');
  if (req.AccessToken === undefined) throw invalidParameter('Missing required parameter AccessToken');
  return (await checkAccessToken(env, req.AccessToken)).user;
}

/** The MFA settings a user has after turning software token MFA on or off. */
function withSoftwareTokenMfa(
  user: User,
  enabled: boolean,
  preferred: boolean,
): Pick<User, 'UserMFASettingList' | 'PreferredMfaSetting'> {
  const list = (user.UserMFASettingList ?? []).filter((m) => m !== SOFTWARE_TOKEN_MFA);
  if (enabled) list.push(SOFTWARE_TOKEN_MFA);
  const keep = user.PreferredMfaSetting !== SOFTWARE_TOKEN_MFA ? user.PreferredMfaSetting : undefined;
  return {
    UserMFASettingList: list.length ? list : undefined,
    PreferredMfaSetting: enabled && preferred ? SOFTWARE_TOKEN_MFA : keep,
  };
}

/**
 * What a SetUserMFAPreference or AdminSetUserMFAPreference request changes on `user`, or null when
 * it leaves the authenticator app alone; refused as Cognito refuses it.
 */
export function mfaPreferenceChange(
  user: StoredUser,
  req: CognitoRequest,
): Pick<User, 'UserMFASettingList' | 'PreferredMfaSetting'> | null {
  // This pool sends no SMS and no e-mail codes: those can only be left off.
  for (const [member, type] of [
    ['SMSMfaSettings', 'SMS_MFA'],
    ['EmailMfaSettings', 'EMAIL_OTP'],
  ] as const) {
    if (recordOf(req[member]).Enabled === true)
      throw invalidParameter(`User does not have delivery config set to turn on ${type}`);
  }
  if (req.SoftwareTokenMfaSettings === undefined) return null;
  const settings = recordOf(req.SoftwareTokenMfaSettings);
  const enabled = settings.Enabled === true;
  // Associated and not verified: Cognito refuses turning it on and off alike.
  if (pendingSecretOf(user)) throw invalidParameter('User has not verified software token mfa');
  if (enabled && !softwareTokenOf(user))
    throw invalidParameter(`User does not have delivery config set to turn on ${SOFTWARE_TOKEN_MFA}`);
  return withSoftwareTokenMfa(user, enabled, settings.PreferredMfa === true);
}

function softwareTokenOperations(env: OperationContext): Operations {
  return {
    async AssociateSoftwareToken(req) {
      const user = await userOfRequest(env, req);
      assertPoolAllowsSoftwareTokens(env);
      const secret = newTotpSecret();
      // The verified app goes (see the header); UserMFASettingList stays as it was.
      const { SoftwareToken: _replaced, ...rest }: StoredUser = user;
      const updated: StoredUser = {
        ...rest,
        PendingSoftwareTokenSecret: secret,
        UserLastModifiedDate: env.clock.get(),
      };
      await env.pool.saveUser(env.ctx, updated);
      return { SecretCode: secret };
    },

    async VerifySoftwareToken(req) {
      assertUserCode(req.UserCode);
      const user = await userOfRequest(env, req);
      assertPoolAllowsSoftwareTokens(env);
      const pending = pendingSecretOf(user);
      if (!pending) throw invalidParameter('User has not associated a software token');
      const step = matchingStep(pending, req.UserCode);
      if (step === null) throw refusal('enableSoftwareTokenMismatch');
      const { PendingSoftwareTokenSecret: _verified, ...rest }: StoredUser = user;
      const device =
        typeof req.FriendlyDeviceName === 'string' && req.FriendlyDeviceName
          ? { FriendlyDeviceName: req.FriendlyDeviceName }
          : {};
      // Whether sign-in asks for codes stays as SetUserMFAPreference left it.
      const updated: StoredUser = {
        ...rest,
        SoftwareToken: { Secret: pending, ...device, LastUsedStep: step },
        UserLastModifiedDate: env.clock.get(),
      };
      await env.pool.saveUser(env.ctx, updated);
      return { Status: 'SUCCESS' };
    },

    async SetUserMFAPreference(req) {
      const { user } = await checkAccessToken(env, req.AccessToken);
      const change = mfaPreferenceChange(user, req);
      if (!change) return {};
      const updated: User = { ...user, ...change, UserLastModifiedDate: env.clock.get() };
      await env.pool.saveUser(env.ctx, updated);
      return {};
    },
  };
}

export interface TwoFactor extends TwoFactorChallenge {
  operations: Operations;
}

export function createTwoFactor(env: OperationContext): TwoFactor {
  return { operations: softwareTokenOperations(env), ...createTwoFactorChallenge(env) };
}

/**
 * Local only, never reachable over HTTP (seeding and tests): gives the user an authenticator app
 * with this base32 secret, verified, on and preferred, exactly as AssociateSoftwareToken,
 * VerifySoftwareToken and SetUserMFAPreference would leave it.
 */
export async function setUpSoftwareTokenMfa(env: OperationContext, username: string, secret: string): Promise<void> {
  assertBase32(secret);
  const user = await env.pool.getUserByUsername(env.ctx, username);
  if (!user) throw new Error(`no user ${username} in the local user pool`);
  const { PendingSoftwareTokenSecret: _none, ...rest }: StoredUser = user;
  const updated: StoredUser = {
    ...rest,
    SoftwareToken: { Secret: secret },
    ...withSoftwareTokenMfa(user, true, true),
    UserLastModifiedDate: env.clock.get(),
  };
  await env.pool.saveUser(env.ctx, updated);
}
