/**
 * The local Cognito (cognito-local in-process, corrected to behave like real Cognito), driven with
 * the AWS SDK v3 exactly as the product drives the real user pool. Every test makes the users it
 * needs (uniqueAddress), and the trigger and e-mail records start empty for each.
 */
import { COGNITO_BACKEND_HEADER } from '../../../../lambdas/lib/cognito/cognito-backend-header';
import { request } from 'node:http';
import { createConnection } from 'node:net';
import type {
  CustomMessageTriggerEvent,
  PostConfirmationTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
} from 'aws-lambda';
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
import { userPoolDefinition } from '../../../../shared/user-pool';
import { failureOf } from '../../../../tests/integration/support/failure';
import type { CapturedEmail } from '../index';
import { srpSignIn } from '../srp-client';
import { parseCognitoTarget } from '../target';
import { createConfirmedUser, uniqueAddress, useLocalCognito } from './test-support';

jest.setTimeout(30_000);

const mails: CapturedEmail[] = [];
const postConfirmations: PostConfirmationTriggerEvent[] = [];
const customMessages: CustomMessageTriggerEvent[] = [];
const preSignUps: PreSignUpTriggerEvent[] = [];
const preTokenGenerations: PreTokenGenerationTriggerEvent[] = [];

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

/** The users whose ID tokens the Pre Token Generation trigger changes, and those it refuses tokens, by their address's name. */
const CUSTOMIZED = 'customized';
const REFUSED_TOKENS = 'no-tokens';

/** A Pre Token Generation trigger that changes some users' ID tokens only: every other user's stay as the pool makes them. */
async function preTokenGeneration(event: PreTokenGenerationTriggerEvent) {
  preTokenGenerations.push(structuredClone(event));
  const address = event.request.userAttributes.email ?? '';
  if (address.startsWith(`${REFUSED_TOKENS}-`)) throw new Error('No tokens for this user');
  if (!address.startsWith(`${CUSTOMIZED}-`)) return event;
  event.response.claimsOverrideDetails = {
    // `sub` and `auth_time` are Cognito's own: no trigger changes them.
    claimsToAddOrOverride: {
      given_name: 'From the profile',
      plan: 'gold',
      sub: 'not-the-sub',
      auth_time: '1',
      email: 'also-suppressed@example.com',
    },
    claimsToSuppress: ['email', 'family_name'],
    groupOverrideDetails: { groupsToOverride: ['readers'] },
  };
  return event;
}

const t = useLocalCognito(() => ({
  triggers: { preSignUp, postConfirmation, customMessage, preTokenGeneration },
  onEmail: (mail) => mails.push(mail),
}));

beforeEach(() => {
  for (const record of [mails, postConfirmations, customMessages, preSignUps, preTokenGenerations]) record.length = 0;
});

/** A JWT's payload; the numeric and string claims the tests do arithmetic or string work on are typed. */
type Claims = Record<string, unknown> & { scope: string; exp: number; iat: number };

function claims(jwt: string | undefined): Claims {
  const payload = jwt?.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return parsed as Claims;
}

const password = 'secret1';
const signIn = (username: string, pw: string) => t.signIn(username, pw);

/** The last code e-mailed to `address`. */
function lastCode(address: string): string {
  const code = mails.filter((m) => m.to === address).at(-1)?.code;
  if (!code) throw new Error(`no code e-mailed to ${address}`);
  return code;
}

/** A user who signed up with `attributes` (e-mail as the user name), not confirmed yet: its sub and the code it was sent. */
async function signedUp(
  address: string,
  pw: string,
  attributes: { Name: string; Value: string }[],
): Promise<{ sub: string; code: string }> {
  const out = await t.sdk.send(
    new SignUpCommand({ ClientId: t.cognito.clientId, Username: address, Password: pw, UserAttributes: attributes }),
  );
  return { sub: out.UserSub ?? '', code: lastCode(address) };
}

/** Ada Lovelace signed up with her e-mail, given and family names (not confirmed yet). */
async function adaSignedUp(address = uniqueAddress('ada')) {
  const attributes = [
    { Name: 'email', Value: address },
    { Name: 'given_name', Value: 'Ada' },
    { Name: 'family_name', Value: 'Lovelace' },
  ];
  return { address, ...(await signedUp(address, password, attributes)) };
}

/** Ada signed up and confirmed with her code. */
async function adaConfirmed() {
  const ada = await adaSignedUp();
  await t.sdk.send(
    new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: ada.address, ConfirmationCode: ada.code }),
  );
  return ada;
}

/** A confirmed user with a verified e-mail, made the way the administrators' tools make one. */
const confirmedUser = (address: string, pw: string) => createConfirmedUser(t.sdk, t.cognito.userPoolId, address, pw);

/** An unconfirmed user (its e-mail not verified) and the code it was sent. */
async function unconfirmedUser(address: string, pw: string, givenName = 'Test'): Promise<string> {
  return (await signedUp(address, pw, [{ Name: 'given_name', Value: givenName }])).code;
}

/** A user made by an administrator with a temporary password (FORCE_CHANGE_PASSWORD). */
async function invitedUser(
  address: string,
  temporaryPassword: string,
  extra: { Name: string; Value: string }[] = [],
): Promise<void> {
  await t.sdk.send(
    new AdminCreateUserCommand({
      UserPoolId: t.cognito.userPoolId,
      Username: address,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: address }, ...extra],
    }),
  );
}

/** RespondToAuthChallenge NEW_PASSWORD_REQUIRED in the session a temporary password's sign-in opened. */
const newPassword = (session: string | undefined, username: string, pw: string) =>
  t.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.cognito.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: username, NEW_PASSWORD: pw },
    }),
  );

const getTokens = (RefreshToken: string) =>
  t.sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: t.cognito.clientId, RefreshToken }));
const refreshAuth = (token: string) =>
  t.sdk.send(
    new InitiateAuthCommand({
      ClientId: t.cognito.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: token },
    }),
  );

