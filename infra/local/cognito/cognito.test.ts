/**
 * The local Cognito (cognito-local in-process, corrected to behave like real Cognito), driven with
 * the AWS SDK v3 exactly as the product drives the real user pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent, PreSignUpTriggerEvent, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { userPoolDefinition } from '../../../shared/user-pool';
import { type CapturedEmail, type LocalCognito, startLocalCognito } from './index';
import { parseCognitoTarget } from './target';
import { srpSignIn } from './srp-client';
import { createConfirmedUser } from './test-support';
import { failureOf } from '../../../tests/integration/support/failure';

jest.setTimeout(30_000);

const dataDir = mkdtempSync(join(tmpdir(), 'local-cognito-test-'));
const mails: CapturedEmail[] = [];
const postConfirmations: PostConfirmationTriggerEvent[] = [];
const customMessages: CustomMessageTriggerEvent[] = [];
const preSignUps: PreSignUpTriggerEvent[] = [];

/** The emulator's lockout clock: it stands still unless a test moves it (no waiting 15 minutes). */
let clockNow = Date.now();
const now = () => clockNow;
const advance = (ms: number) => {
  clockNow += ms;
};

/** A PreSignUp trigger that refuses one given name, as a validating trigger would. */
async function preSignUp(event: PreSignUpTriggerEvent) {
  preSignUps.push(structuredClone(event));
  if (event.request.userAttributes.given_name === 'Mallory') throw new Error('Sign-ups from Mallory are not accepted');
  return event;
}

async function postConfirmation(event: PostConfirmationTriggerEvent) {
  postConfirmations.push(structuredClone(event));
  return event;
}
async function customMessage(event: CustomMessageTriggerEvent) {
  customMessages.push(structuredClone(event));
  event.response.emailSubject = `Aurum: ${event.triggerSource}`;
  event.response.emailMessage = `Hello ${event.request.userAttributes.given_name ?? ''}, your code is ${event.request.codeParameter}.`;
  return event;
}

const preTokenGenerations: PreTokenGenerationTriggerEvent[] = [];
/** The one user whose ID tokens the Pre Token Generation trigger changes, and the one it refuses tokens. */
const CUSTOMIZED = 'customized@example.com';
const REFUSED_TOKENS = 'no-tokens@example.com';

/** A Pre Token Generation trigger that changes one user's ID tokens only: every other user's stay as the pool makes them. */
async function preTokenGeneration(event: PreTokenGenerationTriggerEvent) {
  preTokenGenerations.push(structuredClone(event));
  const address = event.request.userAttributes.email;
  if (address === REFUSED_TOKENS) throw new Error('No tokens for this user');
  if (address !== CUSTOMIZED) return event;
  event.response.claimsOverrideDetails = {
    // `sub` and `auth_time` are Cognito's own: no trigger changes them.
    claimsToAddOrOverride: { given_name: 'From the profile', plan: 'gold', sub: 'not-the-sub', auth_time: '1', email: 'also-suppressed@example.com' },
    claimsToSuppress: ['email', 'family_name'],
    groupOverrideDetails: { groupsToOverride: ['readers'] },
  };
  return event;
}

const start = () =>
  startLocalCognito({ dataDir, now, triggers: { preSignUp, postConfirmation, customMessage, preTokenGeneration }, onEmail: (mail) => mails.push(mail) });

