/**
 * cognito-local, run in this process, as the local stand-in for the product's Cognito user pool.
 *
 * cognito-local's services (JSON database, user pools, app clients, groups) and its targets
 * (SignUp, InitiateAuth, ...) do the work; this module replaces the parts that differ from real
 * Cognito:
 *  - its Lambda service: triggers are the functions given in `options.triggers`, called in-process;
 *  - its message delivery: every e-mail goes to `options.onEmail`, nothing is printed;
 *  - its token generator: tokens carry the claims real Cognito puts in them and are signed with an
 *    RS256 key kept in `dataDir`, served as JWKS at `jwksUri`;
 *  - a thin HTTP layer in front of its router: password policy and the API's password
 *    constraints, real error names and messages, the `x-amzn-errortype` header, the app client's
 *    user-existence error prevention, Cognito's attempt limits and lockouts, the PreSignUp
 *    trigger, unique e-mail addresses, the WAF rule that blocks DeleteUser, and the operations
 *    it lacks (ResendConfirmationCode, GetTokensFromRefreshToken, AdminUserGlobalSignOut,
 *    GlobalSignOut).
 * The port is for the local gateway and backend processes only: no CORS, and only loopback Host
 * headers (see host.ts). GET /health and the OAuth2 routes go to cognito-local's own express app
 * (with its CORS headers removed); every other request gets a 404.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import pino from 'pino';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { UserPoolServiceFactoryImpl, attributeValue, attributesAppend, attributesToRecord } from 'cognito-local/lib/services/userPoolService.js';
import { SignUp as cognitoLocalSignUp } from 'cognito-local/lib/targets/signUp.js';
import { userPoolDefinition as def } from '../../../shared/user-pool';
import { emailDelivery, masked } from './delivery';
import { allowedHosts, hostAllowed } from '../loopback-host';
import { createAttemptLimits } from './limits';
import { parseCognitoTarget } from './target';
import { cognitoLocalTargets } from './targets';
import { decodeJwt, loadOrCreateSigningKey, signJwt, verifyJwt } from './tokens';
import { passwordConstraintError } from './validation';

export interface CapturedEmail {
  to: string;
  subject: string;
  body: string;
  code: string | null;
  sentAt: string;
  /** What sent it: 'SignUp', 'ResendCode', 'ForgotPassword', 'AdminCreateUser', ... */
  kind: string;
  /** The Cognito user name (the `sub` UUID in this pool). */
  username: string;
}

