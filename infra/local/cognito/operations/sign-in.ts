/**
 * Signing in and keeping a session: InitiateAuth with the app client's flows, user-existence
 * error prevention and Cognito's sign-in lockout; refresh-token flows and
 * GetTokensFromRefreshToken (which cognito-local lacks) with real checks; the SOFTWARE_TOKEN_MFA
 * challenge of a user with two-factor sign-in on (two-factor.ts); RespondToAuthChallenge for
 * NEW_PASSWORD_REQUIRED and SOFTWARE_TOKEN_MFA (cognito-local's needs otplib and forgets the
 * refresh token).
 */
import { UnsupportedError, attributesAppend, type AppClient, type User, type UserPoolService } from '../cognito-local-internals';
import { incorrectPassword, invalidParameter, notAuthorized, passwordAttemptsExceeded, userDisabled, userNotFound } from '../errors';
import { recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import { isFederated, softwareTokenMfaEnabled } from '../users';
import { appClient, assertPassword, flowAllowed, limitKey, preventsExistenceErrors } from './checks';
import type { OperationContext, Operations } from './context';
import { refreshTokens } from './sessions';
import type { TwoFactor } from './two-factor';

const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

/** The refresh flows of (Admin)InitiateAuth answer without the refresh token they were given. */
async function refreshFlow(env: OperationContext, token: unknown, client: AppClient, pool: UserPoolService): Promise<CognitoResponse> {
  const { RefreshToken: _same, ...rest } = await refreshTokens(env, token, client, pool);
  return { ChallengeParameters: {}, AuthenticationResult: rest };
}

/** cognito-local leaves ExpiresIn and TokenType out of AuthenticationResult; Cognito always has them. */
function withTokenMeta(result: unknown): Record<string, unknown> {
  const tokens = recordOf(result);
  return { ...tokens, ExpiresIn: tokens.ExpiresIn ?? 3600, TokenType: tokens.TokenType ?? 'Bearer' };
}

/**
 * USER_PASSWORD_AUTH. With existence errors prevented an unknown name is answered as a wrong
 * password, and counts towards a lockout like a known one.
 */
async function passwordSignIn(env: OperationContext, twoFactor: TwoFactor, client: AppClient, pool: UserPoolService, req: CognitoRequest) {
  const params = recordOf(req.AuthParameters);
  if (!flowAllowed(client, 'USER_PASSWORD_AUTH')) throw invalidParameter('USER_PASSWORD_AUTH flow not enabled for this client');
  if (!params.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
  const user = await pool.getUserByUsername(env.ctx, String(params.USERNAME));
  if (!user && !preventsExistenceErrors(client)) throw userNotFound();
  const key = limitKey(user, params.USERNAME);
  // Refused during a lockout even with the right password.
  if (env.limits.signInLocked(key)) throw passwordAttemptsExceeded();
  // A federated user (Google_...) signs in at its provider only, as in Cognito.
  if (!user || isFederated(user) || (user.UserStatus !== 'RESET_REQUIRED' && user.Password !== params.PASSWORD)) {
    env.limits.signInFailed(key);
    throw incorrectPassword();
  }
  // From here the password was right: an unconfirmed user hears UserNotConfirmedException.
  if (!user.Enabled) throw userDisabled();
  if (user.UserStatus === 'CONFIRMED') {
    env.limits.signInSucceeded(key);
    // The second factor, instead of tokens.
    if (softwareTokenMfaEnabled(user)) return twoFactor.challenge(user, client);
    // Tokens issued here, not by cognito-local's InitiateAuth: that one asks for a code whenever
    // UserMFASettingList lists one, also while a new association waits to be verified, when
    // Cognito asks for none (two-factor.ts).
    const tokens = env.issueTokens(user, await pool.listUserGroupMembership(env.ctx, user), client);
    await pool.storeRefreshToken(env.ctx, tokens.RefreshToken, user);
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  }
  // Unconfirmed, a new password required, a reset required: cognito-local's answers.
  const result = await env.callTarget('InitiateAuth', req);
  env.limits.signInSucceeded(key);
  if (result.AuthenticationResult) result.AuthenticationResult = withTokenMeta(result.AuthenticationResult);
  return result;
}

/** NEW_PASSWORD_REQUIRED: a user made by AdminCreateUser sets the password it will sign in with. */
async function newPasswordChallenge(env: OperationContext, client: AppClient, pool: UserPoolService, req: CognitoRequest) {
  const responses = recordOf(req.ChallengeResponses);
  if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
  if (!req.Session) throw invalidParameter('Missing required parameter Session');
  const user = await pool.getUserByUsername(env.ctx, String(responses.USERNAME));
  if (!user) throw userNotFound();
  if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized('Invalid session for the user.');
  const password = responses.NEW_PASSWORD;
  assertPassword(env, password, 'password');
  const extra = Object.entries(responses)
    .filter(([k]) => k.startsWith('userAttributes.'))
    .map(([k, v]) => ({ Name: k.slice('userAttributes.'.length), Value: String(v) }));
  const updated: User = {
    ...user,
    Password: password,
    UserStatus: 'CONFIRMED',
    Attributes: extra.length ? attributesAppend(user.Attributes, ...extra) : user.Attributes,
    UserLastModifiedDate: env.clock.get(),
  };
  await pool.saveUser(env.ctx, updated);
  const tokens = env.issueTokens(updated, await pool.listUserGroupMembership(env.ctx, updated), client);
  await pool.storeRefreshToken(env.ctx, tokens.RefreshToken, updated);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

export function signInOperations(env: OperationContext, twoFactor: TwoFactor): Operations {
  return {
    async InitiateAuth(req) {
      const { client, pool } = await appClient(env, req.ClientId);
      if (req.AuthFlow === 'USER_PASSWORD_AUTH') return passwordSignIn(env, twoFactor, client, pool, req);
      if (typeof req.AuthFlow === 'string' && REFRESH_FLOWS.has(req.AuthFlow)) {
        return refreshFlow(env, recordOf(req.AuthParameters).REFRESH_TOKEN, client, pool);
      }
      throw invalidParameter(`${String(req.AuthFlow)} flow not enabled for this client`);
    },

    async AdminInitiateAuth(req) {
      // cognito-local ignores the client's flows; in AWS the product's client allows no admin
      // flow (ALLOW_ADMIN_USER_PASSWORD_AUTH is off), so a password cannot skip the lockout here.
      const { client, pool } = await appClient(env, req.ClientId);
      const flow = req.AuthFlow === 'ADMIN_NO_SRP_AUTH' ? 'ADMIN_USER_PASSWORD_AUTH' : String(req.AuthFlow);
      if (!flowAllowed(client, flow)) throw invalidParameter('Auth flow not enabled for this client');
      if (REFRESH_FLOWS.has(flow)) return refreshFlow(env, recordOf(req.AuthParameters).REFRESH_TOKEN, client, pool);
      return env.callTarget('AdminInitiateAuth', req);
    },

    async GetTokensFromRefreshToken(req) {
      const { client, pool } = await appClient(env, req.ClientId);
      return { AuthenticationResult: await refreshTokens(env, req.RefreshToken, client, pool) };
    },

    async RespondToAuthChallenge(req) {
      const { client, pool } = await appClient(env, req.ClientId);
      if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA') return twoFactor.respond(client, pool, req);
      if (req.ChallengeName !== 'NEW_PASSWORD_REQUIRED') {
        throw new UnsupportedError(`RespondToAuthChallenge with ChallengeName=${String(req.ChallengeName)}`);
      }
      return newPasswordChallenge(env, client, pool, req);
    },
  };
}
