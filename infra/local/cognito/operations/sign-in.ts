/**
 * Signing in and keeping a session: InitiateAuth with the app client's flows: SRP for a password
 * (password-verifier.ts: user-existence error prevention and Cognito's sign-in lockout are kept
 * there) and choice-based USER_AUTH (user-auth.ts: the password, or a passkey: passkey-challenge.ts); what a right password leads to (the user's state, the SOFTWARE_TOKEN_MFA
 * challenge of a user with two-factor sign-in on (two-factor.ts), or tokens); GetTokensFromRefreshToken
 * (which cognito-local lacks), rotating the refresh token, with real checks (the product's client
 * allows no refresh through InitiateAuth, and no admin flow); RespondToAuthChallenge
 * for PASSWORD_VERIFIER, NEW_PASSWORD_REQUIRED, SOFTWARE_TOKEN_MFA, WEB_AUTHN and SELECT_CHALLENGE (cognito-local's needs
 * otplib, forgets the refresh token, and takes any Session for a new password).
 */
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import {
  UnsupportedError,
  attributesAppend,
  attributesToRecord,
  type AppClient,
  type User,
  type UserPoolService,
} from '../cognito-local-internals';
import { cognitoError, invalidParameter, refusal } from '../errors';
import { clientMetadataOf, recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import type { TokenSource } from '../token-issuer';
import { softwareTokenMfaEnabled } from '../users';
import { appClient, assertPassword, flowAllowed, limitKey } from './checks';
import { createChallengeSessions, newSessionId } from './challenge-sessions';
import type { OperationContext, Operations } from './context';
import { PASSWORD_VERIFIER, createPasswordVerifier, type PasswordAccepted } from './password-verifier';
import { WEB_AUTHN, createPasskeyChallenge, type PasskeyAccepted } from './passkey-challenge';
import { rotateRefreshToken } from './sessions';
import type { TwoFactorChallenge } from './two-factor-challenge';
import { USER_AUTH, createUserAuth } from './user-auth';

const NEW_PASSWORD_REQUIRED = 'NEW_PASSWORD_REQUIRED';

/**
 * Tokens for `user`, its refresh token stored so that refresh and sign-out find it: the sign-in
 * succeeded, so its lockout count starts afresh. `amr` says how it was made (a password unless told).
 */
export async function signedIn(
  env: OperationContext,
  user: User,
  client: AppClient,
  pool: UserPoolService,
  source: TokenSource,
  req: CognitoRequest,
  amr: readonly string[] = def.signInMethods.password,
): Promise<CognitoResponse> {
  const groups = await pool.listUserGroupMembership(env.ctx, user);
  const tokens = await env.issueTokens(user, groups, client, {
    source,
    amr,
    clientMetadata: clientMetadataOf(req.ClientMetadata),
  });
  env.limits.signInSucceeded(limitKey(user, user.Username));
  await pool.storeRefreshToken(env.ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

/**
 * NEW_PASSWORD_REQUIRED: a user made by AdminCreateUser signs in with its temporary password, then
 * sets the one it will sign in with, in the session that sign-in opened.
 */
function newPasswordStep(env: OperationContext) {
  const sessions = createChallengeSessions<{ username: string }>(env.now);
  return {
    challenge(user: User, client: AppClient): CognitoResponse {
      const session = newSessionId();
      sessions.open(session, client.ClientId, { username: user.Username });
      const userAttributes = JSON.stringify(attributesToRecord(user.Attributes));
      return {
        ChallengeName: NEW_PASSWORD_REQUIRED,
        Session: session,
        ChallengeParameters: { USER_ID_FOR_SRP: user.Username, requiredAttributes: '[]', userAttributes },
      };
    },

    async respond(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse> {
      const responses = recordOf(req.ChallengeResponses);
      if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      if (!req.Session) throw invalidParameter('Missing required parameter Session');
      const session = sessions.live(req.Session, client.ClientId);
      const user = await pool.getUserByUsername(env.ctx, String(responses.USERNAME));
      if (!user || user.Username !== session.data.username || user.UserStatus !== 'FORCE_CHANGE_PASSWORD')
        throw refusal('invalidSession');
      // A password the policy refuses leaves the session open for another.
      const password = responses.NEW_PASSWORD;
      assertPassword(env, password, 'password');
      session.used = true;
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
      return signedIn(env, updated, client, pool, 'TokenGeneration_NewPasswordChallenge', req);
    },
  };
}

export function signInOperations(env: OperationContext, twoFactor: TwoFactorChallenge): Operations {
  const newPassword = newPasswordStep(env);

  /**
   * After the right password: an unconfirmed user hears UserNotConfirmedException only now, as in
   * Cognito. The lockout count is left as it is until tokens are issued: a right password followed
   * by wrong codes must not buy the codes a fresh count.
   */
  const passwordAccepted: PasswordAccepted = async (user, client, pool, req) => {
    if (!user.Enabled) throw refusal('userDisabled');
    if (user.UserStatus === 'UNCONFIRMED') throw cognitoError('UserNotConfirmedException', 'User is not confirmed.');
    if (user.UserStatus === 'RESET_REQUIRED')
      throw cognitoError('PasswordResetRequiredException', 'Password reset required for the user');
    if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') return newPassword.challenge(user, client);
    if (user.UserStatus !== 'CONFIRMED') throw refusal('incorrectPassword');
    // The second factor, instead of tokens.
    if (softwareTokenMfaEnabled(user)) return twoFactor.challenge(user, client);
    return signedIn(env, user, client, pool, 'TokenGeneration_Authentication', req);
  };
  const verifier = createPasswordVerifier(env, passwordAccepted);

  /**
   * After a verified passkey: the user's state as after a password, then tokens at once (a passkey
   * with user verification is multi-factor, so no code is asked for).
   */
  const passkeyAccepted: PasskeyAccepted = async (user, client, pool, req) => {
    if (!user.Enabled) throw refusal('userDisabled');
    if (user.UserStatus !== 'CONFIRMED') throw refusal('passkeyNotVerified');
    return signedIn(env, user, client, pool, 'TokenGeneration_Authentication', req, def.signInMethods.passkey);
  };
  const passkeys = createPasskeyChallenge(env, passkeyAccepted);
  const userAuth = createUserAuth(env, { verifier, passkeys, passwordAccepted });

  return {
    async InitiateAuth(req) {
      const { client, pool } = await appClient(env, req.ClientId);
      if (req.AuthFlow === 'USER_SRP_AUTH') return verifier.initiate(client, pool, req);
      if (req.AuthFlow === USER_AUTH) return userAuth.initiate(client, pool, req);
      // USER_PASSWORD_AUTH among them: the product's client does not allow the password to be sent,
      // and it rotates refresh tokens, which only GetTokensFromRefreshToken does.
      throw invalidParameter(`${String(req.AuthFlow)} flow not enabled for this client`);
    },

    async AdminInitiateAuth(req) {
      // In AWS the product's client allows no admin flow (ALLOW_ADMIN_USER_PASSWORD_AUTH is off),
      // so a password cannot skip the lockout here; its one flow, SRP, is InitiateAuth's.
      const { client } = await appClient(env, req.ClientId);
      const flow = req.AuthFlow === 'ADMIN_NO_SRP_AUTH' ? 'ADMIN_USER_PASSWORD_AUTH' : String(req.AuthFlow);
      if (!flowAllowed(client, flow)) throw invalidParameter('Auth flow not enabled for this client');
      throw new UnsupportedError(`AdminInitiateAuth with AuthFlow=${flow}`);
    },

    async GetTokensFromRefreshToken(req) {
      const { client, pool } = await appClient(env, req.ClientId);
      return {
        AuthenticationResult: await rotateRefreshToken(
          env,
          req.RefreshToken,
          client,
          pool,
          clientMetadataOf(req.ClientMetadata),
        ),
      };
    },

    async RespondToAuthChallenge(req) {
      const { client, pool } = await appClient(env, req.ClientId);
      if (req.ChallengeName === PASSWORD_VERIFIER) return verifier.respond(client, pool, req);
      if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA') return twoFactor.respond(client, pool, req);
      if (req.ChallengeName === NEW_PASSWORD_REQUIRED) return newPassword.respond(client, pool, req);
      if (req.ChallengeName === WEB_AUTHN) return passkeys.respond(client, pool, req);
      if (req.ChallengeName === 'SELECT_CHALLENGE') return userAuth.select(client, pool, req);
      throw new UnsupportedError(`RespondToAuthChallenge with ChallengeName=${String(req.ChallengeName)}`);
    },
  };
}
