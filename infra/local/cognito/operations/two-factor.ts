/**
 * Two-factor sign-in with an authenticator app (TOTP), as the product's pool has it (MFA
 * OPTIONAL, software token only: shared/user-pool.ts `mfa`). cognito-local's own TOTP targets are
 * not loaded (see cognito-local-internals.ts) and keep one secret with no checks; here:
 *  - AssociateSoftwareToken gives a new secret, pending until verified. As in Cognito, which keeps
 *    one software token per user ("break before make": aws-amplify/amplify-js#1226, #3844), it
 *    takes the place of the app the user had: until the new one is verified, sign-in asks for no
 *    code, though GetUser and AdminGetUser still list SOFTWARE_TOKEN_MFA, and
 *    SetUserMFAPreference refuses to touch software token MFA;
 *  - VerifySoftwareToken with a code of the pending secret makes it the user's authenticator app
 *    (and sign-in asks for codes again if they were on);
 *  - SetUserMFAPreference turns sign-in codes on (only with a verified app) or off;
 *  - sign-in (sign-in.ts) answers a user who has them on, once the password is proven (the SRP
 *    PASSWORD_VERIFIER challenge), with a SOFTWARE_TOKEN_MFA challenge instead of tokens, and
 *    RespondToAuthChallenge with a code and the challenge's Session gives the tokens.
 * Codes are RFC 6238 (SHA-1, 6 digits, 30-second steps), taken one step early or late for clock
 * drift, and each step's code once. Where the state lives: users.ts.
 *
 * Challenge sessions live in memory: a restart ends them, as 3 minutes would. A session is good
 * for AUTH_SESSION_MS on the operations' clock (`env.now`, which tests move), for one success,
 * and for CODE_TRIES wrong codes. Each wrong code also counts towards the user's sign-in lockout
 * (limits.ts), across sessions: new challenges do not buy new guesses.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import {
  enableSoftwareTokenMismatch,
  invalidParameter,
  invalidSession,
  mfaCodeMismatch,
  passwordAttemptsExceeded,
  poolSoftwareTokenOff,
  sessionExpired,
  sessionUsed,
  softwareTokenNotFound,
  userDisabled,
} from '../errors';
import { clientMetadataOf, recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import { SOFTWARE_TOKEN_MFA, pendingSecretOf, softwareTokenOf, type StoredUser } from '../users';
import { limitKey } from './checks';
import type { OperationContext, Operations } from './context';
import { checkAccessToken } from './sessions';

/** Cognito's TOTP: the parameters every authenticator app assumes. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes one step before or after the current one are taken (clock drift between phone and server). */
const TOTP_WINDOW = 1;
/** 20 random bytes: 32 base32 characters, the length of Cognito's SecretCode. */
const SECRET_BYTES = 20;

/** An app client's AuthSessionValidity when not set (the product's client does not set it): 3 minutes. */
export const AUTH_SESSION_MS = 3 * 60_000;
/** Wrong codes one challenge session takes; after that only a new sign-in goes on. */
export const CODE_TRIES = 3;
/** How long an ended or expired session is remembered, to answer why it is refused. */
export const REMEMBER_MS = 15 * 60_000;

/** The time step whose code `code` is (within the drift window) for `secret` at `at`, or null. */
export function matchingStep(secret: string, code: unknown, at = Date.now()): number | null {
  if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) return null;
  try {
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      timestamp: at,
      window: TOTP_WINDOW,
    });
    return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at }) + delta;
  } catch {
    return null; // a stored secret that is no base32 matches nothing
  }
}

/** The API model's constraints on UserCode (6 characters, digits), with its validation wording. */
function assertUserCode(code: unknown): asserts code is string {
  if (typeof code !== 'string') throw invalidParameter("1 validation error detected: Value null at 'userCode' failed to satisfy constraint: Member must not be null");
  const problems = [
    ...(/^[0-9]+$/.test(code) ? [] : ["Value at 'userCode' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9]+"]),
    ...(code.length < 6 ? ["Value at 'userCode' failed to satisfy constraint: Member must have length greater than or equal to 6"] : []),
    ...(code.length > 6 ? ["Value at 'userCode' failed to satisfy constraint: Member must have length less than or equal to 6"] : []),
  ];
  if (problems.length === 0) return;
  const count = problems.length === 1 ? '1 validation error detected' : `${problems.length} validation errors detected`;
  throw invalidParameter(`${count}: ${problems.join('; ')}`);
}