export interface LocalCognitoOptions {
  dataDir: string;
  host?: string;
  port?: number;
  region?: string;
  triggers?: {
    /** Called by SignUp before the user exists; a throw refuses the sign-up. */
    preSignUp?: (event: PreSignUpTriggerEvent) => Promise<PreSignUpTriggerEvent>;
    postConfirmation?: (event: PostConfirmationTriggerEvent) => Promise<PostConfirmationTriggerEvent>;
    customMessage?: (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;
  };
  onEmail?: (mail: CapturedEmail) => void;
  quiet?: boolean;
  /**
   * The clock (epoch ms) of the attempt limits and lockouts (limits.ts), so tests can move past a
   * 15-minute lockout without waiting for it. Tokens keep the real clock: their verifiers do too.
   */
  now?: () => number;
}

export interface LocalCognito {
  endpoint: string;
  region: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  stop(): Promise<void>;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- cognito-local's records are loosely typed */
type Any = any;
type Attr = { Name: string; Value?: string };

const CODE_PARAMETER = '{####}';
const USERNAME_PARAMETER = '{username}';
const LINK_PARAMETER = '{##Click Here##}';

const err = (code: string, message: string) => new CognitoError(code, message);
const notAuthorized = (message: string) => err('NotAuthorizedException', message);
const userNotFound = () => err('UserNotFoundException', 'User does not exist.');
const usernameClientNotFound = () => err('UserNotFoundException', 'Username/client id combination not found.');
const codeMismatch = () => err('CodeMismatchException', 'Invalid verification code provided, please try again.');
const incorrectPassword = () => notAuthorized('Incorrect username or password.');
const passwordAttemptsExceeded = () => notAuthorized('Password attempts exceeded');
const attemptLimitExceeded = () => err('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
const emailTaken = () => err('AliasExistsException', 'An account with the given email already exists.');
/**
 * In AWS a WAF web ACL on the user pool blocks the DeleteUser target for every caller: a client
 * account ends only through the administrators' Delete Client, which also removes its data.
 * Cognito answers a request its web ACL blocks with ForbiddenException, HTTP 403 (the API
 * reference lists it for DeleteUser: "thrown when WAF doesn't allow your request based on a web
 * ACL that's associated with your user pool"), before it looks at the token or the body.
 */
const WAF_BLOCKED_TARGETS = new Set(['DeleteUser']);
const wafBlocked = () => err('ForbiddenException', 'Request not allowed due to WAF block.');
/** The HTTP status of an error type where it is not Cognito's usual 400. */
const ERROR_STATUS: Record<string, number> = { ForbiddenException: 403 };

/** cognito-local's messages with the wording real Cognito uses for the same error. */
function realError(e: CognitoError): CognitoError {
  const code = (e as Any).code as string;
  if (code === 'InvalidPasswordException' && e.message === 'Invalid password') return incorrectPassword();
  if (code === 'UserNotFoundException' && e.message.startsWith('User not found')) return userNotFound();
  if (code === 'CodeMismatchException') return codeMismatch();
  if (code === 'UsernameExistsException' && e.message === 'User already exists') {
    return err('UsernameExistsException', 'An account with the given email already exists.');
  }
  return e;
}

const DEFAULT_MESSAGES: Record<string, { subject: string; body: string }> = {
  SignUp: { subject: 'Your verification code', body: `Your verification code is ${CODE_PARAMETER}. ` },
  ResendCode: { subject: 'Your verification code', body: `Your verification code is ${CODE_PARAMETER}. ` },
  ForgotPassword: { subject: 'Your verification code', body: `Your password reset code is ${CODE_PARAMETER}. ` },
  AdminCreateUser: {
    subject: 'Your temporary password',
    body: `Your username is ${USERNAME_PARAMETER} and temporary password is ${CODE_PARAMETER}. `,
  },
  UpdateUserAttribute: { subject: 'Your verification code', body: `Your verification code is ${CODE_PARAMETER}. ` },
  VerifyUserAttribute: { subject: 'Your verification code', body: `Your verification code is ${CODE_PARAMETER}. ` },
  Authentication: { subject: 'Your authentication code', body: `Your authentication code is ${CODE_PARAMETER}. ` },
};

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomId = (length: number) => Array.from(randomBytes(length), (b) => ALNUM[b % ALNUM.length]).join('');

function seconds(value: number | undefined, unit: string | undefined, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const factor = { seconds: 1, minutes: 60, hours: 3600, days: 86400 }[unit ?? 'hours'] ?? 3600;
  return value * factor;
}

/** Targets that take an AccessToken: real Cognito checks its signature, expiry and revocation. */
const ACCESS_TOKEN_TARGETS = new Set([
  'GetUser', 'ChangePassword', 'UpdateUserAttributes', 'DeleteUser', 'DeleteUserAttributes', 'VerifyUserAttribute',
  'GetUserAttributeVerificationCode', 'SetUserMFAPreference', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'GlobalSignOut',
]);

export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const host = options.host ?? '127.0.0.1';
  const region = options.region ?? 'us-east-1';
  const quiet = options.quiet ?? true;
  const dataDir = options.dataDir;
  mkdirSync(dataDir, { recursive: true });

  const logger = pino({ level: quiet ? 'silent' : 'info' });
  const ctx = { logger } as Any;
  const key = loadOrCreateSigningKey(dataDir);
  const clock = new DateClock();
  const limits = createAttemptLimits(options.now ?? Date.now);
  const dataStoreFactory = new StormDBDataStoreFactory(dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, { UsernameAttributes: [...def.usernameAttributes] });

  /** Set once the server listens (the port may be chosen by the OS). */
  let endpoint = '';
  const issuerOf = (userPoolId: string) => `${endpoint}/${userPoolId}`;

  // ---- triggers, called in-process ------------------------------------------------------------
  async function callTrigger<E>(name: string, fn: (event: E) => Promise<E>, event: E): Promise<E> {
    try {
      return (await fn(event)) ?? event;
    } catch (e) {
      logger.warn({ err: e }, `${name} trigger failed`);
      throw err('UserLambdaValidationException', `${name} failed with error ${(e as Error)?.message ?? String(e)}.`);
    }
  }

  async function postConfirmation(p: { clientId: string | null; clientMetadata?: Record<string, string>; source: string; userAttributes: Attr[]; username: string; userPoolId: string }) {
    const fn = options.triggers?.postConfirmation;
    if (!fn) return;
    const event = {
      version: '1',
      region,
      userPoolId: p.userPoolId,
      userName: p.username,
      callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: p.clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
      triggerSource: p.source,
      request: {
        userAttributes: attributesToRecord(p.userAttributes as Any),
        ...(p.clientMetadata ? { clientMetadata: p.clientMetadata } : {}),
      },
      response: {},
    } as PostConfirmationTriggerEvent;
    await callTrigger('PostConfirmation', fn, event);
  }

  /**
   * The PreSignUp_SignUp event as Cognito sends it. The user does not exist yet, so there is no
   * `sub` among the attributes (the `userName` is the one it will get); `validationData` and
   * `clientMetadata` are there when the caller sent them.
   */
  async function preSignUp(p: { clientId: string; userAttributes: Attr[]; username: string; userPoolId: string }, req: Any) {
    const fn = options.triggers?.preSignUp;
    const response = { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false };
    if (!fn) return response;
    const event: PreSignUpTriggerEvent = {
      version: '1',
      region,
      userPoolId: p.userPoolId,
      userName: p.username,
      callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: p.clientId },
      triggerSource: 'PreSignUp_SignUp',
      request: {
        userAttributes: attributesToRecord(p.userAttributes.filter((a) => a.Name !== 'sub') as Any) as Record<string, string>,
        ...(Array.isArray(req.ValidationData) ? { validationData: attributesToRecord(req.ValidationData) as Record<string, string> } : {}),
        ...(req.ClientMetadata ? { clientMetadata: req.ClientMetadata as Record<string, string> } : {}),
      },
      response,
    };
    const out = await callTrigger('PreSignUp', fn, event);
    return {
      autoConfirmUser: out.response?.autoConfirmUser === true,
      autoVerifyEmail: out.response?.autoVerifyEmail === true,
      autoVerifyPhone: out.response?.autoVerifyPhone === true,
    };
  }

