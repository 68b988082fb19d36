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
 *  - a thin HTTP layer in front of its router: password policy, real error names and messages,
 *    the `x-amzn-errortype` header, and the operations it lacks (ResendConfirmationCode,
 *    GetTokensFromRefreshToken, AdminUserGlobalSignOut, GlobalSignOut).
 * Anything else (GET /health, the OAuth2 routes) goes to cognito-local's own express app.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import pino from 'pino';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl, USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { UserPoolServiceFactoryImpl, attributeValue, attributesAppend, attributesToRecord } from 'cognito-local/lib/services/userPoolService.js';
import { userPoolDefinition as def } from '../../definitions/user-pool';
import { cognitoLocalTargets } from './targets';
import { decodeJwt, loadOrCreateSigningKey, signJwt, verifyJwt } from './tokens';

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
    postConfirmation?: (event: PostConfirmationTriggerEvent) => Promise<PostConfirmationTriggerEvent>;
    customMessage?: (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;
  };
  onEmail?: (mail: CapturedEmail) => void;
  quiet?: boolean;
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

  const clientSettings = {
    ExplicitAuthFlows: def.authFlows.map((f) => `ALLOW_${f}`),
    AccessTokenValidity: def.accessTokenValidityMinutes,
    IdTokenValidity: def.idTokenValidityMinutes,
    RefreshTokenValidity: def.refreshTokenValidityDays,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    PreventUserExistenceErrors: 'LEGACY',
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
  function assertPassword(password: unknown) {
    if (typeof password !== 'string') throw err('InvalidParameterException', 'Missing required parameter PASSWORD');
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

  // ---- handlers: real-Cognito behaviour in front of cognito-local's targets -------------------
  const handlers: Record<string, (req: Any) => Promise<Any>> = {
    async SignUp(req) {
      const { pool: p } = await appClient(req.ClientId);
      assertPassword(req.Password);
      if (typeof req.Username === 'string' && (await p.getUserByUsername(ctx, req.Username))) {
        throw err('UsernameExistsException', 'An account with the given email already exists.');
      }
      return callBase('SignUp', req);
    },

    async ConfirmSignUp(req) {
      const { pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user) throw usernameClientNotFound();
      if (user.UserStatus !== 'UNCONFIRMED') throw notAuthorized(`User cannot be confirmed. Current status is ${user.UserStatus}`);
      if (!user.ConfirmationCode || user.ConfirmationCode !== req.ConfirmationCode) throw codeMismatch();
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
      const { pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user) throw usernameClientNotFound();
      if (user.UserStatus !== 'UNCONFIRMED') throw err('InvalidParameterException', 'User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (!email) throw err('InvalidParameterException', 'User has no attribute matching desired auto verified attributes');
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      let code = otp();
      while (code === user.ConfirmationCode) code = otp();
      await messages.deliver(ctx, 'ResendCode', req.ClientId, p.options.Id, user, code, req.ClientMetadata, delivery);
      await p.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
      return { CodeDeliveryDetails: delivery };
    },

    async InitiateAuth(req) {
      const { client, pool: p } = await appClient(req.ClientId);
      const params = req.AuthParameters ?? {};
      if (req.AuthFlow === 'USER_PASSWORD_AUTH') {
        if (!flowAllowed(client, 'USER_PASSWORD_AUTH')) throw err('InvalidParameterException', 'USER_PASSWORD_AUTH flow not enabled for this client');
        if (!params.USERNAME) throw err('InvalidParameterException', 'Missing required parameter USERNAME');
        const user: Any = await p.getUserByUsername(ctx, String(params.USERNAME));
        if (!user) throw userNotFound();
        if (user.UserStatus !== 'RESET_REQUIRED' && user.Password !== params.PASSWORD) throw incorrectPassword();
        if (!user.Enabled) throw notAuthorized('User is disabled.');
        const result = await callBase('InitiateAuth', req);
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
      assertPassword(responses.NEW_PASSWORD);
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
      const { pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user) throw usernameClientNotFound();
      if (attributeValue('email_verified', user.Attributes) !== 'true') {
        throw err('InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email or phone_number');
      }
      return callBase('ForgotPassword', req);
    },

    async ConfirmForgotPassword(req) {
      const { pool: p } = await appClient(req.ClientId);
      const user: Any = await p.getUserByUsername(ctx, String(req.Username ?? ''));
      if (!user) throw usernameClientNotFound();
      assertPassword(req.Password);
      if (!user.ConfirmationCode || user.ConfirmationCode !== req.ConfirmationCode) throw codeMismatch();
      return callBase('ConfirmForgotPassword', req);
    },

    async ChangePassword(req) {
      assertPassword(req.ProposedPassword);
      return callBase('ChangePassword', req);
    },

    async AdminSetUserPassword(req) {
      assertPassword(req.Password);
      return callBase('AdminSetUserPassword', req);
    },

    async AdminCreateUser(req) {
      if (req.TemporaryPassword !== undefined) assertPassword(req.TemporaryPassword);
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

  const corsHeaders = {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'x-amzn-errortype,x-amzn-errormessage,x-amzn-requestid,date',
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body, function replacer(this: Any, k: string, value: unknown) {
      return this[k] instanceof Date ? Math.floor((this[k] as Date).getTime() / 1000) : value;
    });
    res.writeHead(status, { ...corsHeaders, 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...headers });
    res.end(text);
  };

  const sendError = (res: http.ServerResponse, status: number, type: string, message: string) =>
    send(res, status, { __type: type, message }, { 'x-amzn-errortype': type, 'x-amzn-errormessage': message });

  async function api(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Any;
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendError(res, 400, 'SerializationException', 'Request body is not valid JSON');
    }
    const header = String(req.headers['x-amz-target'] ?? '');
    const target = header.split('.')[1] ?? '';
    if (!target) return sendError(res, 400, 'UnknownOperationException', `Invalid x-amz-target header "${header}"`);
    try {
      const output = await dispatch(target, body ?? {});
      logger.info({ target }, 'ok');
      send(res, 200, output ?? {});
    } catch (e) {
      if (e instanceof CognitoError) {
        const mapped = realError(e);
        const type = String((mapped as Any).code);
        logger.info({ target, type, message: mapped.message }, 'error');
        sendError(res, 400, type, mapped.message);
      } else if (e instanceof UnsupportedError) {
        logger.warn({ target, message: e.message }, 'unsupported');
        sendError(res, 400, 'UnsupportedOperationException', `Cognito Local unsupported feature: ${e.message}`);
      } else {
        logger.error({ target, err: e }, 'internal error');
        sendError(res, 500, 'InternalErrorException', (e as Error)?.message ?? 'Internal error');
      }
    }
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders,
        'access-control-allow-methods': 'GET,POST,OPTIONS',
        'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
        'access-control-max-age': '86400',
      });
      res.end();
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
      res.writeHead(200, { ...corsHeaders, 'content-type': 'application/json' });
      res.end(JSON.stringify(doc));
      return;
    }
    if (req.method === 'POST' && path === '/' && req.headers['x-amz-target']) {
      void api(req, res);
      return;
    }
    cognitoLocalApp(req, res);
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