/** One raw HTTP exchange with the emulator's port, with headers (Host included) exactly as given. */
function raw(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string | string[]>;
  body?: string;
  sendHost?: boolean;
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(t.cognito.endpoint);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path ?? '/',
        headers: options.headers ?? {},
        setHost: options.sendHost ?? true,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const corsHeaderNames = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

/** The SDK error with its HTTP status. */
async function failureWithStatus(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; status: number | undefined }> {
  try {
    await promise;
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return { name: (e as Error).name, message: (e as Error).message, status };
  }
  throw new Error('expected the call to fail');
}

const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const attemptsExceeded = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' };
const limitExceeded = {
  name: 'LimitExceededException',
  message: 'Attempt limit exceeded, please try after some time.',
};
const mismatch = { name: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' };
const tooShort = {
  name: 'InvalidPasswordException',
  message: 'Password did not conform with policy: Password not long enough',
};

/** What every trigger event starts with, as Cognito sends it. */
const eventHeader = (userName: unknown, triggerSource: string) => ({
  version: '1',
  region: 'us-east-1',
  userPoolId: t.cognito.userPoolId,
  userName,
  callerContext: { awsSdkVersion: expect.any(String), clientId: t.cognito.clientId },
  triggerSource,
});

describe('local Cognito', () => {
  test('the pool, client and group exist as the definition says', async () => {
    expect(t.cognito.userPoolId).toMatch(/^us-east-1_[0-9A-Za-z]{9}$/);
    expect(t.cognito.issuer).toBe(`${t.cognito.endpoint}/${t.cognito.userPoolId}`);
    const { UserPool } = await t.sdk.send(new DescribeUserPoolCommand({ UserPoolId: t.cognito.userPoolId }));
    expect(UserPool?.Name).toBe(userPoolDefinition.poolName);
    expect(UserPool?.UsernameAttributes).toEqual(['email']);
    expect(UserPool?.AutoVerifiedAttributes).toEqual(['email']);
    expect(UserPool?.Policies?.PasswordPolicy?.MinimumLength).toBe(6);
    const { UserPoolClient } = await t.sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: t.cognito.userPoolId, ClientId: t.cognito.clientId }),
    );
    expect(UserPoolClient?.ClientName).toBe(userPoolDefinition.clientName);
    expect(UserPoolClient?.ClientSecret).toBeUndefined();
    // Refreshes rotate, through GetTokensFromRefreshToken only: no ALLOW_REFRESH_TOKEN_AUTH, as in AWS.
    // Passwords over SRP, and choice-based sign-in for passkeys.
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_AUTH']);
    expect(UserPoolClient?.PreventUserExistenceErrors).toBe('ENABLED');
    const { Groups } = await t.sdk.send(new ListGroupsCommand({ UserPoolId: t.cognito.userPoolId }));
    expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
  });

  test('SignUp refuses a password shorter than 6', async () => {
    const email = uniqueAddress('ada');
    const e = await failureOf(
      t.sdk.send(
        new SignUpCommand({
          ClientId: t.cognito.clientId,
          Username: email,
          Password: '12345',
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    );
    expect(e).toEqual(tooShort);
    expect(mails).toHaveLength(0);
  });

  test('SignUp sends the code through CustomMessage_SignUp to onEmail', async () => {
    const email = uniqueAddress('ada');
    const out = await t.sdk.send(
      new SignUpCommand({
        ClientId: t.cognito.clientId,
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
    const sub = out.UserSub!;
    expect(customMessages).toHaveLength(1);
    expect(customMessages[0]).toMatchObject({
      triggerSource: 'CustomMessage_SignUp',
      userPoolId: t.cognito.userPoolId,
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
    const { address } = await adaSignedUp();
    const e = await failureOf(
      t.sdk.send(new SignUpCommand({ ClientId: t.cognito.clientId, Username: address, Password: password })),
    );
    expect(e).toEqual({ name: 'UsernameExistsException', message: 'An account with the given email already exists.' });
  });

  test('unconfirmed sign-in: UserNotConfirmedException', async () => {
    const { address } = await adaSignedUp();
    expect((await failureOf(signIn(address, password))).name).toBe('UserNotConfirmedException');
  });

  test('a wrong code: CodeMismatchException', async () => {
    const { address } = await adaSignedUp();
    const e = await failureOf(
      t.sdk.send(
        new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: address, ConfirmationCode: 'x00000' }),
      ),
    );
    expect(e.name).toBe('CodeMismatchException');
  });

  test('ResendConfirmationCode issues a new code and the old one stops working', async () => {
    const { address, code: oldCode } = await adaSignedUp();
    const out = await t.sdk.send(
      new ResendConfirmationCodeCommand({ ClientId: t.cognito.clientId, Username: address }),
    );
    expect(out.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(customMessages[1]?.triggerSource).toBe('CustomMessage_ResendCode');
    expect(customMessages[1]?.request.codeParameter).toBe('{####}');
    const mail = mails[1]!;
    expect(mail.kind).toBe('ResendCode');
    expect(mail.subject).toBe('Aurum: CustomMessage_ResendCode');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.code).not.toBe(oldCode);
    expect(mail.body).toContain(mail.code!);

    const e = await failureOf(
      t.sdk.send(
        new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: address, ConfirmationCode: oldCode }),
      ),
    );
    expect(e.name).toBe('CodeMismatchException');
    expect(postConfirmations).toHaveLength(0);
    await t.sdk.send(
      new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: address, ConfirmationCode: mail.code! }),
    );
  });

  test('ConfirmSignUp calls PostConfirmation with the user', async () => {
    const { address: email, sub } = await adaConfirmed();
    expect(postConfirmations).toHaveLength(1);
    expect(postConfirmations[0]).toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: t.cognito.userPoolId,
      region: 'us-east-1',
      userName: sub,
      callerContext: { clientId: t.cognito.clientId },
      request: {
        userAttributes: {
          sub,
          email,
          given_name: 'Ada',
          family_name: 'Lovelace',
          email_verified: 'true',
          'cognito:user_status': 'CONFIRMED',
        },
      },
    });
  });

  test('resend for a confirmed user is refused', async () => {
    const { address } = await adaConfirmed();
    const e = await failureOf(
      t.sdk.send(new ResendConfirmationCodeCommand({ ClientId: t.cognito.clientId, Username: address })),
    );
    expect(e).toEqual({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
  });

  test('wrong password and unknown user answer alike (user-existence errors prevented)', async () => {
    const { address } = await adaConfirmed();
    expect(await failureOf(signIn(address, 'wrong-password'))).toEqual(incorrect);
    expect(await failureOf(signIn(uniqueAddress('nobody'), password))).toEqual(incorrect);
  });

  test('the error type is in the body (__type) and in the x-amzn-errortype header', async () => {
    const res = await fetch(t.cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: t.cognito.clientId, RefreshToken: 'not-a-token' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(await res.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });

  test('SRP sign-in with the e-mail gives tokens with the claims real Cognito puts in them', async () => {
    const { address: email, sub } = await adaConfirmed();
    const { AuthenticationResult: r } = await signIn(email, password);
    expect(r?.TokenType).toBe('Bearer');
    const accessTtl = userPoolDefinition.accessTokenValidityMinutes * 60;
    expect(r?.ExpiresIn).toBe(accessTtl);
    const accessToken = r!.AccessToken!;
    const access = claims(accessToken);
    expect(access).toMatchObject({
      sub,
      iss: t.cognito.issuer,
      client_id: t.cognito.clientId,
      token_use: 'access',
      username: sub,
    });
    expect(access.scope.split(' ')).toContain('aws.cognito.signin.user.admin');
    expect(access.exp - access.iat).toBe(accessTtl);
    expect(access['cognito:groups']).toBeUndefined();
    const id = claims(r?.IdToken);
    expect(id).toMatchObject({
      sub,
      aud: t.cognito.clientId,
      iss: t.cognito.issuer,
      token_use: 'id',
      email,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      'cognito:username': sub,
    });

    // The signature, against the JWKS at jwksUri (aws-jwt-verify fetches over https only, so
    // the test gives it a fetcher that uses the global fetch for this http endpoint).
    const jwksCache = new SimpleJwksCache({
      fetcher: { fetch: async (uri: string) => (await fetch(uri)).arrayBuffer() },
    });
    const verifier = JwtRsaVerifier.create(
      {
        issuer: t.cognito.issuer,
        audience: null,
        jwksUri: t.cognito.jwksUri,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'access') throw new Error('not an access token');
        },
      },
      { jwksCache },
    );
    const verified = await verifier.verify(accessToken);
    expect(verified.sub).toBe(sub);
    await expect(verifier.verify(`${accessToken.slice(0, -4)}AAAA`)).rejects.toThrow();

    const user = await t.sdk.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(user.Username).toBe(sub);
  });

  test('refresh: GetTokensFromRefreshToken rotates the refresh token; InitiateAuth REFRESH_TOKEN_AUTH is not allowed', async () => {
    const { address: email, sub } = await adaConfirmed();
    const { AccessToken: accessToken, RefreshToken: refreshToken } = (await signIn(email, password))
      .AuthenticationResult!;
    // The app client rotates refresh tokens, which InitiateAuth's refresh would not.
    expect(await failureOf(refreshAuth(refreshToken!))).toEqual({
      name: 'InvalidParameterException',
      message: 'REFRESH_TOKEN_AUTH flow not enabled for this client',
    });

    const viaGetTokens = await getTokens(refreshToken!);
    const r = viaGetTokens.AuthenticationResult;
    expect(claims(r?.AccessToken)).toMatchObject({ sub, token_use: 'access', client_id: t.cognito.clientId });
    expect(claims(r?.IdToken)).toMatchObject({ sub, token_use: 'id', aud: t.cognito.clientId });
    expect(r?.RefreshToken).toBeTruthy();
    expect(r?.RefreshToken).not.toBe(refreshToken);
    expect(r?.AccessToken).not.toBe(accessToken);
    // Same session: the sign-in's origin, so a sign-out still ends it.
    expect(claims(r?.AccessToken).origin_jti).toBe(claims(accessToken).origin_jti);

    expect((await failureOf(getTokens('garbage'))).name).toBe('NotAuthorizedException');
  });

  test('a rotated-out refresh token works for the grace of a retry, then never again; its successor goes on', async () => {
    const { address: email } = await adaConfirmed();
    const first = (await signIn(email, password)).AuthenticationResult!.RefreshToken!;
    const second = (await getTokens(first)).AuthenticationResult!.RefreshToken!;
    t.advance(userPoolDefinition.refreshTokenRotationGraceSeconds * 1000 - 1);
    // A retry whose first answer was lost: still good, and it rotates again.
    const retried = (await getTokens(first)).AuthenticationResult!.RefreshToken!;
    expect(retried).not.toBe(first);
    t.advance(1);
    expect(await failureOf(getTokens(first))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
    expect(await failureOf(getTokens(first))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    for (const token of [second, retried])
      expect((await getTokens(token)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('membership of admins appears in cognito:groups', async () => {
    const { address: email } = await adaConfirmed();
    const refreshToken = (await signIn(email, password)).AuthenticationResult!.RefreshToken!;
    await t.sdk.send(
      new AdminAddUserToGroupCommand({ UserPoolId: t.cognito.userPoolId, Username: email, GroupName: 'admins' }),
    );
    const { AuthenticationResult: r } = await signIn(email, password);
    expect(claims(r?.AccessToken)['cognito:groups']).toEqual(['admins']);
    expect(claims(r?.IdToken)['cognito:groups']).toEqual(['admins']);
    // A session opened before the group was joined carries it from its next refresh.
    const refreshed = await getTokens(refreshToken);
    expect(claims(refreshed.AuthenticationResult?.AccessToken)['cognito:groups']).toEqual(['admins']);
  });

  test('ForgotPassword: unknown user, then the code path with CustomMessage_ForgotPassword', async () => {
    const { address: email } = await adaConfirmed();
    const sent = mails.length;
    const unknown = await t.sdk.send(
      new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: uniqueAddress('nobody') }),
    );
    expect(unknown.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: 'n***@e***',
    });
    expect(mails).toHaveLength(sent);
    const known = await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: email }));
    expect(known.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: 'a***@e***',
    });
    const mail = mails.at(-1)!;
    expect(mail.kind).toBe('ForgotPassword');
    expect(mail.subject).toBe('Aurum: CustomMessage_ForgotPassword');
    expect(customMessages.at(-1)?.triggerSource).toBe('CustomMessage_ForgotPassword');
    expect(mail.body).toContain(mail.code!);

    const confirm = (ConfirmationCode: string, Password: string) =>
      t.sdk.send(
        new ConfirmForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: email, ConfirmationCode, Password }),
      );
    expect((await failureOf(confirm(mail.code!, 'abc'))).name).toBe('InvalidPasswordException');
    expect((await failureOf(confirm('x11111', 'newpass1'))).name).toBe('CodeMismatchException');
    await confirm(mail.code!, 'newpass1');
    expect((await signIn(email, 'newpass1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('the password minimum everywhere a password is set', async () => {
    const { address: email } = await adaConfirmed();
    const { AuthenticationResult: r } = await signIn(email, password);
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      t.sdk.send(new ChangePasswordCommand({ AccessToken: r!.AccessToken!, PreviousPassword, ProposedPassword }));
    expect(await failureOf(change(password, 'abc'))).toEqual(tooShort);
    expect(await failureOf(change('not-it', 'abcdef'))).toEqual(incorrect);
    expect(
      await failureOf(
        t.sdk.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: t.cognito.userPoolId,
            Username: email,
            Password: 'abc',
            Permanent: true,
          }),
        ),
      ),
    ).toEqual(tooShort);
    expect(await failureOf(invitedUser(uniqueAddress('temp'), 'abc'))).toEqual(tooShort);

    // NEW_PASSWORD_REQUIRED after AdminCreateUser
    const grace = uniqueAddress('grace');
    await invitedUser(grace, 'temp123', [
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: 'Grace' },
      { Name: 'family_name', Value: 'Hopper' },
    ]);
    const challenge = await signIn(grace, 'temp123');
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(await failureOf(newPassword(challenge.Session, grace, 'abc'))).toEqual(tooShort);
    const done = await newPassword(challenge.Session, grace, 'grace-pw');
    expect(claims(done.AuthenticationResult?.IdToken)).toMatchObject({ email: grace, given_name: 'Grace' });
    // its refresh token works too (cognito-local's own flow does not store it)
    const refreshed = await getTokens(done.AuthenticationResult!.RefreshToken!);
    expect(claims(refreshed.AuthenticationResult?.AccessToken).token_use).toBe('access');
  });

  test('AdminConfirmSignUp calls PostConfirmation', async () => {
    const bob = uniqueAddress('bob');
    await unconfirmedUser(bob, 'bobpass', 'Bob');
    await t.sdk.send(new AdminConfirmSignUpCommand({ UserPoolId: t.cognito.userPoolId, Username: bob }));
    expect(postConfirmations).toHaveLength(1);
    expect(postConfirmations.at(-1)).toMatchObject({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: { userAttributes: { email: bob, given_name: 'Bob' } },
    });
  });

  test('AdminUserGlobalSignOut: refresh tokens and access tokens stop working', async () => {
    const { address: email, sub } = await adaConfirmed();
    const first = (await signIn(email, password)).AuthenticationResult!;
    const { AuthenticationResult: r } = await signIn(email, password);
    await t.sdk.send(new AdminUserGlobalSignOutCommand({ UserPoolId: t.cognito.userPoolId, Username: email }));
    for (const token of [first.RefreshToken!, r!.RefreshToken!]) {
      expect((await failureOf(getTokens(token))).name).toBe('NotAuthorizedException');
    }
    expect(await failureOf(t.sdk.send(new GetUserCommand({ AccessToken: r!.AccessToken! })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // signing in again works
    const again = await signIn(email, password);
    expect(
      (await t.sdk.send(new GetUserCommand({ AccessToken: again.AuthenticationResult!.AccessToken! }))).Username,
    ).toBe(sub);
  });

  test('AdminDeleteUser removes the user', async () => {
    const { address: email } = await adaConfirmed();
    await t.sdk.send(new AdminDeleteUserCommand({ UserPoolId: t.cognito.userPoolId, Username: email }));
    expect(await failureOf(signIn(email, password))).toEqual(incorrect);
    expect(
      (await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: email }))))
        .name,
    ).toBe('UserNotFoundException');
  });

  test('a restart on the same dataDir keeps the ids and the users; stop() frees the port', async () => {
    const grace = uniqueAddress('grace');
    await confirmedUser(grace, 'grace-pw');
    const bob = uniqueAddress('bob');
    await unconfirmedUser(bob, 'bobpass', 'Bob');
    await t.sdk.send(new AdminConfirmSignUpCommand({ UserPoolId: t.cognito.userPoolId, Username: bob }));
    const { userPoolId, clientId, endpoint } = t.cognito;
    const port = Number(new URL(endpoint).port);
    await t.restart(async () => {
      const connected = new Promise((resolve, reject) => {
        const socket = createConnection({ host: '127.0.0.1', port }, () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', reject);
      });
      await expect(connected).rejects.toThrow(/ECONNREFUSED/);
    });

    expect(t.cognito.userPoolId).toBe(userPoolId);
    expect(t.cognito.clientId).toBe(clientId);
    const { Groups } = await t.sdk.send(new ListGroupsCommand({ UserPoolId: t.cognito.userPoolId }));
    expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
    const { AuthenticationResult: r } = await signIn(grace, 'grace-pw');
    expect(claims(r?.AccessToken).iss).toBe(t.cognito.issuer);
    expect((await signIn(bob, 'bobpass')).AuthenticationResult?.IdToken).toBeTruthy();
  });
});

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
      const target = uniqueAddress('target');
      await confirmedUser(target, 'target-pw1');
      const attempt = (header: string | string[] | undefined) =>
        raw({
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            ...(header === undefined ? {} : { 'x-amz-target': header }),
          },
          body: JSON.stringify({
            UserPoolId: t.cognito.userPoolId,
            Username: target,
            Password: 'hijacked1',
            Permanent: true,
          }),
        });
      for (const header of [
        'AWSCognitoIdentityProviderService.AdminSetUserPassword.SignUp',
        'AWSCognitoIdentityProviderService.AdminSetUserPassword.',
        'Other.AdminSetUserPassword',
        // two headers, which Node joins with ", "
        ['AWSCognitoIdentityProviderService.AdminSetUserPassword', 'AWSCognitoIdentityProviderService.SignUp'],
        undefined,
      ]) {
        const res = await attempt(header);
        expect(res.status).toBe(400);
        expect(res.headers['x-amzn-errortype']).toBe('UnknownOperationException');
        expect(JSON.parse(res.body)).toEqual({
          __type: 'UnknownOperationException',
          message: expect.stringMatching(/^Invalid x-amz-target header/),
        });
      }
      expect(await failureOf(signIn(target, 'hijacked1'))).toEqual(incorrect);
      expect((await signIn(target, 'target-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
    });

    test('an operation named after an Object.prototype member is no operation', async () => {
      for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
        const res = await raw({
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${name}`,
            [COGNITO_BACKEND_HEADER]: t.cognito.backendSecret,
          },
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
        // A backend process: with the stack's secret (backend-gate.ts).
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ListGroups',
          [COGNITO_BACKEND_HEADER]: t.cognito.backendSecret,
          ...headers,
        },
        body: JSON.stringify({ UserPoolId: t.cognito.userPoolId }),
      });

    test('no CORS: no preflight answer, no access-control-* header on any answer', async () => {
      const preflight = await raw({
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-target',
        },
      });
      expect(preflight.status).toBe(405);
      expect(corsHeaderNames(preflight.headers)).toEqual([]);

      const api = await listGroups({ origin: 'https://evil.example' });
      expect(api.status).toBe(200);
      expect(corsHeaderNames(api.headers)).toEqual([]);
      const error = await raw({ headers: { origin: 'https://evil.example', 'x-amz-target': 'Nope' } });
      expect(error.status).toBe(400);
      expect(corsHeaderNames(error.headers)).toEqual([]);
      for (const path of [
        `/${t.cognito.userPoolId}/.well-known/jwks.json`,
        `/${t.cognito.userPoolId}/.well-known/openid-configuration`,
      ]) {
        const res = await raw({ method: 'GET', path, headers: { origin: 'https://evil.example' } });
        expect(res.status).toBe(200);
        expect(corsHeaderNames(res.headers)).toEqual([]);
      }
    });

    test('a Host that is not this loopback host:port is refused (DNS rebinding)', async () => {
      const { port } = new URL(t.cognito.endpoint);
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `127.0.0.1.nip.io:${port}`,
        '127.0.0.1',
        `127.0.0.1:${Number(port) + 1}`,
        `0.0.0.0:${port}`,
      ]) {
        expect((await listGroups({ host })).status).toBe(421);
        expect(
          (await raw({ method: 'GET', path: `/${t.cognito.userPoolId}/.well-known/jwks.json`, headers: { host } }))
            .status,
        ).toBe(421);
        expect((await raw({ method: 'OPTIONS', headers: { host } })).status).toBe(421);
      }
      // no Host at all: Node's HTTP/1.1 parser already answers 400
      expect([400, 421]).toContain(
        (await raw({ method: 'GET', path: `/${t.cognito.userPoolId}/.well-known/jwks.json`, sendHost: false })).status,
      );
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
        expect((await listGroups({ host })).status).toBe(200);
      }
    });

    test('the AWS SDK and fetch (JWKS, as the gateway loads it) still work', async () => {
      const { Groups } = await t.sdk.send(new ListGroupsCommand({ UserPoolId: t.cognito.userPoolId }));
      expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
      const jwks = (await (await fetch(t.cognito.jwksUri)).json()) as { keys: unknown[] };
      expect(jwks.keys).toHaveLength(1);
    });

    test('no other path reaches cognito-local itself (its POST / would skip every check)', async () => {
      const res = await raw({
        path: t.cognito.endpoint + '/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.DeleteUser.X',
        },
        body: '{}',
      });
      expect(res.status).toBe(404);
    });

    test('a body over 1 MiB is refused, as the local gateway in front of the port refuses it', async () => {
      const res = await raw({
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ListGroups',
        },
        body: JSON.stringify({ UserPoolId: t.cognito.userPoolId, Pad: 'x'.repeat(1024 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(res.headers['x-amzn-errortype']).toBe('InvalidParameterException');
      expect(JSON.parse(res.body)).toEqual({ __type: 'InvalidParameterException', message: 'Request too large' });
    });
  });

  test("DeleteUser with the user's own access token is blocked as the WAF blocks it, and the user stays", async () => {
    const stays = uniqueAddress('stays');
    await confirmedUser(stays, 'stays-pw1');
    const token = (await signIn(stays, 'stays-pw1')).AuthenticationResult!.AccessToken!;
    expect(await failureWithStatus(t.sdk.send(new DeleteUserCommand({ AccessToken: token })))).toEqual({
      name: 'ForbiddenException',
      message: 'Request not allowed due to WAF block.',
      status: 403,
    });
    expect((await t.sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes).toContainEqual({
      Name: 'email',
      Value: stays,
    });
    expect(
      (await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: stays }))).Enabled,
    ).toBe(true);
    const rawDelete = await raw({
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.DeleteUser',
      },
      body: JSON.stringify({ AccessToken: token }),
    });
    expect(rawDelete.status).toBe(403);
    expect(rawDelete.headers['x-amzn-errortype']).toBe('ForbiddenException');
    expect((await signIn(stays, 'stays-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  describe('user-existence errors prevented (the app client says ENABLED)', () => {
    const delivery = (Destination: string) => ({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination });

    test('an unconfirmed user: wrong password "Incorrect", right password UserNotConfirmedException', async () => {
      const pending = uniqueAddress('pending');
      await unconfirmedUser(pending, 'pending-pw1');
      expect(await failureOf(signIn(pending, 'not-the-pw'))).toEqual(incorrect);
      expect((await failureOf(signIn(pending, 'pending-pw1'))).name).toBe('UserNotConfirmedException');
    });

    test('ForgotPassword and ResendConfirmationCode for an unknown e-mail: a plausible delivery, no e-mail', async () => {
      const pending = uniqueAddress('pending');
      await unconfirmedUser(pending, 'pending-pw1');
      const ghost = uniqueAddress('ghost');
      const sent = mails.length;
      const forgot = await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: ghost }));
      expect(forgot.CodeDeliveryDetails).toEqual(delivery('g***@e***'));
      const resend = await t.sdk.send(
        new ResendConfirmationCodeCommand({ ClientId: t.cognito.clientId, Username: ghost }),
      );
      expect(resend.CodeDeliveryDetails).toEqual(delivery('g***@e***'));
      expect(mails).toHaveLength(sent);
      // and a known user's real answer has the same shape
      const known = await t.sdk.send(
        new ResendConfirmationCodeCommand({ ClientId: t.cognito.clientId, Username: pending }),
      );
      expect(known.CodeDeliveryDetails).toEqual(delivery('p***@e***'));
      expect(mails).toHaveLength(sent + 1);
    });

    test('ForgotPassword for a known user whose e-mail is not verified: the same simulated delivery, nothing sent', async () => {
      const pending = uniqueAddress('pending');
      await unconfirmedUser(pending, 'pending-pw1');
      const sent = mails.length;
      const out = await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: pending }));
      expect(out.CodeDeliveryDetails).toEqual(delivery('p***@e***'));
      expect(mails).toHaveLength(sent);
    });

    test('ConfirmSignUp and ConfirmForgotPassword for an unknown e-mail: CodeMismatchException', async () => {
      const ghost = uniqueAddress('ghost');
      expect(
        await failureOf(
          t.sdk.send(
            new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: ghost, ConfirmationCode: '123456' }),
          ),
        ),
      ).toEqual(mismatch);
      const reset = t.sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: t.cognito.clientId,
          Username: ghost,
          ConfirmationCode: '123456',
          Password: 'whatever1',
        }),
      );
      expect(await failureOf(reset)).toEqual(mismatch);
    });

    test('SignUp with an existing e-mail (any case) still answers UsernameExistsException, as Cognito does', async () => {
      const pending = uniqueAddress('pending');
      await unconfirmedUser(pending, 'pending-pw1');
      const otherCase = pending.charAt(0).toUpperCase() + pending.slice(1).replace('example.com', 'Example.COM');
      expect(
        await failureOf(
          t.sdk.send(new SignUpCommand({ ClientId: t.cognito.clientId, Username: otherCase, Password: 'pending-pw1' })),
        ),
      ).toEqual({
        name: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      });
    });

    test('ForgotPassword for a user on a temporary password: the simulated delivery, nothing sent, no code resets it', async () => {
      const invited = uniqueAddress('invited');
      await invitedUser(invited, 'invite-pw1', [{ Name: 'email_verified', Value: 'true' }]);
      const sent = mails.length;
      const out = await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: invited }));
      expect(out.CodeDeliveryDetails).toEqual(delivery('i***@e***'));
      expect(mails).toHaveLength(sent);
      const confirm = t.sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: t.cognito.clientId,
          Username: invited,
          ConfirmationCode: '123456',
          Password: 'chosen-pw1',
        }),
      );
      expect(await failureOf(confirm)).toEqual(mismatch);
      expect((await signIn(invited, 'invite-pw1')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    });

    test("the behaviour is the app client's: a LEGACY client still names unknown users", async () => {
      const invited = uniqueAddress('invited');
      await invitedUser(invited, 'invite-pw1', [{ Name: 'email_verified', Value: 'true' }]);
      const ghost = uniqueAddress('ghost');
      const { UserPoolClient } = await t.sdk.send(
        new CreateUserPoolClientCommand({
          UserPoolId: t.cognito.userPoolId,
          ClientName: 'legacy-for-test',
          ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
          PreventUserExistenceErrors: 'LEGACY',
        }),
      );
      const legacy = UserPoolClient!.ClientId!;
      // Named at InitiateAuth already, before any proof of a password.
      const legacySignIn = srpSignIn(t.sdk, { userPoolId: t.cognito.userPoolId, clientId: legacy }, ghost, 'whatever1');
      expect(await failureOf(legacySignIn)).toEqual({ name: 'UserNotFoundException', message: 'User does not exist.' });
      expect((await failureOf(t.sdk.send(new ForgotPasswordCommand({ ClientId: legacy, Username: ghost })))).name).toBe(
        'UserNotFoundException',
      );
      // and says why a user on a temporary password gets no reset code
      expect(await failureOf(t.sdk.send(new ForgotPasswordCommand({ ClientId: legacy, Username: invited })))).toEqual({
        name: 'NotAuthorizedException',
        message: 'User password cannot be reset in the current state.',
      });
    });
  });

  test('AdminInitiateAuth with a password: refused, the client allows no admin flow (no way around the lockout)', async () => {
    const address = uniqueAddress('admin-flow');
    await confirmedUser(address, 'admin-flow-pw1');
    for (const AuthFlow of ['ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'] as const) {
      const attempt = t.sdk.send(
        new AdminInitiateAuthCommand({
          UserPoolId: t.cognito.userPoolId,
          ClientId: t.cognito.clientId,
          AuthFlow,
          AuthParameters: { USERNAME: address, PASSWORD: 'admin-flow-pw1' },
        }),
      );
      expect(await failureOf(attempt)).toEqual({
        name: 'InvalidParameterException',
        message: 'Auth flow not enabled for this client',
      });
    }
  });

  describe('attempt limits and lockouts', () => {
    test('sign-in: after 5 failures "Password attempts exceeded" even with the right password, 1 s doubling to 15 minutes; success resets', async () => {
      const locked = uniqueAddress('locked');
      await confirmedUser(locked, 'locked-pw1');
      for (let i = 0; i < 5; i++) expect(await failureOf(signIn(locked, 'wrong-pw'))).toEqual(incorrect);
      expect(await failureOf(signIn(locked, 'locked-pw1'))).toEqual(attemptsExceeded);
      t.advance(999);
      expect(await failureOf(signIn(locked, 'locked-pw1'))).toEqual(attemptsExceeded);
      t.advance(1);
      // the 6th failure locks for 2 s
      expect(await failureOf(signIn(locked, 'wrong-pw'))).toEqual(incorrect);
      t.advance(1_999);
      expect(await failureOf(signIn(locked, 'locked-pw1'))).toEqual(attemptsExceeded);
      t.advance(1);
      expect((await signIn(locked, 'locked-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();

      // the count was reset: 4 failures lock nothing
      for (let i = 0; i < 4; i++) expect(await failureOf(signIn(locked, 'wrong-pw'))).toEqual(incorrect);
      expect((await signIn(locked, 'locked-pw1')).AuthenticationResult).toBeTruthy();

      // 15 failures, each after the last lockout (2^(n-5) s): the 15th would be 2^10 s, capped at 15 minutes
      for (let n = 1; n <= 15; n++) {
        expect(await failureOf(signIn(locked, 'wrong-pw'))).toEqual(incorrect);
        if (n >= 5 && n < 15) t.advance(2 ** (n - 5) * 1_000);
      }
      t.advance(15 * 60_000 - 1);
      expect(await failureOf(signIn(locked, 'locked-pw1'))).toEqual(attemptsExceeded);
      t.advance(1);
      expect((await signIn(locked, 'locked-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
    });

    test('sign-in: 15 minutes without an attempt after a lockout also starts the count afresh', async () => {
      const idle = uniqueAddress('idle');
      await confirmedUser(idle, 'idle-pw1');
      for (let i = 0; i < 5; i++) expect(await failureOf(signIn(idle, 'wrong-pw'))).toEqual(incorrect);
      t.advance(15 * 60_000);
      // a 6th failure in the same count would lock for 2 s
      expect(await failureOf(signIn(idle, 'wrong-pw'))).toEqual(incorrect);
      expect((await signIn(idle, 'idle-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
    });

    test('an unknown e-mail is locked out the same way', async () => {
      const nobody = uniqueAddress('nobody-else');
      for (let i = 0; i < 5; i++) expect(await failureOf(signIn(nobody, 'wrong-pw'))).toEqual(incorrect);
      expect(await failureOf(signIn(nobody, 'wrong-pw'))).toEqual(attemptsExceeded);
    });

    test('wrong codes: after 5 CodeMismatchException, LimitExceededException for 15 minutes, even for the right code', async () => {
      const guesser = uniqueAddress('guesser');
      const code = await unconfirmedUser(guesser, 'guesser-pw1');
      const confirm = (c: string) =>
        t.sdk.send(new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: guesser, ConfirmationCode: c }));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect(await failureOf(confirm(wrong))).toEqual(mismatch);
      expect(await failureOf(confirm(code))).toEqual(limitExceeded);
      t.advance(15 * 60_000 - 1);
      expect(await failureOf(confirm(code))).toEqual(limitExceeded);
      t.advance(1);
      await confirm(code);

      // ConfirmForgotPassword counts the same way
      await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: guesser }));
      const resetCode = lastCode(guesser);
      const reset = (c: string) =>
        t.sdk.send(
          new ConfirmForgotPasswordCommand({
            ClientId: t.cognito.clientId,
            Username: guesser,
            ConfirmationCode: c,
            Password: 'guesser-pw2',
          }),
        );
      const wrongReset = resetCode === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect(await failureOf(reset(wrongReset))).toEqual(mismatch);
      expect(await failureOf(reset(resetCode))).toEqual(limitExceeded);
      t.advance(15 * 60_000);
      await reset(resetCode);
      expect((await signIn(guesser, 'guesser-pw2')).AuthenticationResult).toBeTruthy();

      // and an unknown e-mail the same
      const ghostCoder = uniqueAddress('ghost-coder');
      const ghost = () =>
        t.sdk.send(
          new ConfirmSignUpCommand({ ClientId: t.cognito.clientId, Username: ghostCoder, ConfirmationCode: '123456' }),
        );
      for (let i = 0; i < 5; i++) expect(await failureOf(ghost())).toEqual(mismatch);
      expect(await failureOf(ghost())).toEqual(limitExceeded);
    });

    test('ForgotPassword and ResendConfirmationCode: 5 an hour per user, known or not', async () => {
      const forgetful = uniqueAddress('forgetful');
      const resender = uniqueAddress('resender');
      await confirmedUser(forgetful, 'forgetful-pw1');
      await unconfirmedUser(resender, 'resender-pw1');
      const forgot = (name: string) =>
        t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: name }));
      const resend = (name: string) =>
        t.sdk.send(new ResendConfirmationCodeCommand({ ClientId: t.cognito.clientId, Username: name }));
      for (const [ask, name] of [
        [forgot, forgetful],
        [forgot, uniqueAddress('ghost-forgetful')],
        [resend, resender],
        [resend, uniqueAddress('ghost-resender')],
      ] as const) {
        for (let i = 0; i < 5; i++) expect((await ask(name)).CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
        expect(await failureOf(ask(name))).toEqual(limitExceeded);
      }
      t.advance(60 * 60_000);
      expect((await forgot(forgetful)).CodeDeliveryDetails).toBeTruthy();
      expect((await resend(resender)).CodeDeliveryDetails).toBeTruthy();
    });
  });

  describe('passwords with leading or trailing white space, or longer than 256', () => {
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

    test('are refused by SignUp, with both problems named; 256 characters, and spaces inside, are fine', async () => {
      const spaces = uniqueAddress('spaces');
      for (const [pw, expected] of bad) {
        expect(
          await failureOf(
            t.sdk.send(new SignUpCommand({ ClientId: t.cognito.clientId, Username: spaces, Password: pw })),
          ),
        ).toEqual(expected('password'));
      }
      expect(
        await failureOf(
          t.sdk.send(new SignUpCommand({ ClientId: t.cognito.clientId, Username: spaces, Password: ` ${long} ` })),
        ),
      ).toEqual({
        name: 'InvalidParameterException',
        message:
          "2 validation errors detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$; " +
          "Value at 'password' failed to satisfy constraint: Member must have length less than or equal to 256",
      });
      expect(
        (await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: spaces }))))
          .name,
      ).toBe('UserNotFoundException');
      await t.sdk.send(
        new SignUpCommand({
          ClientId: t.cognito.clientId,
          Username: uniqueAddress('long-pw'),
          Password: 'y'.repeat(256),
        }),
      );
      await confirmedUser(spaces, 'inner spaces ok');
      expect((await signIn(spaces, 'inner spaces ok')).AuthenticationResult).toBeTruthy();
    });

    test('are refused by every other operation that sets one, and nothing changes', async () => {
      const spaces = uniqueAddress('spaces');
      await confirmedUser(spaces, 'inner spaces ok');
      const token = (await signIn(spaces, 'inner spaces ok')).AuthenticationResult!.AccessToken!;
      await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: spaces }));
      const resetCode = lastCode(spaces);
      const newbie = uniqueAddress('newbie');
      await invitedUser(newbie, 'temp-pw1');
      const challenge = await signIn(newbie, 'temp-pw1');
      expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      const never = uniqueAddress('never');
      const attempts: Array<[string, (pw: string) => Promise<unknown>]> = [
        [
          'proposedPassword',
          (pw) =>
            t.sdk.send(
              new ChangePasswordCommand({
                AccessToken: token,
                PreviousPassword: 'inner spaces ok',
                ProposedPassword: pw,
              }),
            ),
        ],
        [
          'password',
          (pw) =>
            t.sdk.send(
              new ConfirmForgotPasswordCommand({
                ClientId: t.cognito.clientId,
                Username: spaces,
                ConfirmationCode: resetCode,
                Password: pw,
              }),
            ),
        ],
        [
          'password',
          (pw) =>
            t.sdk.send(
              new AdminSetUserPasswordCommand({
                UserPoolId: t.cognito.userPoolId,
                Username: spaces,
                Password: pw,
                Permanent: true,
              }),
            ),
        ],
        [
          'temporaryPassword',
          (pw) =>
            t.sdk.send(
              new AdminCreateUserCommand({
                UserPoolId: t.cognito.userPoolId,
                Username: never,
                TemporaryPassword: pw,
                MessageAction: 'SUPPRESS',
              }),
            ),
        ],
        ['password', (pw) => newPassword(challenge.Session, newbie, pw)],
      ];
      for (const [pw, expected] of bad) {
        for (const [member, attempt] of attempts) expect(await failureOf(attempt(pw))).toEqual(expected(member));
      }
      // nothing changed
      expect((await signIn(spaces, 'inner spaces ok')).AuthenticationResult).toBeTruthy();
      expect((await signIn(newbie, 'temp-pw1')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      expect(
        (await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: never }))))
          .name,
      ).toBe('UserNotFoundException');
    });
  });

  test('an e-mail another user has (in any case): AliasExistsException, and nothing changes', async () => {
    const [first, second] = [uniqueAddress('first'), uniqueAddress('second')];
    await confirmedUser(first, 'first-pw1');
    await confirmedUser(second, 'second-pw1');
    const taken = { name: 'AliasExistsException', message: 'An account with the given email already exists.' };
    const token = (await signIn(second, 'second-pw1')).AuthenticationResult!.AccessToken!;
    // A user cannot change their own e-mail at all (the portal shows it read-only): only the
    // administrators' AdminUpdateUserAttributes can, and it meets the address taken.
    const ownChange = t.sdk.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'email', Value: first.toUpperCase() }],
      }),
    );
    expect(await failureOf(ownChange)).toEqual({
      name: 'InvalidParameterException',
      message: 'user.email: Attribute cannot be updated. (the e-mail address is the sign-in name and is read-only)',
    });
    const adminChange = t.sdk.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: t.cognito.userPoolId,
        Username: second,
        UserAttributes: [{ Name: 'email', Value: first }],
      }),
    );
    expect(await failureOf(adminChange)).toEqual(taken);
    const secondUser = await t.sdk.send(
      new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: second }),
    );
    expect(secondUser.UserAttributes).toContainEqual({ Name: 'email', Value: second });
    expect(secondUser.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    expect((await signIn(second, 'second-pw1')).AuthenticationResult).toBeTruthy();
    expect((await signIn(first, 'first-pw1')).AuthenticationResult).toBeTruthy();
    // other attributes are the user's to change
    await t.sdk.send(
      new UpdateUserAttributesCommand({
        AccessToken: token,
        UserAttributes: [{ Name: 'given_name', Value: 'Second' }],
      }),
    );
  });

  test('PreSignUp: the event Cognito sends, and a throw refuses the sign-up with no user made', async () => {
    const [presign, mallory] = [uniqueAddress('presign'), uniqueAddress('mallory')];
    const out = await t.sdk.send(
      new SignUpCommand({
        ClientId: t.cognito.clientId,
        Username: presign,
        Password: 'presign-pw1',
        UserAttributes: [{ Name: 'given_name', Value: 'Eve' }],
        ValidationData: [{ Name: 'captcha', Value: 'ok' }],
        ClientMetadata: { source: 'test' },
      }),
    );
    expect(preSignUps).toEqual([
      {
        ...eventHeader(out.UserSub, 'PreSignUp_SignUp'),
        request: {
          userAttributes: { email: presign, given_name: 'Eve' },
          validationData: { captcha: 'ok' },
          clientMetadata: { source: 'test' },
        },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      },
    ]);

    const refused = await failureOf(signedUp(mallory, 'mallory-pw1', [{ Name: 'given_name', Value: 'Mallory' }]));
    expect(refused).toEqual({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Sign-ups from Mallory are not accepted.',
    });
    expect(preSignUps.at(-1)?.request).toEqual({ userAttributes: { email: mallory, given_name: 'Mallory' } });
    expect(
      (await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: mallory }))))
        .name,
    ).toBe('UserNotFoundException');
    expect(mails.map((m) => m.to)).toEqual([presign]);
  });
});

describe('sessions', () => {
  const secondPassed = async (since: number) => {
    while (Math.floor(Date.now() / 1000) <= since) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  test('auth_time is the second of the sign-in, in the access and the ID token, and every refresh keeps it', async () => {
    const timed = uniqueAddress('timed');
    await confirmedUser(timed, 'timed-pw1');
    const before = Math.floor(Date.now() / 1000);
    const r = (await signIn(timed, 'timed-pw1')).AuthenticationResult!;
    const after = Math.floor(Date.now() / 1000);
    const authTime = claims(r.AccessToken).auth_time;
    expect(typeof authTime).toBe('number');
    expect(authTime).toBeGreaterThanOrEqual(before);
    expect(authTime).toBeLessThanOrEqual(after);
    expect(claims(r.IdToken).auth_time).toBe(authTime);

    // A refresh a second later or more: new tokens, the sign-in's auth_time.
    await secondPassed(authTime as number);
    const viaGetTokens = (await getTokens(r.RefreshToken!)).AuthenticationResult!;
    // And the refresh after, with the rotated refresh token.
    const viaRotated = (await getTokens(viaGetTokens.RefreshToken!)).AuthenticationResult!;
    for (const token of [viaGetTokens.AccessToken, viaGetTokens.IdToken, viaRotated.AccessToken, viaRotated.IdToken]) {
      expect(claims(token).auth_time).toBe(authTime);
      expect(claims(token).iat).toBeGreaterThan(authTime as number);
    }
    // A new sign-in is a new session, with its own time.
    const again = (await signIn(timed, 'timed-pw1')).AuthenticationResult!;
    expect(claims(again.AccessToken).auth_time).toBeGreaterThan(authTime as number);
  });

  test("GlobalSignOut revokes every refresh token of the user, not only its own session's", async () => {
    const [everywhere, elsewhere] = [uniqueAddress('everywhere'), uniqueAddress('elsewhere')];
    await confirmedUser(everywhere, 'everywhere-pw1');
    const sessions = [await signIn(everywhere, 'everywhere-pw1'), await signIn(everywhere, 'everywhere-pw1')].map(
      (s) => s.AuthenticationResult!,
    );
    await confirmedUser(elsewhere, 'elsewhere-pw1');
    const other = (await signIn(elsewhere, 'elsewhere-pw1')).AuthenticationResult!;
    await t.sdk.send(new GlobalSignOutCommand({ AccessToken: sessions[0]!.AccessToken! }));
    for (const session of sessions) {
      expect(await failureOf(getTokens(session.RefreshToken!))).toEqual({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      expect(await failureOf(t.sdk.send(new GetUserCommand({ AccessToken: session.AccessToken! })))).toEqual({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
    }
    // Another user's session goes on; a new sign-in works.
    expect((await getTokens(other.RefreshToken!)).AuthenticationResult).toBeTruthy();
    expect((await signIn(everywhere, 'everywhere-pw1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('ConfirmForgotPassword runs PostConfirmation with PostConfirmation_ConfirmForgotPassword, after the new password is set', async () => {
    const resetMe = uniqueAddress('reset-me');
    await confirmedUser(resetMe, 'reset-pw1');
    const { Username: userSub } = await t.sdk.send(
      new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: resetMe }),
    );
    await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: resetMe }));
    await t.sdk.send(
      new ConfirmForgotPasswordCommand({
        ClientId: t.cognito.clientId,
        Username: resetMe,
        ConfirmationCode: lastCode(resetMe),
        Password: 'reset-pw2',
        ClientMetadata: { from: 'test' },
      }),
    );
    expect(postConfirmations).toEqual([
      {
        ...eventHeader(userSub, 'PostConfirmation_ConfirmForgotPassword'),
        request: {
          userAttributes: { sub: userSub, email: resetMe, email_verified: 'true', 'cognito:user_status': 'CONFIRMED' },
          clientMetadata: { from: 'test' },
        },
        response: {},
      },
    ]);
    expect((await signIn(resetMe, 'reset-pw2')).AuthenticationResult).toBeTruthy();
  });
});

describe('the Pre Token Generation trigger, before every issue of tokens', () => {
  test("its V1 event, and its answer applied to the ID token: claims set, suppressed, groups replaced in both tokens; Cognito's own claims untouched", async () => {
    const customized = uniqueAddress(CUSTOMIZED);
    await confirmedUser(customized, 'custom-pw1');
    await t.sdk.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: t.cognito.userPoolId,
        Username: customized,
        UserAttributes: [{ Name: 'family_name', Value: 'Hidden' }],
      }),
    );
    const { Username: userSub } = await t.sdk.send(
      new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: customized }),
    );
    const r = (await signIn(customized, 'custom-pw1')).AuthenticationResult!;
    expect(preTokenGenerations).toEqual([
      {
        ...eventHeader(userSub, 'TokenGeneration_Authentication'),
        request: {
          userAttributes: {
            sub: userSub,
            email: customized,
            email_verified: 'true',
            family_name: 'Hidden',
            'cognito:user_status': 'CONFIRMED',
          },
          groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
        },
        response: { claimsOverrideDetails: {} },
      },
    ]);
    const id = claims(r.IdToken);
    expect(id).toMatchObject({
      given_name: 'From the profile',
      plan: 'gold',
      sub: userSub,
      'cognito:groups': ['readers'],
      token_use: 'id',
    });
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
    const refreshed = (await getTokens(r.RefreshToken!)).AuthenticationResult!;
    expect(preTokenGenerations.at(-1)?.triggerSource).toBe('TokenGeneration_RefreshTokens');
    expect(claims(refreshed.IdToken)).toMatchObject({ given_name: 'From the profile', plan: 'gold' });
  });

  test('a new password after a temporary one: TokenGeneration_NewPasswordChallenge; a throw: UserLambdaValidationException and no tokens', async () => {
    const temporary = uniqueAddress('temporary');
    await invitedUser(temporary, 'temp-pw1');
    const challenge = await signIn(temporary, 'temp-pw1');
    await newPassword(challenge.Session, temporary, 'chosen-pw1');
    expect(preTokenGenerations.at(-1)).toMatchObject({
      triggerSource: 'TokenGeneration_NewPasswordChallenge',
      request: { userAttributes: { email: temporary } },
    });

    const refusedTokens = uniqueAddress(REFUSED_TOKENS);
    await confirmedUser(refusedTokens, 'refused-pw1');
    expect(await failureOf(signIn(refusedTokens, 'refused-pw1'))).toEqual({
      name: 'UserLambdaValidationException',
      message: 'PreTokenGeneration failed with error No tokens for this user.',
    });
  });
});

describe("what users may write of their own attributes: the app client's WriteAttributes", () => {
  const unauthorized = {
    name: 'NotAuthorizedException',
    message: 'A client attempted to write unauthorized attribute',
  };

  test("the client lets users write the sign-up form's attributes only (no Google here: no picture)", async () => {
    const { UserPoolClient } = await t.sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: t.cognito.userPoolId, ClientId: t.cognito.clientId }),
    );
    expect(UserPoolClient?.WriteAttributes).toEqual([...userPoolDefinition.writeAttributes]);
  });

  test("UpdateUserAttributes: a 3,000-character name, a `name` formula, a phone number, another's e-mail as preferred_username: refused, nothing changes", async () => {
    const [writer, victim] = [uniqueAddress('writer'), uniqueAddress('victim')];
    await confirmedUser(writer, 'writer-pw1');
    await confirmedUser(victim, 'victim-pw1');
    const token = (await signIn(writer, 'writer-pw1')).AuthenticationResult!.AccessToken!;
    const update = (UserAttributes: { Name: string; Value: string }[]) =>
      t.sdk.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes }));
    expect(await failureOf(update([{ Name: 'given_name', Value: 'A'.repeat(3_000) }]))).toEqual({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value at 'userAttributes.1.member.value' failed to satisfy constraint: Member must have length less than or equal to 2048",
    });
    for (const attribute of [
      { Name: 'name', Value: '=HYPERLINK("https://evil.example","Click")' },
      { Name: 'phone_number', Value: '+15555550100' },
      { Name: 'preferred_username', Value: victim },
      { Name: 'email_verified', Value: 'true' },
    ]) {
      expect(await failureOf(update([attribute]))).toEqual(unauthorized);
      // with a writable one beside it: the whole request is refused
      expect(await failureOf(update([{ Name: 'given_name', Value: 'Writer' }, attribute]))).toEqual(unauthorized);
    }
    const me = await t.sdk.send(new GetUserCommand({ AccessToken: token }));
    expect(me.UserAttributes?.map((a) => a.Name).sort()).toEqual(['email', 'email_verified', 'sub']);
    // the sign-up form's names are the user's to write
    await update([{ Name: 'given_name', Value: 'Writer' }]);
    expect((await t.sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes).toContainEqual({
      Name: 'given_name',
      Value: 'Writer',
    });
  });

  test('DeleteUserAttributes: only writable attributes', async () => {
    const deleter = uniqueAddress('deleter');
    await confirmedUser(deleter, 'deleter-pw1');
    await t.sdk.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: t.cognito.userPoolId,
        Username: deleter,
        UserAttributes: [
          { Name: 'name', Value: 'Set By An Admin' },
          { Name: 'given_name', Value: 'Del' },
        ],
      }),
    );
    const token = (await signIn(deleter, 'deleter-pw1')).AuthenticationResult!.AccessToken!;
    expect(
      await failureOf(
        t.sdk.send(new DeleteUserAttributesCommand({ AccessToken: token, UserAttributeNames: ['name'] })),
      ),
    ).toEqual(unauthorized);
    await t.sdk.send(new DeleteUserAttributesCommand({ AccessToken: token, UserAttributeNames: ['given_name'] }));
    const names = (await t.sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes?.map((a) => a.Name);
    expect(names).toContain('name');
    expect(names).not.toContain('given_name');
  });

  test('SignUp: the same check on its attributes, before any user is made', async () => {
    const overreach = uniqueAddress('overreach');
    for (const attribute of [
      { Name: 'name', Value: '=1+1' },
      { Name: 'phone_number', Value: '+15555550100' },
      { Name: 'email_verified', Value: 'true' },
    ]) {
      const attempt = signedUp(overreach, 'overreach-pw1', [{ Name: 'given_name', Value: 'O' }, attribute]);
      expect(await failureOf(attempt)).toEqual(unauthorized);
    }
    expect(
      (await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: overreach }))))
        .name,
    ).toBe('UserNotFoundException');
    const attributes = [
      { Name: 'email', Value: overreach },
      { Name: 'given_name', Value: 'Over' },
      { Name: 'family_name', Value: 'Reach' },
    ];
    expect((await signedUp(overreach, 'overreach-pw1', attributes)).code).toMatch(/^\d{6}$/);
  });
});