  const triggers: Any = {
    enabled: (name: string) => name === 'PostConfirmation' && !!options.triggers?.postConfirmation,
    postConfirmation: (_ctx: unknown, p: Any) => postConfirmation(p),
    customMessage: async () => null,
    customEmailSender: async () => undefined,
    postAuthentication: async () => undefined,
    preSignUp: async () => ({}),
    preTokenGeneration: async () => ({}),
    userMigration: async () => {
      throw notAuthorized('Incorrect username or password.');
    },
  };

  // ---- messages: CustomMessage trigger, then onEmail ------------------------------------------
  const messages: Any = {
    async deliver(_ctx: unknown, source: string, clientId: string | null, userPoolId: string, user: Any, code: string, clientMetadata: Record<string, string> | undefined, delivery: Any) {
      const template = DEFAULT_MESSAGES[source] ?? { subject: 'Your verification code', body: `Your code is ${CODE_PARAMETER}. ` };
      let subject = template.subject;
      let body = template.body;
      const fn = options.triggers?.customMessage;
      if (fn) {
        const event = {
          version: '1',
          region,
          userPoolId,
          userName: user.Username,
          callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
          triggerSource: `CustomMessage_${source}`,
          request: {
            userAttributes: attributesToRecord(user.Attributes),
            codeParameter: CODE_PARAMETER,
            linkParameter: LINK_PARAMETER,
            usernameParameter: source === 'AdminCreateUser' ? USERNAME_PARAMETER : null,
            ...(clientMetadata ? { clientMetadata } : {}),
          },
          response: { smsMessage: null, emailMessage: null, emailSubject: null },
        } as CustomMessageTriggerEvent;
        const out = await callTrigger('CustomMessage', fn, event);
        if (out.response?.emailMessage) body = out.response.emailMessage;
        if (out.response?.emailSubject) subject = out.response.emailSubject;
      }
      const fill = (text: string) => text.split(CODE_PARAMETER).join(code).split(USERNAME_PARAMETER).join(user.Username);
      const mail: CapturedEmail = {
        to: delivery?.Destination ?? attributeValue('email', user.Attributes) ?? '',
        subject: fill(subject),
        body: fill(body),
        code: code ?? null,
        sentAt: new Date().toISOString(),
        kind: source,
        username: user.Username,
      };
      if (delivery?.DeliveryMedium && delivery.DeliveryMedium !== 'EMAIL') {
        logger.info({ to: mail.to, code }, 'SMS not delivered (local Cognito sends e-mail only)');
        return;
      }
      if (options.onEmail) options.onEmail(mail);
      else logger.info({ mail }, 'e-mail (no onEmail handler)');
    },
  };

  // ---- tokens ---------------------------------------------------------------------------------
  function issueTokens(user: Any, groups: readonly string[], client: Any, refresh?: { token: string; originJti: string; authTime: number }) {
    const now = Math.floor(Date.now() / 1000);
    const units = client.TokenValidityUnits ?? {};
    const accessTtl = seconds(client.AccessTokenValidity, units.AccessToken ?? 'hours', 3600);
    const idTtl = seconds(client.IdTokenValidity, units.IdToken ?? 'hours', 3600);
    const refreshTtl = seconds(client.RefreshTokenValidity, units.RefreshToken ?? 'days', 30 * 86400);
    const iss = issuerOf(client.UserPoolId);
    const originJti = refresh?.originJti ?? randomUUID();
    const authTime = refresh?.authTime ?? now;
    const eventId = randomUUID();
    const attrs = attributesToRecord(user.Attributes) as Record<string, string>;
    const sub = attrs.sub ?? user.Username;
    const groupClaim = groups.length ? { 'cognito:groups': [...groups] } : {};

    const accessToken = signJwt(key, {
      sub,
      ...groupClaim,
      iss,
      client_id: client.ClientId,
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'access',
      scope: def.apiScope,
      auth_time: authTime,
      exp: now + accessTtl,
      iat: now,
      jti: randomUUID(),
      username: user.Username,
    });

    const profile: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'sub') continue;
      if (name === 'email_verified' || name === 'phone_number_verified') profile[name] = value === 'true';
      else if (name === 'updated_at') profile[name] = Number(value);
      else profile[name] = value;
    }
    const idToken = signJwt(key, {
      sub,
      ...groupClaim,
      email_verified: false,
      ...profile,
      iss,
      'cognito:username': user.Username,
      origin_jti: originJti,
      aud: client.ClientId,
      event_id: eventId,
      token_use: 'id',
      auth_time: authTime,
      exp: now + idTtl,
      iat: now,
      jti: randomUUID(),
    });