/** Software token MFA must be on for the pool before a user can associate or verify one. */
function assertPoolAllowsSoftwareTokens(env: OperationContext): void {
  if (env.pool.options.SoftwareTokenMfaConfiguration?.Enabled !== true) throw poolSoftwareTokenOff();
}

/** The user an AccessToken-or-Session request is for; only the access token form has a user here. */
async function userOfRequest(env: OperationContext, req: CognitoRequest): Promise<User> {
  if (req.AccessToken !== undefined && req.Session !== undefined) throw invalidParameter('Only one of AccessToken or Session may be given');
  // A Session is for MFA_SETUP, which Cognito asks for only where the pool requires MFA; this
  // pool's MFA is optional, so no such session ever exists.
  if (req.Session !== undefined) throw invalidSession();
  if (req.AccessToken === undefined) throw invalidParameter('Missing required parameter AccessToken');
  return (await checkAccessToken(env, req.AccessToken)).user;
}

/** The MFA settings a user has after turning software token MFA on or off. */
function withSoftwareTokenMfa(user: User, enabled: boolean, preferred: boolean): Pick<User, 'UserMFASettingList' | 'PreferredMfaSetting'> {
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
export function mfaPreferenceChange(user: StoredUser, req: CognitoRequest): Pick<User, 'UserMFASettingList' | 'PreferredMfaSetting'> | null {
  // This pool sends no SMS and no e-mail codes: those can only be left off.
  for (const [member, type] of [['SMSMfaSettings', 'SMS_MFA'], ['EmailMfaSettings', 'EMAIL_OTP']] as const) {
    if (recordOf(req[member]).Enabled === true) throw invalidParameter(`User does not have delivery config set to turn on ${type}`);
  }
  if (req.SoftwareTokenMfaSettings === undefined) return null;
  const settings = recordOf(req.SoftwareTokenMfaSettings);
  const enabled = settings.Enabled === true;
  // Associated and not verified: Cognito refuses turning it on and off alike (amplify-js#3844).
  if (pendingSecretOf(user)) throw invalidParameter('User has not verified software token mfa');
  if (enabled && !softwareTokenOf(user)) throw invalidParameter(`User does not have delivery config set to turn on ${SOFTWARE_TOKEN_MFA}`);
  return withSoftwareTokenMfa(user, enabled, settings.PreferredMfa === true);
}

/** A new, unguessable challenge session string (Cognito's are opaque, 20 to 2048 characters). */
export const newSessionId = () => randomBytes(64).toString('base64url');

interface ChallengeSession {
  username: string;
  clientId: string;
  expiresAt: number;
  wrongCodes: number;
  used: boolean;
}

export interface TwoFactor {
  operations: Operations;
  /** The answer to the right password of a user whose sign-in asks for a code. */
  challenge(user: User, client: AppClient): CognitoResponse;
  /** RespondToAuthChallenge with ChallengeName SOFTWARE_TOKEN_MFA. */
  respond(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse>;
}

export function createTwoFactor(env: OperationContext): TwoFactor {
  const sessions = new Map<string, ChallengeSession>();

  function forget(now: number) {
    for (const [id, s] of sessions) if (now - s.expiresAt > REMEMBER_MS) sessions.delete(id);
  }

  /** The session `id` names, if it may still take a code; else Cognito's refusal. */
  function liveSession(id: unknown, client: AppClient): ChallengeSession {
    const session = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!session || session.clientId !== client.ClientId) throw invalidSession();
    if (env.now() >= session.expiresAt) throw sessionExpired();
    if (session.used) throw sessionUsed();
    if (session.wrongCodes >= CODE_TRIES) throw invalidSession();
    return session;
  }

  const operations: Operations = {
    async AssociateSoftwareToken(req) {
      const user = await userOfRequest(env, req);
      assertPoolAllowsSoftwareTokens(env);
      const secret = new Secret({ size: SECRET_BYTES }).base32;
      // The verified app goes (see the header); UserMFASettingList stays as it was.
      const { SoftwareToken: _replaced, ...rest }: StoredUser = user;
      const updated: StoredUser = { ...rest, PendingSoftwareTokenSecret: secret, UserLastModifiedDate: env.clock.get() };
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
      if (step === null) throw enableSoftwareTokenMismatch();
      const { PendingSoftwareTokenSecret: _verified, ...rest }: StoredUser = user;
      const device = typeof req.FriendlyDeviceName === 'string' && req.FriendlyDeviceName ? { FriendlyDeviceName: req.FriendlyDeviceName } : {};
      // Whether sign-in asks for codes stays as SetUserMFAPreference left it.
      const updated: StoredUser = { ...rest, SoftwareToken: { Secret: pending, ...device, LastUsedStep: step }, UserLastModifiedDate: env.clock.get() };
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

  return {
    operations,

    challenge(user, client) {
      const now = env.now();
      forget(now);
      const session = newSessionId();
      sessions.set(session, { username: user.Username, clientId: client.ClientId, expiresAt: now + AUTH_SESSION_MS, wrongCodes: 0, used: false });
      const device = softwareTokenOf(user)?.FriendlyDeviceName;
      return {
        ChallengeName: SOFTWARE_TOKEN_MFA,
        Session: session,
        ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...(device ? { FRIENDLY_DEVICE_NAME: device } : {}) },
      };
    },

    async respond(client, pool, req) {
      const responses = recordOf(req.ChallengeResponses);
      if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      if (!req.Session) throw invalidParameter('Missing required parameter Session');
      liveSession(req.Session, client);
      const user = await pool.getUserByUsername(env.ctx, String(responses.USERNAME));
      // Checked again after the wait: another answer may have used or ended it meanwhile.
      const session = liveSession(req.Session, client);
      if (!user || user.Username !== session.username) throw invalidSession();
      if (!user.Enabled) throw userDisabled();
      const token = softwareTokenOf(user);
      if (!token) throw softwareTokenNotFound();
      const code = responses.SOFTWARE_TOKEN_MFA_CODE;
      if (code === undefined || code === '') throw invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
      // The user's sign-in lockout (limits.ts): a wrong code counts as a wrong password does, in
      // every challenge, and during a lockout even the right code is refused, uncounted.
      const key = limitKey(user, user.Username);
      if (env.limits.signInLocked(key)) throw passwordAttemptsExceeded();
      const step = matchingStep(token.Secret, code);
      if (step === null || step <= (token.LastUsedStep ?? -Infinity)) {
        session.wrongCodes += 1;
        env.limits.signInFailed(key);
        throw mfaCodeMismatch();
      }
      session.used = true;
      const updated: StoredUser = { ...user, SoftwareToken: { ...token, LastUsedStep: step } };
      const groups = await pool.listUserGroupMembership(env.ctx, updated);
      const tokens = await env.issueTokens(updated, groups, client, { source: 'TokenGeneration_Authentication', clientMetadata: clientMetadataOf(req.ClientMetadata) });
      env.limits.signInSucceeded(key);
      await pool.storeRefreshToken(env.ctx, tokens.RefreshToken, updated);
      return { ChallengeParameters: {}, AuthenticationResult: tokens };
    },
  };
}

/**
 * Local only, never reachable over HTTP (seeding and tests): gives the user an authenticator app
 * with this base32 secret, verified, on and preferred, exactly as AssociateSoftwareToken,
 * VerifySoftwareToken and SetUserMFAPreference would leave it.
 */
export async function setUpSoftwareTokenMfa(env: OperationContext, username: string, secret: string): Promise<void> {
  Secret.fromBase32(secret); // throws on a secret that is no base32
  const user = await env.pool.getUserByUsername(env.ctx, username);
  if (!user) throw new Error(`no user ${username} in the local user pool`);
  const { PendingSoftwareTokenSecret: _none, ...rest }: StoredUser = user;
  const updated: StoredUser = { ...rest, SoftwareToken: { Secret: secret }, ...withSoftwareTokenMfa(user, true, true), UserLastModifiedDate: env.clock.get() };
  await env.pool.saveUser(env.ctx, updated);
}