let cognito: LocalCognito;
let sdk: CognitoIdentityProviderClient;
const client = (c: LocalCognito) =>
  new CognitoIdentityProviderClient({
    region: c.region,
    endpoint: c.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

/** A JWT's payload; the numeric and string claims the tests do arithmetic or string work on are typed. */
type Claims = Record<string, unknown> & { scope: string; exp: number; iat: number };

function claims(jwt: string | undefined): Claims {
  const payload = jwt?.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return parsed as Claims;
}


const email = 'ada.client@example.com';
const password = 'secret1';
let sub = '';

beforeAll(async () => {
  cognito = await start();
  sdk = client(cognito);
});

afterAll(async () => {
  sdk?.destroy();
  await cognito?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A password sign-in as the web makes it: SRP (the app client allows nothing else). */
const signIn = (username: string, pw: string) => srpSignIn(sdk, cognito, username, pw);

describe('local Cognito', () => {
  test('the pool, client and group exist as the definition says', async () => {
    expect(cognito.userPoolId).toMatch(/^us-east-1_[0-9A-Za-z]{9}$/);
    expect(cognito.issuer).toBe(`${cognito.endpoint}/${cognito.userPoolId}`);
    const { UserPool } = await sdk.send(new DescribeUserPoolCommand({ UserPoolId: cognito.userPoolId }));
    expect(UserPool?.Name).toBe(userPoolDefinition.poolName);
    expect(UserPool?.UsernameAttributes).toEqual(['email']);
    expect(UserPool?.AutoVerifiedAttributes).toEqual(['email']);
    expect(UserPool?.Policies?.PasswordPolicy?.MinimumLength).toBe(6);
    const { UserPoolClient } = await sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientId: cognito.clientId }));
    expect(UserPoolClient?.ClientName).toBe(userPoolDefinition.clientName);
    expect(UserPoolClient?.ClientSecret).toBeUndefined();
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(UserPoolClient?.PreventUserExistenceErrors).toBe('ENABLED');
    const { Groups } = await sdk.send(new ListGroupsCommand({ UserPoolId: cognito.userPoolId }));
    expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
  });

  test('SignUp refuses a password shorter than 6', async () => {
    const e = await failureOf(
      sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: '12345', UserAttributes: [{ Name: 'email', Value: email }] })),
    );
    expect(e).toEqual({ name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' });
    expect(mails).toHaveLength(0);
  });

  test('SignUp sends the code through CustomMessage_SignUp to onEmail', async () => {
    const out = await sdk.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Ada' },
          { Name: 'family_name', Value: 'Lovelace' },
        ],
      }),
    );
    expect(out.UserConfirmed).toBe(false);
    expect(out.UserSub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    sub = out.UserSub!;
    expect(customMessages).toHaveLength(1);
    expect(customMessages[0]).toMatchObject({
      triggerSource: 'CustomMessage_SignUp',
      userPoolId: cognito.userPoolId,
      userName: sub,
      request: { codeParameter: '{####}', userAttributes: { email, given_name: 'Ada', family_name: 'Lovelace', sub } },
    });
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Aurum: CustomMessage_SignUp');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.body).toBe(`Hello Ada, your code is ${mail.code}.`);
  });

  test('the same e-mail again: UsernameExistsException', async () => {
    const e = await failureOf(sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password })));
    expect(e).toEqual({ name: 'UsernameExistsException', message: 'An account with the given email already exists.' });
  });

  test('unconfirmed sign-in: UserNotConfirmedException', async () => {
    expect((await failureOf(signIn(email, password))).name).toBe('UserNotConfirmedException');
  });

  test('a wrong code: CodeMismatchException', async () => {
    const e = await failureOf(sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: 'x00000' })));
    expect(e.name).toBe('CodeMismatchException');
  });

  test('ResendConfirmationCode issues a new code and the old one stops working', async () => {
    const oldCode = mails[0]!.code!;
    const out = await sdk.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email }));
    expect(out.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(customMessages[1]?.triggerSource).toBe('CustomMessage_ResendCode');
    expect(customMessages[1]?.request.codeParameter).toBe('{####}');
    const mail = mails[1]!;
    expect(mail.kind).toBe('ResendCode');
    expect(mail.subject).toBe('Aurum: CustomMessage_ResendCode');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.code).not.toBe(oldCode);
    expect(mail.body).toContain(mail.code!);

    const e = await failureOf(sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: oldCode })));
    expect(e.name).toBe('CodeMismatchException');
    expect(postConfirmations).toHaveLength(0);
    await sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: mail.code! }));
  });

  test('ConfirmSignUp called PostConfirmation with the user', () => {
    expect(postConfirmations).toHaveLength(1);
    expect(postConfirmations[0]).toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: cognito.userPoolId,
      region: 'us-east-1',
      userName: sub,
      callerContext: { clientId: cognito.clientId },
      request: {
        userAttributes: { sub, email, given_name: 'Ada', family_name: 'Lovelace', email_verified: 'true', 'cognito:user_status': 'CONFIRMED' },
      },
    });
  });

  test('resend for a confirmed user is refused', async () => {
    const e = await failureOf(sdk.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email })));
    expect(e).toEqual({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
  });

  test('wrong password and unknown user answer alike (user-existence errors prevented)', async () => {
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(await failureOf(signIn(email, 'wrong-password'))).toEqual(incorrect);
    expect(await failureOf(signIn('nobody@example.com', password))).toEqual(incorrect);
  });

  test('the error type is in the body (__type) and in the x-amzn-errortype header', async () => {
    const res = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'not-a-token' } }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(await res.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });

  let refreshToken = '';
  let accessToken = '';

  test('SRP sign-in with the e-mail gives tokens with the claims real Cognito puts in them', async () => {
    const { AuthenticationResult: r } = await signIn(email, password);
    expect(r?.TokenType).toBe('Bearer');
    const accessTtl = userPoolDefinition.accessTokenValidityMinutes * 60;
    expect(r?.ExpiresIn).toBe(accessTtl);
    accessToken = r!.AccessToken!;
    refreshToken = r!.RefreshToken!;
    const access = claims(r?.AccessToken);
    expect(access).toMatchObject({
      sub,
      iss: cognito.issuer,
      client_id: cognito.clientId,
      token_use: 'access',
      username: sub,
    });
    expect(access.scope.split(' ')).toContain('aws.cognito.signin.user.admin');
    expect(access.exp - access.iat).toBe(accessTtl);
    expect(access['cognito:groups']).toBeUndefined();
    const id = claims(r?.IdToken);
    expect(id).toMatchObject({
      sub,
      aud: cognito.clientId,
      iss: cognito.issuer,
      token_use: 'id',
      email,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      'cognito:username': sub,
    });

    // The signature, against the JWKS at jwksUri (aws-jwt-verify fetches over https only, so
    // the test gives it a fetcher that uses the global fetch for this http endpoint).
    const jwksCache = new SimpleJwksCache({ fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() } });
    const verifier = JwtRsaVerifier.create(
      { issuer: cognito.issuer, audience: null, jwksUri: cognito.jwksUri, customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
      } },
      { jwksCache },
    );
    const verified = await verifier.verify(accessToken);
    expect(verified.sub).toBe(sub);
    await expect(verifier.verify(`${accessToken.slice(0, -4)}AAAA`)).rejects.toThrow();

    const user = await sdk.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(user.Username).toBe(sub);
  });

  test('refresh: InitiateAuth REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken', async () => {
    const viaInitiate = await sdk.send(
      new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    expect(claims(viaInitiate.AuthenticationResult?.AccessToken)).toMatchObject({ sub, token_use: 'access' });
    expect(claims(viaInitiate.AuthenticationResult?.IdToken)).toMatchObject({ sub, token_use: 'id', email });

    const viaGetTokens = await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken }));
    const r = viaGetTokens.AuthenticationResult;
    expect(claims(r?.AccessToken)).toMatchObject({ sub, token_use: 'access', client_id: cognito.clientId });
    expect(claims(r?.IdToken)).toMatchObject({ sub, token_use: 'id', aud: cognito.clientId });
    expect(r?.RefreshToken).toBeTruthy();
    expect(r?.AccessToken).not.toBe(accessToken);

    expect((await failureOf(sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: 'garbage' })))).name).toBe(
      'NotAuthorizedException',
    );
    const bad = await failureOf(
      sdk.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'garbage' } })),
    );
    expect(bad.name).toBe('NotAuthorizedException');
  });

  test('membership of admins appears in cognito:groups', async () => {
    await sdk.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: email, GroupName: 'admins' }));
    const { AuthenticationResult: r } = await signIn(email, password);
    expect(claims(r?.AccessToken)['cognito:groups']).toEqual(['admins']);
    expect(claims(r?.IdToken)['cognito:groups']).toEqual(['admins']);
    const refreshed = await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken }));
    expect(claims(refreshed.AuthenticationResult?.AccessToken)['cognito:groups']).toEqual(['admins']);
  });

  test('ForgotPassword: unknown user, then the code path with CustomMessage_ForgotPassword', async () => {
    const sent = mails.length;
    const unknown = await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'nobody@example.com' }));
    expect(unknown.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' });
    expect(mails).toHaveLength(sent);
    const known = await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));
    expect(known.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a***@e***' });
    const mail = mails.at(-1)!;
    expect(mail.kind).toBe('ForgotPassword');
    expect(mail.subject).toBe('Aurum: CustomMessage_ForgotPassword');
    expect(customMessages.at(-1)?.triggerSource).toBe('CustomMessage_ForgotPassword');
    expect(mail.body).toContain(mail.code!);

    const short = await failureOf(
      sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: mail.code!, Password: 'abc' })),
    );
    expect(short.name).toBe('InvalidPasswordException');
    const wrong = await failureOf(
      sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: 'x11111', Password: 'newpass1' })),
    );
    expect(wrong.name).toBe('CodeMismatchException');
    await sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: mail.code!, Password: 'newpass1' }));
    expect((await signIn(email, 'newpass1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('the password minimum everywhere a password is set', async () => {
    const { AuthenticationResult: r } = await signIn(email, 'newpass1');
    const tooShort = { name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' };
    expect(await failureOf(sdk.send(new ChangePasswordCommand({ AccessToken: r!.AccessToken!, PreviousPassword: 'newpass1', ProposedPassword: 'abc' })))).toEqual(
      tooShort,
    );
    expect(
      await failureOf(sdk.send(new ChangePasswordCommand({ AccessToken: r!.AccessToken!, PreviousPassword: 'not-it', ProposedPassword: 'abcdef' }))),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(
      await failureOf(sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: email, Password: 'abc', Permanent: true }))),
    ).toEqual(tooShort);
    expect(
      await failureOf(
        sdk.send(new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: 'temp@example.com', TemporaryPassword: 'abc', MessageAction: 'SUPPRESS' })),
      ),
    ).toEqual(tooShort);

    // NEW_PASSWORD_REQUIRED after AdminCreateUser
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: 'grace@example.com',
        TemporaryPassword: 'temp123',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: 'grace@example.com' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'Grace' },
          { Name: 'family_name', Value: 'Hopper' },
        ],
      }),
    );
    const challenge = await signIn('grace@example.com', 'temp123');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (pw: string) =>
      sdk.send(
        new RespondToAuthChallengeCommand({
          ClientId: cognito.clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: 'grace@example.com', NEW_PASSWORD: pw },
        }),
      );
    expect(await failureOf(respond('abc'))).toEqual(tooShort);
    const done = await respond('grace-pw');
    expect(claims(done.AuthenticationResult?.IdToken)).toMatchObject({ email: 'grace@example.com', given_name: 'Grace' });
    // its refresh token works too (cognito-local did not store it)
    const refreshed = await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: done.AuthenticationResult!.RefreshToken! }));
    expect(claims(refreshed.AuthenticationResult?.AccessToken).token_use).toBe('access');
  });

  test('AdminConfirmSignUp calls PostConfirmation', async () => {
    await sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'bob@example.com', Password: 'bobpass', UserAttributes: [{ Name: 'given_name', Value: 'Bob' }] }));
    const before = postConfirmations.length;
    await sdk.send(new AdminConfirmSignUpCommand({ UserPoolId: cognito.userPoolId, Username: 'bob@example.com' }));
    expect(postConfirmations).toHaveLength(before + 1);
    expect(postConfirmations.at(-1)).toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: { userAttributes: { email: 'bob@example.com', given_name: 'Bob' } },
    });
  });

  test('AdminUserGlobalSignOut: refresh tokens and access tokens stop working', async () => {
    const { AuthenticationResult: r } = await signIn(email, 'newpass1');
    await sdk.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    for (const token of [refreshToken, r!.RefreshToken!]) {
      expect((await failureOf(sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: token })))).name).toBe(
        'NotAuthorizedException',
      );
      const viaInitiate = await failureOf(
        sdk.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: token } })),
      );
      expect(viaInitiate.name).toBe('NotAuthorizedException');
    }
    expect(await failureOf(sdk.send(new GetUserCommand({ AccessToken: r!.AccessToken! })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // signing in again works
    const again = await signIn(email, 'newpass1');
    expect((await sdk.send(new GetUserCommand({ AccessToken: again.AuthenticationResult!.AccessToken! }))).Username).toBe(sub);
  });

  test('AdminDeleteUser removes the user', async () => {
    await sdk.send(new AdminDeleteUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    expect(await failureOf(signIn(email, 'newpass1'))).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect((await failureOf(sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email })))).name).toBe('UserNotFoundException');
  });

  test('a restart on the same dataDir keeps the ids and the users; stop() frees the port', async () => {
    const { userPoolId, clientId, endpoint } = cognito;
    const port = Number(new URL(endpoint).port);
    sdk.destroy();
    await cognito.stop();
    await expect(
      new Promise((resolve, reject) => {
        const socket = createConnection({ host: '127.0.0.1', port }, () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', reject);
      }),
    ).rejects.toThrow(/ECONNREFUSED/);

    cognito = await start();
    sdk = client(cognito);
    expect(cognito.userPoolId).toBe(userPoolId);
    expect(cognito.clientId).toBe(clientId);
    const { Groups } = await sdk.send(new ListGroupsCommand({ UserPoolId: cognito.userPoolId }));
    expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
    const { AuthenticationResult: r } = await signIn('grace@example.com', 'grace-pw');
    expect(claims(r?.AccessToken).iss).toBe(cognito.issuer);
    expect((await signIn('bob@example.com', 'bobpass')).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

/** One raw HTTP exchange with the emulator's port, with headers (Host included) exactly as given. */
function raw(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string | string[]>;
  body?: string;
  sendHost?: boolean;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(cognito.endpoint);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/', headers: options.headers ?? {}, setHost: options.sendHost ?? true },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const corsHeaderNames = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

/** The SDK error with its HTTP status. */
async function failureWithStatus(promise: Promise<unknown>): Promise<{ name: string; message: string; status: number | undefined }> {
  try {
    await promise;
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return { name: (e as Error).name, message: (e as Error).message, status };
  }
  throw new Error('expected the call to fail');
}

/** A confirmed user with a verified e-mail, made the way the administrators' tools make one. */
const confirmedUser = (address: string, pw: string) => createConfirmedUser(sdk, cognito.userPoolId, address, pw);

/** An unconfirmed user (its e-mail not verified) and the code it was sent. */
async function unconfirmedUser(address: string, pw: string, givenName = 'Test') {
  await sdk.send(
    new SignUpCommand({ ClientId: cognito.clientId, Username: address, Password: pw, UserAttributes: [{ Name: 'given_name', Value: givenName }] }),
  );
  const mail = mails.filter((m) => m.to === address).at(-1);
  if (!mail?.code) throw new Error(`no sign-up code for ${address}`);
  return mail.code;
}

const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const attemptsExceeded = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' };
const limitExceeded = { name: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' };
const mismatch = { name: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' };

describe('local Cognito: as strict as the real user pool', () => {
  describe('x-amz-target', () => {
    test('parseCognitoTarget accepts exactly AWSCognitoIdentityProviderService.<Operation>', () => {
      expect(parseCognitoTarget('AWSCognitoIdentityProviderService.SignUp')).toBe('SignUp');
      for (const header of [
        'AWSCognitoIdentityProviderService.AdminSetUserPassword.SignUp',
        'AWSCognitoIdentityProviderService.',
        'AWSCognitoIdentityProviderService',
        'Other.SignUp',
        'awscognitoidentityproviderservice.SignUp',
        'AWSCognitoIdentityProviderService.Sign Up',
        'AWSCognitoIdentityProviderService.SignUp2',
        ' AWSCognitoIdentityProviderService.SignUp',
        'AWSCognitoIdentityProviderService.SignUp, AWSCognitoIdentityProviderService.AdminSetUserPassword',
        '',
      ]) {
        expect(parseCognitoTarget(header)).toBeNull();
      }
      expect(parseCognitoTarget(undefined)).toBeNull();
      expect(parseCognitoTarget(['AWSCognitoIdentityProviderService.SignUp'])).toBeNull();
    });

    test('AdminSetUserPassword smuggled as "...AdminSetUserPassword.SignUp" is refused and changes nothing', async () => {
      await confirmedUser('target@example.com', 'target-pw1');
      const attempt = (target: string | string[] | undefined) =>
        raw({
          headers: { 'content-type': 'application/x-amz-json-1.1', ...(target === undefined ? {} : { 'x-amz-target': target }) },
          body: JSON.stringify({ UserPoolId: cognito.userPoolId, Username: 'target@example.com', Password: 'hijacked1', Permanent: true }),
        });
      for (const target of [
        'AWSCognitoIdentityProviderService.AdminSetUserPassword.SignUp',
        'AWSCognitoIdentityProviderService.AdminSetUserPassword.',
        'Other.AdminSetUserPassword',
        // two headers, which Node joins with ", "
        ['AWSCognitoIdentityProviderService.AdminSetUserPassword', 'AWSCognitoIdentityProviderService.SignUp'],
        undefined,
      ]) {
        const res = await attempt(target);
        expect(res.status).toBe(400);
        expect(res.headers['x-amzn-errortype']).toBe('UnknownOperationException');
        expect(JSON.parse(res.body)).toEqual({ __type: 'UnknownOperationException', message: expect.stringMatching(/^Invalid x-amz-target header/) });
      }
      expect(await failureOf(signIn('target@example.com', 'hijacked1'))).toEqual(incorrect);
      expect((await signIn('target@example.com', 'target-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
    });

    test('an operation named after an Object.prototype member is no operation', async () => {
      for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
        const res = await raw({
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${name}` },
          body: JSON.stringify({ echo: 'me' }),
        });
        expect(res.status).toBe(400);
        expect(res.headers['x-amzn-errortype']).toBe('UnsupportedOperationException');
      }
    });
  });

  describe('the port answers the local gateway and backend processes, never a browser', () => {
    const listGroups = (headers: Record<string, string> = {}) =>
      raw({
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListGroups', ...headers },
        body: JSON.stringify({ UserPoolId: cognito.userPoolId }),
      });

    test('no CORS: no preflight answer, no access-control-* header on any answer', async () => {
      const preflight = await raw({
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
      });
      expect(preflight.status).toBe(405);
      expect(corsHeaderNames(preflight.headers)).toEqual([]);

      const api = await listGroups({ origin: 'https://evil.example' });
      expect(api.status).toBe(200);
      expect(corsHeaderNames(api.headers)).toEqual([]);
      const error = await raw({ headers: { origin: 'https://evil.example', 'x-amz-target': 'Nope' } });
      expect(error.status).toBe(400);
      expect(corsHeaderNames(error.headers)).toEqual([]);
      for (const path of [`/${cognito.userPoolId}/.well-known/jwks.json`, `/${cognito.userPoolId}/.well-known/openid-configuration`, '/health']) {
        const res = await raw({ method: 'GET', path, headers: { origin: 'https://evil.example' } });
        expect(res.status).toBe(200);
        expect(corsHeaderNames(res.headers)).toEqual([]);
      }
    });

    test('a Host that is not this loopback host:port is refused (DNS rebinding)', async () => {
      const { port } = new URL(cognito.endpoint);
      for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.nip.io:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`, `0.0.0.0:${port}`]) {
        expect((await listGroups({ host })).status).toBe(421);
        expect((await raw({ method: 'GET', path: `/${cognito.userPoolId}/.well-known/jwks.json`, headers: { host } })).status).toBe(421);
        expect((await raw({ method: 'GET', path: '/health', headers: { host } })).status).toBe(421);
        expect((await raw({ method: 'OPTIONS', headers: { host } })).status).toBe(421);
      }
      // no Host at all: Node's HTTP/1.1 parser already answers 400
      expect([400, 421]).toContain((await raw({ method: 'GET', path: '/health', sendHost: false })).status);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
        expect((await listGroups({ host })).status).toBe(200);
      }
    });

    test('the AWS SDK and fetch (JWKS, as the gateway loads it) still work', async () => {
      const { Groups } = await sdk.send(new ListGroupsCommand({ UserPoolId: cognito.userPoolId }));
      expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
      const jwks = (await (await fetch(cognito.jwksUri)).json()) as { keys: unknown[] };
      expect(jwks.keys).toHaveLength(1);
    });

    test('no other path reaches cognito-local itself (its POST / would skip every check)', async () => {
      const res = await raw({
        path: cognito.endpoint + '/',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.DeleteUser.X' },
        body: '{}',
      });
      expect(res.status).toBe(404);
    });
  });

  test('DeleteUser with the user\'s own access token is blocked as the WAF blocks it, and the user stays', async () => {
    await confirmedUser('stays@example.com', 'stays-pw1');
    const token = (await signIn('stays@example.com', 'stays-pw1')).AuthenticationResult!.AccessToken!;
    expect(await failureWithStatus(sdk.send(new DeleteUserCommand({ AccessToken: token })))).toEqual({
      name: 'ForbiddenException',
      message: 'Request not allowed due to WAF block.',
      status: 403,
    });
    expect((await sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes).toContainEqual({ Name: 'email', Value: 'stays@example.com' });
    expect((await sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'stays@example.com' }))).Enabled).toBe(true);
    const rawDelete = await raw({
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.DeleteUser' },
      body: JSON.stringify({ AccessToken: token }),
    });
    expect(rawDelete.status).toBe(403);
    expect(rawDelete.headers['x-amzn-errortype']).toBe('ForbiddenException');
    expect((await signIn('stays@example.com', 'stays-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  describe('user-existence errors prevented (the app client says ENABLED)', () => {
    test('an unconfirmed user: wrong password "Incorrect", right password UserNotConfirmedException', async () => {
      await unconfirmedUser('pending@example.com', 'pending-pw1');
      expect(await failureOf(signIn('pending@example.com', 'not-the-pw'))).toEqual(incorrect);
      expect((await failureOf(signIn('pending@example.com', 'pending-pw1'))).name).toBe('UserNotConfirmedException');
    });

    test('ForgotPassword and ResendConfirmationCode for an unknown e-mail: a plausible delivery, no e-mail', async () => {
      const sent = mails.length;
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'g***@e***' };
      const forgot = await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'ghost@example.com' }));
      expect(forgot.CodeDeliveryDetails).toEqual(delivery);
      const resend = await sdk.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: 'ghost@example.com' }));
      expect(resend.CodeDeliveryDetails).toEqual(delivery);
      expect(mails).toHaveLength(sent);
      // and a known user's real answer has the same shape
      const known = await sdk.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: 'pending@example.com' }));
      expect(known.CodeDeliveryDetails).toEqual({ ...delivery, Destination: 'p***@e***' });
      expect(mails).toHaveLength(sent + 1);
    });

    test('ForgotPassword for a known user whose e-mail is not verified: the same simulated delivery, nothing sent', async () => {
      const sent = mails.length;
      const out = await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'pending@example.com' }));
      expect(out.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'p***@e***' });
      expect(mails).toHaveLength(sent);
    });

    test('ConfirmSignUp and ConfirmForgotPassword for an unknown e-mail: CodeMismatchException', async () => {
      expect(await failureOf(sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: 'ghost@example.com', ConfirmationCode: '123456' })))).toEqual(
        mismatch,
      );
      expect(
        await failureOf(
          sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'ghost@example.com', ConfirmationCode: '123456', Password: 'whatever1' })),
        ),
      ).toEqual(mismatch);
    });

    test('SignUp with an existing e-mail (any case) still answers UsernameExistsException, as Cognito does', async () => {
      expect(
        await failureOf(sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'Pending@Example.COM', Password: 'pending-pw1' }))),
      ).toEqual({ name: 'UsernameExistsException', message: 'An account with the given email already exists.' });
    });

    test('ForgotPassword for a user on a temporary password: the simulated delivery, nothing sent, no code resets it', async () => {
      await sdk.send(
        new AdminCreateUserCommand({
          UserPoolId: cognito.userPoolId,
          Username: 'invited@example.com',
          TemporaryPassword: 'invite-pw1',
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: 'invited@example.com' },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      const sent = mails.length;
      const out = await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'invited@example.com' }));
      expect(out.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'i***@e***' });
      expect(mails).toHaveLength(sent);
      const confirm = sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'invited@example.com', ConfirmationCode: '123456', Password: 'chosen-pw1' }));
      expect(await failureOf(confirm)).toEqual(mismatch);
      expect((await signIn('invited@example.com', 'invite-pw1')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    });

    test('the behaviour is the app client\'s: a LEGACY client still names unknown users', async () => {
      const { UserPoolClient } = await sdk.send(
        new CreateUserPoolClientCommand({
          UserPoolId: cognito.userPoolId,
          ClientName: 'legacy-for-test',
          ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
          PreventUserExistenceErrors: 'LEGACY',
        }),
      );
      const legacy = UserPoolClient!.ClientId!;
      // Named at InitiateAuth already, before any proof of a password.
      const legacySignIn = srpSignIn(sdk, { userPoolId: cognito.userPoolId, clientId: legacy }, 'ghost@example.com', 'whatever1');
      expect(await failureOf(legacySignIn)).toEqual({ name: 'UserNotFoundException', message: 'User does not exist.' });
      expect((await failureOf(sdk.send(new ForgotPasswordCommand({ ClientId: legacy, Username: 'ghost@example.com' })))).name).toBe('UserNotFoundException');
      // and says why a user on a temporary password gets no reset code
      expect(await failureOf(sdk.send(new ForgotPasswordCommand({ ClientId: legacy, Username: 'invited@example.com' })))).toEqual({
        name: 'NotAuthorizedException',
        message: 'User password cannot be reset in the current state.',
      });
    });
  });

  test('AdminInitiateAuth with a password: refused, the client allows no admin flow (no way around the lockout)', async () => {
    await confirmedUser('admin-flow@example.com', 'admin-flow-pw1');
    for (const AuthFlow of ['ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'] as const) {
      const attempt = sdk.send(
        new AdminInitiateAuthCommand({
          UserPoolId: cognito.userPoolId,
          ClientId: cognito.clientId,
          AuthFlow,
          AuthParameters: { USERNAME: 'admin-flow@example.com', PASSWORD: 'admin-flow-pw1' },
        }),
      );
      expect(await failureOf(attempt)).toEqual({ name: 'InvalidParameterException', message: 'Auth flow not enabled for this client' });
    }
  });

  describe('attempt limits and lockouts', () => {
    test('sign-in: after 5 failures "Password attempts exceeded" even with the right password, 1 s doubling to 15 minutes; success resets', async () => {
      await confirmedUser('locked@example.com', 'locked-pw1');
      for (let i = 0; i < 5; i++) expect(await failureOf(signIn('locked@example.com', 'wrong-pw'))).toEqual(incorrect);
      expect(await failureOf(signIn('locked@example.com', 'locked-pw1'))).toEqual(attemptsExceeded);
      advance(999);
      expect(await failureOf(signIn('locked@example.com', 'locked-pw1'))).toEqual(attemptsExceeded);
      advance(1);
      // the 6th failure locks for 2 s
      expect(await failureOf(signIn('locked@example.com', 'wrong-pw'))).toEqual(incorrect);
      advance(1_999);
      expect(await failureOf(signIn('locked@example.com', 'locked-pw1'))).toEqual(attemptsExceeded);
      advance(1);
      expect((await signIn('locked@example.com', 'locked-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();

      // the count was reset: 4 failures lock nothing
      for (let i = 0; i < 4; i++) expect(await failureOf(signIn('locked@example.com', 'wrong-pw'))).toEqual(incorrect);
      expect((await signIn('locked@example.com', 'locked-pw1')).AuthenticationResult).toBeTruthy();

      // 15 failures, each after the last lockout (2^(n-5) s): the 15th would be 2^10 s, capped at 15 minutes
      for (let n = 1; n <= 15; n++) {
        expect(await failureOf(signIn('locked@example.com', 'wrong-pw'))).toEqual(incorrect);
        if (n >= 5 && n < 15) advance(2 ** (n - 5) * 1_000);
      }
      advance(15 * 60_000 - 1);
      expect(await failureOf(signIn('locked@example.com', 'locked-pw1'))).toEqual(attemptsExceeded);
      advance(1);
      expect((await signIn('locked@example.com', 'locked-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
    });

    test('sign-in: 15 minutes without an attempt after a lockout also starts the count afresh', async () => {
      await confirmedUser('idle@example.com', 'idle-pw1');
      for (let i = 0; i < 5; i++) expect(await failureOf(signIn('idle@example.com', 'wrong-pw'))).toEqual(incorrect);
      advance(15 * 60_000);
      // a 6th failure in the same count would lock for 2 s
      expect(await failureOf(signIn('idle@example.com', 'wrong-pw'))).toEqual(incorrect);
      expect((await signIn('idle@example.com', 'idle-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
    });

    test('an unknown e-mail is locked out the same way', async () => {
      for (let i = 0; i < 5; i++) expect(await failureOf(signIn('nobody-else@example.com', 'wrong-pw'))).toEqual(incorrect);
      expect(await failureOf(signIn('nobody-else@example.com', 'wrong-pw'))).toEqual(attemptsExceeded);
    });

    test('wrong codes: after 5 CodeMismatchException, LimitExceededException for 15 minutes, even for the right code', async () => {
      const code = await unconfirmedUser('guesser@example.com', 'guesser-pw1');
      const confirm = (c: string) => sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: 'guesser@example.com', ConfirmationCode: c }));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect(await failureOf(confirm(wrong))).toEqual(mismatch);
      expect(await failureOf(confirm(code))).toEqual(limitExceeded);
      advance(15 * 60_000 - 1);
      expect(await failureOf(confirm(code))).toEqual(limitExceeded);
      advance(1);
      await confirm(code);

      // ConfirmForgotPassword counts the same way
      await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'guesser@example.com' }));
      const resetCode = mails.at(-1)!.code!;
      const reset = (c: string) =>
        sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'guesser@example.com', ConfirmationCode: c, Password: 'guesser-pw2' }));
      const wrongReset = resetCode === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect(await failureOf(reset(wrongReset))).toEqual(mismatch);
      expect(await failureOf(reset(resetCode))).toEqual(limitExceeded);
      advance(15 * 60_000);
      await reset(resetCode);
      expect((await signIn('guesser@example.com', 'guesser-pw2')).AuthenticationResult).toBeTruthy();

      // and an unknown e-mail the same
      const ghost = () => sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: 'ghost-coder@example.com', ConfirmationCode: '123456' }));
      for (let i = 0; i < 5; i++) expect(await failureOf(ghost())).toEqual(mismatch);
      expect(await failureOf(ghost())).toEqual(limitExceeded);
    });

    test('ForgotPassword and ResendConfirmationCode: 5 an hour per user, known or not', async () => {
      advance(60 * 60_000); // earlier tests' requests out of the window
      await confirmedUser('forgetful@example.com', 'forgetful-pw1');
      await unconfirmedUser('resender@example.com', 'resender-pw1');
      const forgot = (name: string) => sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: name }));
      const resend = (name: string) => sdk.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: name }));
      for (const [send, name] of [
        [forgot, 'forgetful@example.com'],
        [forgot, 'ghost-forgetful@example.com'],
        [resend, 'resender@example.com'],
        [resend, 'ghost-resender@example.com'],
      ] as const) {
        for (let i = 0; i < 5; i++) expect((await send(name)).CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
        expect(await failureOf(send(name))).toEqual(limitExceeded);
      }
      advance(60 * 60_000);
      expect((await forgot('forgetful@example.com')).CodeDeliveryDetails).toBeTruthy();
      expect((await resend('resender@example.com')).CodeDeliveryDetails).toBeTruthy();
    });
  });

  test('passwords with leading or trailing white space, or longer than 256, are refused by every operation that sets one', async () => {
    const pattern = (member: string) => ({
      name: 'InvalidParameterException',
      message: `1 validation error detected: Value at '${member}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
    });
    const tooLong = (member: string) => ({
      name: 'InvalidParameterException',
      message: `1 validation error detected: Value at '${member}' failed to satisfy constraint: Member must have length less than or equal to 256`,
    });
    const long = 'x'.repeat(257);
    const bad: Array<[string, (member: string) => { name: string; message: string }]> = [
      [' leading-space', pattern],
      ['trailing-space ', pattern],
      ['\ttabbed-password', pattern],
      [long, tooLong],
    ];

    for (const [pw, expected] of bad) {
      expect(await failureOf(sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'spaces@example.com', Password: pw })))).toEqual(expected('password'));
    }
    expect(
      await failureOf(sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'spaces@example.com', Password: ` ${long} ` }))),
    ).toEqual({
      name: 'InvalidParameterException',
      message:
        "2 validation errors detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$; " +
        "Value at 'password' failed to satisfy constraint: Member must have length less than or equal to 256",
    });
    expect((await failureOf(sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'spaces@example.com' })))).name).toBe('UserNotFoundException');
    // 256 characters, and spaces inside, are fine
    await sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'long-pw@example.com', Password: 'y'.repeat(256) }));
    await confirmedUser('spaces@example.com', 'inner spaces ok');

    const token = (await signIn('spaces@example.com', 'inner spaces ok')).AuthenticationResult!.AccessToken!;
    await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'spaces@example.com' }));
    const resetCode = mails.at(-1)!.code!;
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: 'newbie@example.com',
        TemporaryPassword: 'temp-pw1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: 'newbie@example.com' }],
      }),
    );
    const challenge = await signIn('newbie@example.com', 'temp-pw1');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    for (const [pw, expected] of bad) {
      expect(
        await failureOf(sdk.send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: 'inner spaces ok', ProposedPassword: pw }))),
      ).toEqual(expected('proposedPassword'));
      expect(
        await failureOf(
          sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'spaces@example.com', ConfirmationCode: resetCode, Password: pw })),
        ),
      ).toEqual(expected('password'));
      expect(
        await failureOf(sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: 'spaces@example.com', Password: pw, Permanent: true }))),
      ).toEqual(expected('password'));
      expect(
        await failureOf(
          sdk.send(new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: 'never@example.com', TemporaryPassword: pw, MessageAction: 'SUPPRESS' })),
        ),
      ).toEqual(expected('temporaryPassword'));
      expect(
        await failureOf(
          sdk.send(
            new RespondToAuthChallengeCommand({
              ClientId: cognito.clientId,
              ChallengeName: 'NEW_PASSWORD_REQUIRED',
              Session: challenge.Session,
              ChallengeResponses: { USERNAME: 'newbie@example.com', NEW_PASSWORD: pw },
            }),
          ),
        ),
      ).toEqual(expected('password'));
    }
    // nothing changed
    expect((await signIn('spaces@example.com', 'inner spaces ok')).AuthenticationResult).toBeTruthy();
    expect((await signIn('newbie@example.com', 'temp-pw1')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect((await failureOf(sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'never@example.com' })))).name).toBe('UserNotFoundException');
  });

  test('an e-mail another user has (in any case): AliasExistsException, and nothing changes', async () => {
    await confirmedUser('first@example.com', 'first-pw1');
    await confirmedUser('second@example.com', 'second-pw1');
    const taken = { name: 'AliasExistsException', message: 'An account with the given email already exists.' };
    const token = (await signIn('second@example.com', 'second-pw1')).AuthenticationResult!.AccessToken!;
    // A user cannot change their own e-mail at all (the portal shows it read-only): only the
    // administrators' AdminUpdateUserAttributes can, and it meets the address taken.
    expect(
      await failureOf(sdk.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes: [{ Name: 'email', Value: 'First@Example.com' }] }))),
    ).toEqual({ name: 'InvalidParameterException', message: 'user.email: Attribute cannot be updated. (the e-mail address is the sign-in name and is read-only)' });
    expect(
      await failureOf(
        sdk.send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: cognito.userPoolId,
            Username: 'second@example.com',
            UserAttributes: [{ Name: 'email', Value: 'first@example.com' }],
          }),
        ),
      ),
    ).toEqual(taken);
    const second = await sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'second@example.com' }));
    expect(second.UserAttributes).toContainEqual({ Name: 'email', Value: 'second@example.com' });
    expect(second.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    expect((await signIn('second@example.com', 'second-pw1')).AuthenticationResult).toBeTruthy();
    expect((await signIn('first@example.com', 'first-pw1')).AuthenticationResult).toBeTruthy();
    // its own address, in another case, is no conflict
    await sdk.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes: [{ Name: 'given_name', Value: 'Second' }] }));
  });

  test('PreSignUp: the event Cognito sends, and a throw refuses the sign-up with no user made', async () => {
    const before = preSignUps.length;
    const sent = mails.length;
    const out = await sdk.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: 'presign@example.com',
        Password: 'presign-pw1',
        UserAttributes: [{ Name: 'given_name', Value: 'Eve' }],
        ValidationData: [{ Name: 'captcha', Value: 'ok' }],
        ClientMetadata: { source: 'test' },
      }),
    );
    expect(preSignUps).toHaveLength(before + 1);
    expect(preSignUps.at(-1)).toEqual({
      version: '1',
      region: 'us-east-1',
      userPoolId: cognito.userPoolId,
      userName: out.UserSub,
      callerContext: { awsSdkVersion: expect.any(String), clientId: cognito.clientId },
      triggerSource: 'PreSignUp_SignUp',
      request: {
        userAttributes: { email: 'presign@example.com', given_name: 'Eve' },
        validationData: { captcha: 'ok' },
        clientMetadata: { source: 'test' },
      },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    });

    const refused = await failureOf(
      sdk.send(
        new SignUpCommand({
          ClientId: cognito.clientId,
          Username: 'mallory@example.com',
          Password: 'mallory-pw1',
          UserAttributes: [{ Name: 'given_name', Value: 'Mallory' }],
        }),
      ),
    );
    expect(refused).toEqual({ name: 'UserLambdaValidationException', message: 'PreSignUp failed with error Sign-ups from Mallory are not accepted.' });
    expect(preSignUps.at(-1)?.request).toEqual({ userAttributes: { email: 'mallory@example.com', given_name: 'Mallory' } });
    expect((await failureOf(sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'mallory@example.com' })))).name).toBe(
      'UserNotFoundException',
    );
    expect(mails.filter((m) => m.to === 'mallory@example.com')).toEqual([]);
    expect(mails).toHaveLength(sent + 1);
  });
});

describe('sessions', () => {
  const secondPassed = async (since: number) => {
    while (Math.floor(Date.now() / 1000) <= since) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  test('auth_time is the second of the sign-in, in the access and the ID token, and every refresh keeps it', async () => {
    await confirmedUser('timed@example.com', 'timed-pw1');
    const before = Math.floor(Date.now() / 1000);
    const r = (await signIn('timed@example.com', 'timed-pw1')).AuthenticationResult!;
    const after = Math.floor(Date.now() / 1000);
    const authTime = claims(r.AccessToken).auth_time;
    expect(typeof authTime).toBe('number');
    expect(authTime).toBeGreaterThanOrEqual(before);
    expect(authTime).toBeLessThanOrEqual(after);
    expect(claims(r.IdToken).auth_time).toBe(authTime);

    // A refresh a second later or more: new tokens, the sign-in's auth_time.
    await secondPassed(authTime as number);
    const viaGetTokens = (await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: r.RefreshToken! }))).AuthenticationResult!;
    const viaInitiate = (
      await sdk.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: r.RefreshToken! } }))
    ).AuthenticationResult!;
    for (const token of [viaGetTokens.AccessToken, viaGetTokens.IdToken, viaInitiate.AccessToken, viaInitiate.IdToken]) {
      expect(claims(token).auth_time).toBe(authTime);
      expect(claims(token).iat).toBeGreaterThan(authTime as number);
    }
    // A new sign-in is a new session, with its own time.
    const again = (await signIn('timed@example.com', 'timed-pw1')).AuthenticationResult!;
    expect(claims(again.AccessToken).auth_time).toBeGreaterThan(authTime as number);
  });

  test('GlobalSignOut revokes every refresh token of the user, not only its own session\'s', async () => {
    await confirmedUser('everywhere@example.com', 'everywhere-pw1');
    const sessions = [await signIn('everywhere@example.com', 'everywhere-pw1'), await signIn('everywhere@example.com', 'everywhere-pw1')].map((s) => s.AuthenticationResult!);
    await confirmedUser('elsewhere@example.com', 'elsewhere-pw1');
    const other = (await signIn('elsewhere@example.com', 'elsewhere-pw1')).AuthenticationResult!;
    await sdk.send(new GlobalSignOutCommand({ AccessToken: sessions[0]!.AccessToken! }));
    for (const session of sessions) {
      expect(await failureOf(sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: session.RefreshToken! })))).toEqual({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      const viaInitiate = sdk.send(
        new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: session.RefreshToken! } }),
      );
      expect((await failureOf(viaInitiate)).name).toBe('NotAuthorizedException');
      expect(await failureOf(sdk.send(new GetUserCommand({ AccessToken: session.AccessToken! })))).toEqual({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    }
    // Another user's session goes on; a new sign-in works.
    expect((await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: other.RefreshToken! }))).AuthenticationResult).toBeTruthy();
    expect((await signIn('everywhere@example.com', 'everywhere-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('ConfirmForgotPassword runs PostConfirmation with PostConfirmation_ConfirmForgotPassword, after the new password is set', async () => {
    await confirmedUser('reset-me@example.com', 'reset-pw1');
    const { Username: userSub } = await sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'reset-me@example.com' }));
    await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'reset-me@example.com' }));
    const code = mails.filter((m) => m.to === 'reset-me@example.com').at(-1)?.code;
    const before = postConfirmations.length;
    await sdk.send(
      new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'reset-me@example.com', ConfirmationCode: code!, Password: 'reset-pw2', ClientMetadata: { from: 'test' } }),
    );
    expect(postConfirmations).toHaveLength(before + 1);
    expect(postConfirmations.at(-1)).toEqual({
      version: '1',
      region: 'us-east-1',
      userPoolId: cognito.userPoolId,
      userName: userSub,
      callerContext: { awsSdkVersion: expect.any(String), clientId: cognito.clientId },
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      request: {
        userAttributes: { sub: userSub, email: 'reset-me@example.com', email_verified: 'true', 'cognito:user_status': 'CONFIRMED' },
        clientMetadata: { from: 'test' },
      },
      response: {},
    });
    expect((await signIn('reset-me@example.com', 'reset-pw2')).AuthenticationResult).toBeTruthy();
  });
});

describe('the Pre Token Generation trigger, before every issue of tokens', () => {
  test('its V1 event, and its answer applied to the ID token: claims set, suppressed, groups replaced in both tokens; Cognito\'s own claims untouched', async () => {
    await confirmedUser(CUSTOMIZED, 'custom-pw1');
    await sdk.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId: cognito.userPoolId, Username: CUSTOMIZED, UserAttributes: [{ Name: 'family_name', Value: 'Hidden' }] }),
    );
    const { Username: userSub } = await sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: CUSTOMIZED }));
    const before = preTokenGenerations.length;
    const r = (await signIn(CUSTOMIZED, 'custom-pw1')).AuthenticationResult!;
    expect(preTokenGenerations.slice(before)).toEqual([
      {
        version: '1',
        region: 'us-east-1',
        userPoolId: cognito.userPoolId,
        userName: userSub,
        callerContext: { awsSdkVersion: expect.any(String), clientId: cognito.clientId },
        triggerSource: 'TokenGeneration_Authentication',
        request: {
          userAttributes: { sub: userSub, email: CUSTOMIZED, email_verified: 'true', family_name: 'Hidden', 'cognito:user_status': 'CONFIRMED' },
          groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
        },
        response: { claimsOverrideDetails: {} },
      },
    ]);
    const id = claims(r.IdToken);
    expect(id).toMatchObject({ given_name: 'From the profile', plan: 'gold', sub: userSub, 'cognito:groups': ['readers'], token_use: 'id' });
    expect(typeof id.auth_time).toBe('number');
    expect(id.auth_time).not.toBe(1);
    expect(id.email).toBeUndefined();
    expect(id.family_name).toBeUndefined();
    // V1 changes the ID token; the access token keeps its claims, but for the groups.
    const access = claims(r.AccessToken);
    expect(access).toMatchObject({ sub: userSub, 'cognito:groups': ['readers'] });
    expect(access.given_name).toBeUndefined();
    expect(access.plan).toBeUndefined();

    // A refresh runs it too, with its own source.
    const refreshed = (await sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: r.RefreshToken! }))).AuthenticationResult!;
    expect(preTokenGenerations.at(-1)?.triggerSource).toBe('TokenGeneration_RefreshTokens');
    expect(claims(refreshed.IdToken)).toMatchObject({ given_name: 'From the profile', plan: 'gold' });
  });

  test('a new password after a temporary one: TokenGeneration_NewPasswordChallenge; a throw: UserLambdaValidationException and no tokens', async () => {
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: 'temporary@example.com',
        TemporaryPassword: 'temp-pw1',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: 'temporary@example.com' }],
      }),
    );
    const challenge = await signIn('temporary@example.com', 'temp-pw1');
    await sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: cognito.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: 'temporary@example.com', NEW_PASSWORD: 'chosen-pw1' },
      }),
    );
    expect(preTokenGenerations.at(-1)).toMatchObject({ triggerSource: 'TokenGeneration_NewPasswordChallenge', request: { userAttributes: { email: 'temporary@example.com' } } });

    await confirmedUser(REFUSED_TOKENS, 'refused-pw1');
    expect(await failureOf(signIn(REFUSED_TOKENS, 'refused-pw1'))).toEqual({
      name: 'UserLambdaValidationException',
      message: 'PreTokenGeneration failed with error No tokens for this user.',
    });
  });
});

describe('what users may write of their own attributes: the app client\'s WriteAttributes', () => {
  const unauthorized = { name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' };

  test('the client lets users write the sign-up form\'s attributes only (no Google here: no picture)', async () => {
    const { UserPoolClient } = await sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientId: cognito.clientId }));
    expect(UserPoolClient?.WriteAttributes).toEqual([...userPoolDefinition.writeAttributes]);
  });

  test('UpdateUserAttributes: a 3,000-character name, a `name` formula, a phone number, another\'s e-mail as preferred_username: refused, nothing changes', async () => {
    await confirmedUser('writer@example.com', 'writer-pw1');
    await confirmedUser('victim@example.com', 'victim-pw1');
    const token = (await signIn('writer@example.com', 'writer-pw1')).AuthenticationResult!.AccessToken!;
    const update = (UserAttributes: { Name: string; Value: string }[]) => sdk.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes }));
    expect(await failureOf(update([{ Name: 'given_name', Value: 'A'.repeat(3_000) }]))).toEqual({
      name: 'InvalidParameterException',
      message: "1 validation error detected: Value at 'userAttributes.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 2048",
    });
    for (const attribute of [
      { Name: 'name', Value: '=HYPERLINK("https://evil.example","Click")' },
      { Name: 'phone_number', Value: '+15555550100' },
      { Name: 'preferred_username', Value: 'victim@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]) {
      expect(await failureOf(update([attribute]))).toEqual(unauthorized);
      // with a writable one beside it: the whole request is refused
      expect(await failureOf(update([{ Name: 'given_name', Value: 'Writer' }, attribute]))).toEqual(unauthorized);
    }
    const me = await sdk.send(new GetUserCommand({ AccessToken: token }));
    expect(me.UserAttributes?.map((a) => a.Name).sort()).toEqual(['email', 'email_verified', 'sub']);
    // the sign-up form's names are the user's to write
    await update([{ Name: 'given_name', Value: 'Writer' }]);
    expect((await sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Writer' });
  });

  test('DeleteUserAttributes: only writable attributes', async () => {
    await confirmedUser('deleter@example.com', 'deleter-pw1');
    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: 'deleter@example.com',
        UserAttributes: [
          { Name: 'name', Value: 'Set By An Admin' },
          { Name: 'given_name', Value: 'Del' },
        ],
      }),
    );
    const token = (await signIn('deleter@example.com', 'deleter-pw1')).AuthenticationResult!.AccessToken!;
    expect(await failureOf(sdk.send(new DeleteUserAttributesCommand({ AccessToken: token, UserAttributeNames: ['name'] })))).toEqual(unauthorized);
    await sdk.send(new DeleteUserAttributesCommand({ AccessToken: token, UserAttributeNames: ['given_name'] }));
    const names = (await sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes?.map((a) => a.Name);
    expect(names).toContain('name');
    expect(names).not.toContain('given_name');
  });

  test('SignUp: the same check on its attributes, before any user is made', async () => {
    for (const attribute of [
      { Name: 'name', Value: '=1+1' },
      { Name: 'phone_number', Value: '+15555550100' },
      { Name: 'email_verified', Value: 'true' },
    ]) {
      const attempt = sdk.send(
        new SignUpCommand({ ClientId: cognito.clientId, Username: 'overreach@example.com', Password: 'overreach-pw1', UserAttributes: [{ Name: 'given_name', Value: 'O' }, attribute] }),
      );
      expect(await failureOf(attempt)).toEqual(unauthorized);
    }
    expect((await failureOf(sdk.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'overreach@example.com' })))).name).toBe('UserNotFoundException');
    await sdk.send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: 'overreach@example.com',
        Password: 'overreach-pw1',
        UserAttributes: [
          { Name: 'email', Value: 'overreach@example.com' },
          { Name: 'given_name', Value: 'Over' },
          { Name: 'family_name', Value: 'Reach' },
        ],
      }),
    );
  });
});