    // Real refresh tokens are opaque; this one is a signed JWT so its client and expiry can be checked.
    const refreshToken =
      refresh?.token ??
      signJwt(key, {
        token_use: 'refresh',
        iss,
        sub,
        username: user.Username,
        client_id: client.ClientId,
        origin_jti: originJti,
        auth_time: authTime,
        iat: now,
        exp: now + refreshTtl,
        jti: randomUUID(),
      });
    return { AccessToken: accessToken, IdToken: idToken, RefreshToken: refreshToken, ExpiresIn: accessTtl, TokenType: 'Bearer' };
  }

  const tokenGenerator: Any = {
    generate: async (_ctx: unknown, user: Any, groups: readonly string[], client: Any) => issueTokens(user, groups, client),
  };

  const services: Any = {
    clock,
    cognito,
    config: { ...DefaultConfig, UserPoolDefaults: { UsernameAttributes: [...def.usernameAttributes] }, TriggerFunctions: {} },
    messages,
    otp,
    tokenGenerator,
    triggers,
  };
  /** cognito-local's router, minus the TOTP targets (see targets.ts). */
  const base = (target: string) => {
    const t = cognitoLocalTargets[target];
    if (!t) return (_ctx: unknown, _req: unknown) => Promise.reject(new UnsupportedError(`Unsupported x-amz-target header "${target}"`));
    return t(services);
  };
  const callBase = (target: string, req: Any) => base(target)(ctx, req);

  // ---- the pool, its client and its group, idempotently ---------------------------------------
  const poolSettings = {
    UsernameAttributes: [...def.usernameAttributes],
    AutoVerifiedAttributes: [...def.autoVerifiedAttributes],
    UsernameConfiguration: { CaseSensitive: false },
    MfaConfiguration: 'OFF',
    Policies: {
      PasswordPolicy: {
        MinimumLength: def.passwordMinLength,
        RequireUppercase: false,
        RequireLowercase: false,
        RequireNumbers: false,
        RequireSymbols: false,
        TemporaryPasswordValidityDays: 7,
      },
    },
  };
  const existingPool = (await cognito.listUserPools(ctx)).find((p: Any) => p.Name === def.poolName);
  let userPoolId: string;
  if (existingPool) {
    userPoolId = existingPool.Id as string;
    const svc = await cognito.getUserPool(ctx, userPoolId);
    await svc.updateOptions(ctx, { ...svc.options, ...poolSettings } as Any);
  } else {
    userPoolId = `${region}_${randomId(9)}`;
    const now = new Date();
    await cognito.createUserPool(ctx, {
      Id: userPoolId,
      Name: def.poolName,
      Arn: `arn:aws:cognito-idp:${region}:000000000000:userpool/${userPoolId}`,
      CreationDate: now,
      LastModifiedDate: now,
      SchemaAttributes: USER_POOL_AWS_DEFAULTS.SchemaAttributes,
      ...poolSettings,
    } as Any);
  }
  const pool = await cognito.getUserPool(ctx, userPoolId);
  caseInsensitiveUsernames(pool);

  const clientSettings = {
    ExplicitAuthFlows: def.authFlows.map((f) => `ALLOW_${f}`),
    AccessTokenValidity: def.accessTokenValidityMinutes,
    IdTokenValidity: def.idTokenValidityMinutes,
    RefreshTokenValidity: def.refreshTokenValidityDays,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    PreventUserExistenceErrors: def.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY',
    EnableTokenRevocation: true,
  };
  const existingClient = (await cognito.listAppClients(ctx, userPoolId)).find((c: Any) => c.ClientName === def.clientName);
  let clientId: string;
  if (existingClient) {
    clientId = existingClient.ClientId;
    await pool.saveAppClient(ctx, { ...existingClient, ...clientSettings } as Any);
  } else {
    const created = await callBase('CreateUserPoolClient', { UserPoolId: userPoolId, ClientName: def.clientName, GenerateSecret: false, ...clientSettings });
    clientId = created.UserPoolClient.ClientId;
  }
  // (getGroupByGroupName throws while the pool has no group at all)
  if (!(await pool.listGroups(ctx)).some((g: Any) => g.GroupName === def.adminGroup)) {
    await callBase('CreateGroup', { UserPoolId: userPoolId, GroupName: def.adminGroup, Description: 'Administrators of the portal' });
  }

  // ---- helpers for the handlers ---------------------------------------------------------------
  function sameEmail(a: unknown, b: unknown): boolean {
    return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
  }

  /**
   * The pool is case-insensitive (UsernameConfiguration.CaseSensitive false): `Ada@Example.com`
   * signs in, is found and is refused a second sign-up exactly as `ada@example.com`. cognito-local
   * compares names exactly, so its lookup (used by its targets too) falls back to a
   * case-insensitive match on the user name or the e-mail.
   */
  function caseInsensitiveUsernames(p: Any) {
    if (p.options.UsernameConfiguration?.CaseSensitive !== false) return;
    const exact = p.getUserByUsername.bind(p);
    p.getUserByUsername = async (c: Any, name: unknown) => {
      const found = await exact(c, name);
      if (found || typeof name !== 'string') return found;
      const wanted = name.toLowerCase();
      const users: Any[] = await p.listUsers(c);
      return users.find((u) => String(u.Username).toLowerCase() === wanted || sameEmail(attributeValue('email', u.Attributes), wanted)) ?? null;
    };
  }

  /**
   * The API's own constraints on the password member (validation.ts), then the pool's policy.
   * `member` is the request member's name as the API's validation message gives it.
   */
  function assertPassword(password: unknown, member: string) {
    if (typeof password !== 'string') throw err('InvalidParameterException', 'Missing required parameter PASSWORD');
    const invalid = passwordConstraintError(password, member);
    if (invalid) throw err('InvalidParameterException', invalid);
    const policy = (pool.options as Any).Policies?.PasswordPolicy ?? {};
    const problem =
      password.length < (policy.MinimumLength ?? def.passwordMinLength) ? 'Password not long enough'
      : policy.RequireUppercase && !/[A-Z]/.test(password) ? 'Password must have uppercase characters'
      : policy.RequireLowercase && !/[a-z]/.test(password) ? 'Password must have lowercase characters'
      : policy.RequireNumbers && !/[0-9]/.test(password) ? 'Password must have numeric characters'
      : policy.RequireSymbols && !/[^A-Za-z0-9]/.test(password) ? 'Password must have symbol characters'
      : null;
    if (problem) throw err('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
  }

  /** UpdateUserAttributes and AdminUpdateUserAttributes: an e-mail is one user's only (it is the sign-in name). */
  async function assertEmailFree(p: Any, user: Any, attributes: unknown) {
    const wanted = (Array.isArray(attributes) ? (attributes as Attr[]) : []).find((a) => a?.Name === 'email')?.Value;
    if (typeof wanted !== 'string') return;
    const users: Any[] = await p.listUsers(ctx);
    if (users.some((u) => u.Username !== user.Username && sameEmail(attributeValue('email', u.Attributes), wanted))) throw emailTaken();
  }

  /** The app client's PreventUserExistenceErrors: 'ENABLED' answers unknown users as known ones. */
  const preventsExistenceErrors = (client: Any) => client.PreventUserExistenceErrors === 'ENABLED';

  /** What the attempt limits count against: the user, or (no such user) the name asked for. */
  const limitKey = (user: Any, asked: unknown) => (user ? `user:${String(user.Username)}` : `name:${String(asked ?? '').toLowerCase()}`);

  async function appClient(id: unknown) {
    const client = typeof id === 'string' ? await cognito.getAppClient(ctx, id) : null;
    if (!client) throw err('ResourceNotFoundException', `User pool client ${String(id)} does not exist.`);
    return { client: client as Any, pool: await cognito.getUserPool(ctx, (client as Any).UserPoolId) };
  }

  function refreshOrigins(user: Any): string[] {
    return (Array.isArray(user.RefreshTokens) ? user.RefreshTokens : [])
      .map((t: string) => decodeJwt(t)?.origin_jti)
      .filter((o: unknown): o is string => typeof o === 'string');
  }

  /** Refresh tokens removed, and the access tokens issued with them refused from now on. */
  async function revokeAll(p: Any, user: Any) {
    const revoked = new Set<string>([...(user.RevokedOrigins ?? []), ...refreshOrigins(user)]);
    await p.saveUser(ctx, { ...user, RefreshTokens: [], RevokedOrigins: [...revoked], UserLastModifiedDate: clock.get() });
  }

  async function checkAccessToken(token: unknown) {
    const result = verifyJwt(key, token, issuerOf(userPoolId));
    if (!result.ok) throw notAuthorized(result.reason === 'expired' ? 'Access Token has expired' : 'Invalid Access Token');
    const payload = result.payload;
    if (payload.token_use !== 'access') throw notAuthorized('Invalid Access Token');
    const user = await pool.getUserByUsername(ctx, String(payload.username));
    if (!user) throw userNotFound();
    if (((user as Any).RevokedOrigins ?? []).includes(payload.origin_jti)) throw notAuthorized('Access Token has been revoked');
    if (!user.Enabled) throw notAuthorized('User is disabled.');
    return { payload, user };
  }

  async function refreshTokens(token: unknown, client: Any, p: Any) {
    if (typeof token !== 'string' || !token) throw err('InvalidParameterException', 'Missing required parameter REFRESH_TOKEN');
    const result = verifyJwt(key, token, decodeJwt(token)?.iss as string);
    if (!result.ok) throw notAuthorized(result.reason === 'expired' ? 'Refresh Token has expired' : 'Invalid Refresh Token');
    const payload = result.payload;
    if (payload.token_use !== 'refresh' || payload.client_id !== client.ClientId) throw notAuthorized('Invalid Refresh Token');
    const user = await p.getUserByRefreshToken(ctx, token);
    if (!user) throw notAuthorized('Refresh Token has been revoked');
    if (!user.Enabled) throw notAuthorized('User is disabled.');
    const groups = await p.listUserGroupMembership(ctx, user);
    return issueTokens(user, groups, client, { token, originJti: String(payload.origin_jti), authTime: Number(payload.auth_time) });
  }

  const flowAllowed = (client: Any, flow: string) => {
    const flows: string[] = client.ExplicitAuthFlows ?? [];
    return flows.length === 0 || flows.includes(flow) || flows.includes(`ALLOW_${flow}`);
  };

  /**
   * cognito-local's SignUp with the PreSignUp trigger in front of it (its own passes no
   * validationData), through services made for this one request. A user the trigger confirms
   * gets no confirmation code, as in Cognito.
   */
  async function signUpWithTrigger(req: Any) {
    let autoConfirmed = false;
    const requestServices = {
      ...services,
      triggers: {
        ...triggers,
        enabled: (name: string) => (name === 'PreSignUp' ? !!options.triggers?.preSignUp : triggers.enabled(name)),
        preSignUp: async (_ctx: unknown, p: Any) => {
          const response = await preSignUp(p, req);
          autoConfirmed = response.autoConfirmUser;
          return response;
        },
      },
      messages: { deliver: (...args: unknown[]) => (autoConfirmed ? Promise.resolve() : messages.deliver(...args)) },
    };
    const out = await cognitoLocalSignUp(requestServices as Any)(ctx, req);
    return autoConfirmed ? { ...out, CodeDeliveryDetails: undefined } : masked(out);
  }

  // ---- handlers: real-Cognito behaviour in front of cognito-local's targets -------------------
  // With PreventUserExistenceErrors ENABLED (the product's client), an unknown user is answered as
  // a known one would be ("Managing user existence error responses" in the Cognito guide): sign-in
  // "Incorrect username or password.", reset and resend a code delivery that never happens,
  // confirmations CodeMismatchException. The attempt limits (limits.ts) count unknown names too,
  // so a lockout tells nothing either.
  const handlers: Record<string, (req: Any) => Promise<Any>> = {
    async SignUp(req) {
      const { pool: p } = await appClient(req.ClientId);
      assertPassword(req.Password, 'password');
      // Cognito answers this even with user-existence errors prevented: that setting covers
      // sign-in, confirmation, reset and resend, not sign-up.
      if (typeof req.Username === 'string' && (await p.getUserByUsername(ctx, req.Username))) {
        throw err('UsernameExistsException', 'An account with the given email already exists.');
      }
      return signUpWithTrigger(req);
    },

    async ConfirmSignUp(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user && !preventsExistenceErrors(client)) throw usernameClientNotFound();
      const key = limitKey(user, req.Username);
      if (limits.codeLocked(key)) throw attemptLimitExceeded();
      if (user && user.UserStatus !== 'UNCONFIRMED') throw notAuthorized(`User cannot be confirmed. Current status is ${user.UserStatus}`);
      if (!user?.ConfirmationCode || user.ConfirmationCode !== req.ConfirmationCode) {
        limits.codeFailed(key);
        throw codeMismatch();
      }
      limits.codeSucceeded(key);
      const verified = (p.options.AutoVerifiedAttributes ?? []).includes('email') && attributeValue('email', user.Attributes);
      const updated = {
        ...user,
        UserStatus: 'CONFIRMED',
        ConfirmationCode: undefined,
        Attributes: verified ? attributesAppend(user.Attributes, { Name: 'email_verified', Value: 'true' }) : user.Attributes,
        UserLastModifiedDate: clock.get(),
      };
      await p.saveUser(ctx, updated);
      await postConfirmation({
        clientId: req.ClientId,
        clientMetadata: req.ClientMetadata,
        source: 'PostConfirmation_ConfirmSignUp',
        username: updated.Username,
        userPoolId: p.options.Id,
        userAttributes: attributesAppend(updated.Attributes, { Name: 'cognito:user_status', Value: 'CONFIRMED' }) as Attr[],
      });
      return {};
    },

    async ResendConfirmationCode(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user && !preventsExistenceErrors(client)) throw usernameClientNotFound();
      if (!limits.sendAllowed('ResendConfirmationCode', limitKey(user, req.Username))) throw attemptLimitExceeded();
      if (!user) return { CodeDeliveryDetails: emailDelivery(String(req.Username ?? '')) };
      // Cognito says this of a confirmed user whatever the client's existence-error setting.
      if (user.UserStatus !== 'UNCONFIRMED') throw err('InvalidParameterException', 'User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (!email) throw err('InvalidParameterException', 'User has no attribute matching desired auto verified attributes');
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      let code = otp();
      while (code === user.ConfirmationCode) code = otp();
      await messages.deliver(ctx, 'ResendCode', req.ClientId, p.options.Id, user, code, req.ClientMetadata, delivery);
      await p.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
      return { CodeDeliveryDetails: emailDelivery(email) };
    },

    async InitiateAuth(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      const params = req.AuthParameters ?? {};
      if (req.AuthFlow === 'USER_PASSWORD_AUTH') {
        if (!flowAllowed(client, 'USER_PASSWORD_AUTH')) throw err('InvalidParameterException', 'USER_PASSWORD_AUTH flow not enabled for this client');
        if (!params.USERNAME) throw err('InvalidParameterException', 'Missing required parameter USERNAME');
        const user: Any = await p.getUserByUsername(ctx, String(params.USERNAME));
        if (!user && !preventsExistenceErrors(client)) throw userNotFound();
        const key = limitKey(user, params.USERNAME);
        // Refused during a lockout even with the right password.
        if (limits.signInLocked(key)) throw passwordAttemptsExceeded();
        if (!user || (user.UserStatus !== 'RESET_REQUIRED' && user.Password !== params.PASSWORD)) {
          limits.signInFailed(key);
          throw incorrectPassword();
        }
        // From here the password was right: an unconfirmed user hears UserNotConfirmedException.
        if (!user.Enabled) throw notAuthorized('User is disabled.');
        const result = await callBase('InitiateAuth', req);
        limits.signInSucceeded(key);
        if (result.AuthenticationResult) {
          result.AuthenticationResult = { ...result.AuthenticationResult, ...pickMeta(result.AuthenticationResult) };
        }
        return result;
      }
      if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
        const { RefreshToken: _same, ...rest } = await refreshTokens(params.REFRESH_TOKEN, client, p);
        return { ChallengeParameters: {}, AuthenticationResult: rest };
      }
      throw err('InvalidParameterException', `${String(req.AuthFlow)} flow not enabled for this client`);
    },

    async AdminInitiateAuth(req) {
      // cognito-local ignores the client's flows; in AWS the product's client allows no admin
      // flow (ALLOW_ADMIN_USER_PASSWORD_AUTH is off), so a password cannot skip the lockout here.
      const { client, pool: p } = await appClient(req.ClientId);
      const flow = req.AuthFlow === 'ADMIN_NO_SRP_AUTH' ? 'ADMIN_USER_PASSWORD_AUTH' : String(req.AuthFlow);
      if (!flowAllowed(client, flow)) throw err('InvalidParameterException', 'Auth flow not enabled for this client');
      if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
        const { RefreshToken: _same, ...rest } = await refreshTokens(req.AuthParameters?.REFRESH_TOKEN, client, p);
        return { ChallengeParameters: {}, AuthenticationResult: rest };
      }
      return callBase('AdminInitiateAuth', req);
    },

    async GetTokensFromRefreshToken(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      return { AuthenticationResult: await refreshTokens(req.RefreshToken, client, p) };
    },

    async RespondToAuthChallenge(req) {
      // cognito-local's version needs otplib (see targets.ts) and forgets to store the refresh
      // token; the product only meets NEW_PASSWORD_REQUIRED (users made by AdminCreateUser).
      const { client, pool: p } = await appClient(req.ClientId);
      if (req.ChallengeName !== 'NEW_PASSWORD_REQUIRED') {
        throw new UnsupportedError(`RespondToAuthChallenge with ChallengeName=${String(req.ChallengeName)}`);
      }
      const responses: Record<string, string> = req.ChallengeResponses ?? {};
      if (!responses.USERNAME) throw err('InvalidParameterException', 'Missing required parameter USERNAME');
      if (!req.Session) throw err('InvalidParameterException', 'Missing required parameter Session');
      const user: Any = await p.getUserByUsername(ctx, responses.USERNAME);
      if (!user) throw userNotFound();
      if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized('Invalid session for the user.');
      assertPassword(responses.NEW_PASSWORD, 'password');
      const extra = Object.entries(responses)
        .filter(([k]) => k.startsWith('userAttributes.'))
        .map(([k, v]) => ({ Name: k.slice('userAttributes.'.length), Value: v }));
      const updated = {
        ...user,
        Password: responses.NEW_PASSWORD,
        UserStatus: 'CONFIRMED',
        Attributes: extra.length ? attributesAppend(user.Attributes, ...extra) : user.Attributes,
        UserLastModifiedDate: clock.get(),
      };
      await p.saveUser(ctx, updated);
      const tokens = issueTokens(updated, await p.listUserGroupMembership(ctx, updated), client);
      await p.storeRefreshToken(ctx, tokens.RefreshToken, updated);
      return { ChallengeParameters: {}, AuthenticationResult: tokens };
    },

    async ForgotPassword(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      const prevent = preventsExistenceErrors(client);
      if (!user && !prevent) throw usernameClientNotFound();
      if (!limits.sendAllowed('ForgotPassword', limitKey(user, req.Username))) throw attemptLimitExceeded();
      const email = user ? attributeValue('email', user.Attributes) : undefined;
      const verified = !!user && attributeValue('email_verified', user.Attributes) === 'true';
      // With existence errors prevented, Cognito answers a simulated delivery for a user who
      // does not exist, is disabled, or has no verified address to send a code to, and sends
      // nothing: which of those a name is cannot be learnt here.
      if (prevent && (!user || !user.Enabled || !verified)) return { CodeDeliveryDetails: emailDelivery(email ?? String(req.Username ?? '')) };
      if (!user.Enabled) throw notAuthorized('User is disabled.');
      if (!verified) {
        throw err('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      return masked(await callBase('ForgotPassword', req));
    },

    async ConfirmForgotPassword(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      assertPassword(req.Password, 'password');
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user && !preventsExistenceErrors(client)) throw usernameClientNotFound();
      const key = limitKey(user, req.Username);
      if (limits.codeLocked(key)) throw attemptLimitExceeded();
      if (!user?.ConfirmationCode || user.ConfirmationCode !== req.ConfirmationCode) {
        limits.codeFailed(key);
        throw codeMismatch();
      }
      limits.codeSucceeded(key);
      return callBase('ConfirmForgotPassword', req);
    },

    async ChangePassword(req) {
      assertPassword(req.ProposedPassword, 'proposedPassword');
      return callBase('ChangePassword', req);
    },

    async UpdateUserAttributes(req) {
      const { user } = await checkAccessToken(req.AccessToken);
      await assertEmailFree(pool, user, req.UserAttributes);
      return callBase('UpdateUserAttributes', req);
    },

    async AdminUpdateUserAttributes(req) {
      const p = await cognito.getUserPool(ctx, String(req.UserPoolId));
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user) throw userNotFound();
      await assertEmailFree(p, user, req.UserAttributes);
      return callBase('AdminUpdateUserAttributes', req);
    },

    async AdminSetUserPassword(req) {
      assertPassword(req.Password, 'password');
      return callBase('AdminSetUserPassword', req);
    },

    async AdminCreateUser(req) {
      if (req.TemporaryPassword !== undefined) assertPassword(req.TemporaryPassword, 'temporaryPassword');
      try {
        return await callBase('AdminCreateUser', req);
      } catch (e) {
        if ((e as Any)?.code === 'UsernameExistsException') throw err('UsernameExistsException', 'User account already exists');
        throw e;
      }
    },

    async AdminUserGlobalSignOut(req) {
      const p = await cognito.getUserPool(ctx, String(req.UserPoolId));
      const user = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user) throw userNotFound();
      await revokeAll(p, user);
      return {};
    },

    async GlobalSignOut(req) {
      const { user } = await checkAccessToken(req.AccessToken);
      await revokeAll(pool, user);
      return {};
    },

    async AdminDisableUser(req) {
      const result = await callBase('AdminDisableUser', req);
      const p = await cognito.getUserPool(ctx, String(req.UserPoolId));
      const user = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (user) await revokeAll(p, user);
      return result;
    },

    async RevokeToken(req) {
      const origin = decodeJwt(req.Token)?.origin_jti;
      const result = await callBase('RevokeToken', req);
      const { pool: p } = await appClient(req.ClientId);
      const username = decodeJwt(req.Token)?.username;
      const user: Any = typeof username === 'string' ? await p.getUserByUsername(ctx, username) : null;
      if (user && typeof origin === 'string') {
        await p.saveUser(ctx, { ...user, RevokedOrigins: [...(user.RevokedOrigins ?? []), origin] });
      }
      return result;
    },
  };

  function pickMeta(result: Any) {
    return { ExpiresIn: result.ExpiresIn ?? 3600, TokenType: result.TokenType ?? 'Bearer' };
  }

  async function dispatch(target: string, req: Any): Promise<Any> {
    if (ACCESS_TOKEN_TARGETS.has(target) && target !== 'GlobalSignOut' && req.AccessToken !== undefined) {
      await checkAccessToken(req.AccessToken);
    }
    const handler = handlers[target];
    return handler ? handler(req) : callBase(target, req);
  }

  // ---- HTTP ------------------------------------------------------------------------------------
  const cognitoLocalApp = createServer(base, logger, { development: false, https: false }, services).application;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body, function replacer(this: Any, k: string, value: unknown) {
      return this[k] instanceof Date ? Math.floor((this[k] as Date).getTime() / 1000) : value;
    });
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...headers });
    res.end(text);
  };

  const sendError = (res: http.ServerResponse, status: number, type: string, message: string) =>
    send(res, status, { __type: type, message }, { 'x-amzn-errortype': type, 'x-amzn-errormessage': message });

  async function api(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const header = req.headers['x-amz-target'];
    const target = parseCognitoTarget(header);
    if (!target) {
      const shown = typeof header === 'string' ? header.slice(0, 200) : '';
      return sendError(res, 400, 'UnknownOperationException', `Invalid x-amz-target header "${shown}"`);
    }
    // The web ACL looks at the target before Cognito sees the request.
    if (WAF_BLOCKED_TARGETS.has(target)) return replyError(res, target, wafBlocked());
    let body: Any;
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendError(res, 400, 'SerializationException', 'Request body is not valid JSON');
    }
    try {
      const output = await dispatch(target, body ?? {});
      logger.info({ target }, 'ok');
      send(res, 200, output ?? {});
    } catch (e) {
      replyError(res, target, e);
    }
  }

  function replyError(res: http.ServerResponse, target: string, e: unknown) {
    if (e instanceof CognitoError) {
      const mapped = realError(e);
      const type = String((mapped as Any).code);
      logger.info({ target, type, message: mapped.message }, 'error');
      sendError(res, ERROR_STATUS[type] ?? 400, type, mapped.message);
    } else if (e instanceof UnsupportedError) {
      logger.warn({ target, message: e.message }, 'unsupported');
      sendError(res, 400, 'UnsupportedOperationException', `Cognito Local unsupported feature: ${e.message}`);
    } else {
      logger.error({ target, err: e }, 'internal error');
      sendError(res, 500, 'InternalErrorException', (e as Error)?.message ?? 'Internal error');
    }
  }

  /** cognito-local's express app sets `access-control-*` on everything (cors({ origin: '*' })): drop them. */
  function withoutCors(res: http.ServerResponse): http.ServerResponse {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = ((name: string, value: number | string | readonly string[]) =>
      /^access-control-/i.test(name) ? res : setHeader(name, value)) as typeof res.setHeader;
    return res;
  }

  /** Set once the server listens (the port may be chosen by the OS). */
  let hosts: ReadonlySet<string> = new Set();

  const server = http.createServer((req, res) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      res.writeHead(421, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Misdirected Request: this port answers only loopback hosts' }));
      return;
    }
    // No CORS preflight answer: a browser's cross-origin call (every Cognito call, for its
    // x-amz-target header) is never sent. Browsers reach Cognito through the local gateway.
    if (req.method === 'OPTIONS') {
      res.writeHead(405, { allow: 'GET, POST' });
      res.end();
      return;
    }
    const url = req.url ?? '';
    const path = url.split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/') {
      void api(req, res);
      return;
    }
    const wellKnown = /^\/([^/]+)\/\.well-known\/(jwks\.json|openid-configuration)$/.exec(path);
    if (req.method === 'GET' && wellKnown) {
      const poolId = wellKnown[1] ?? '';
      const doc =
        wellKnown[2] === 'jwks.json'
          ? { keys: [key.jwk] }
          : {
              issuer: issuerOf(poolId),
              jwks_uri: `${issuerOf(poolId)}/.well-known/jwks.json`,
              id_token_signing_alg_values_supported: ['RS256'],
              subject_types_supported: ['public'],
              response_types_supported: ['code', 'token'],
            };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(doc));
      return;
    }
    // Only these paths reach express: its own POST / would run any target behind every check here
    // (it takes the second segment of x-amz-target), e.g. for an absolute-form request line.
    if (path === '/health' || path.startsWith('/oauth2/')) {
      cognitoLocalApp(req, withoutCors(res));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not Found' }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  endpoint = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  hosts = allowedHosts(port, host);

  let stopped: Promise<void> | null = null;
  return {
    endpoint,
    region,
    userPoolId,
    clientId,
    issuer: issuerOf(userPoolId),
    jwksUri: `${issuerOf(userPoolId)}/.well-known/jwks.json`,
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
