/**
 * The local Cognito (cognito-local in-process, corrected to behave like real Cognito), driven with
 * the AWS SDK v3 exactly as the product drives the real user pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { userPoolDefinition } from '../../definitions/user-pool';
import { type CapturedEmail, type LocalCognito, startLocalCognito } from './index';

jest.setTimeout(30_000);

const dataDir = mkdtempSync(join(tmpdir(), 'local-cognito-test-'));
const mails: CapturedEmail[] = [];
const postConfirmations: PostConfirmationTriggerEvent[] = [];
const customMessages: CustomMessageTriggerEvent[] = [];

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

const start = () =>
  startLocalCognito({ dataDir, triggers: { postConfirmation, customMessage }, onEmail: (mail) => mails.push(mail) });

let cognito: LocalCognito;
let sdk: CognitoIdentityProviderClient;
const client = (c: LocalCognito) =>
  new CognitoIdentityProviderClient({
    region: c.region,
    endpoint: c.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

function claims(jwt: string | undefined): Record<string, any> {
  const payload = jwt?.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** The SDK error of a rejected call, for its name and message. */
async function failure(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message };
  }
  throw new Error('expected the call to fail');
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

const signIn = (username: string, pw: string) =>
  sdk.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: pw } }));

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
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    const { Groups } = await sdk.send(new ListGroupsCommand({ UserPoolId: cognito.userPoolId }));
    expect(Groups?.map((g) => g.GroupName)).toEqual(['admins']);
  });

  test('SignUp refuses a password shorter than 6', async () => {
    const e = await failure(
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
    const e = await failure(sdk.send(new SignUpCommand({ ClientId: cognito.clientId, Username: email, Password: password })));
    expect(e).toEqual({ name: 'UsernameExistsException', message: 'An account with the given email already exists.' });
  });

  test('unconfirmed sign-in: UserNotConfirmedException', async () => {
    expect((await failure(signIn(email, password))).name).toBe('UserNotConfirmedException');
  });

  test('a wrong code: CodeMismatchException', async () => {
    const e = await failure(sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: 'x00000' })));
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

    const e = await failure(sdk.send(new ConfirmSignUpCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: oldCode })));
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
    const e = await failure(sdk.send(new ResendConfirmationCodeCommand({ ClientId: cognito.clientId, Username: email })));
    expect(e).toEqual({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
  });

  test('wrong password and unknown user, as real Cognito names them', async () => {
    expect(await failure(signIn(email, 'wrong-password'))).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(await failure(signIn('nobody@example.com', password))).toEqual({ name: 'UserNotFoundException', message: 'User does not exist.' });
  });

  test('the error type is in the body (__type) and in the x-amzn-errortype header', async () => {
    const res = await fetch(cognito.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ ClientId: cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'nope-nope' } }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-amzn-errortype');
    expect(await res.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  let refreshToken = '';
  let accessToken = '';

  test('USER_PASSWORD_AUTH with the e-mail gives tokens with the claims real Cognito puts in them', async () => {
    const { AuthenticationResult: r } = await signIn(email, password);
    expect(r?.TokenType).toBe('Bearer');
    expect(r?.ExpiresIn).toBe(3600);
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
    expect(access.exp - access.iat).toBe(3600);
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

    expect((await failure(sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: 'garbage' })))).name).toBe(
      'NotAuthorizedException',
    );
    const bad = await failure(
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
    expect((await failure(sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: 'nobody@example.com' })))).name).toBe(
      'UserNotFoundException',
    );
    await sdk.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));
    const mail = mails.at(-1)!;
    expect(mail.kind).toBe('ForgotPassword');
    expect(mail.subject).toBe('Aurum: CustomMessage_ForgotPassword');
    expect(customMessages.at(-1)?.triggerSource).toBe('CustomMessage_ForgotPassword');
    expect(mail.body).toContain(mail.code!);

    const short = await failure(
      sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: mail.code!, Password: 'abc' })),
    );
    expect(short.name).toBe('InvalidPasswordException');
    const wrong = await failure(
      sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: 'x11111', Password: 'newpass1' })),
    );
    expect(wrong.name).toBe('CodeMismatchException');
    await sdk.send(new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: mail.code!, Password: 'newpass1' }));
    expect((await signIn(email, 'newpass1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('the password minimum everywhere a password is set', async () => {
    const { AuthenticationResult: r } = await signIn(email, 'newpass1');
    const tooShort = { name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' };
    expect(await failure(sdk.send(new ChangePasswordCommand({ AccessToken: r!.AccessToken!, PreviousPassword: 'newpass1', ProposedPassword: 'abc' })))).toEqual(
      tooShort,
    );
    expect(
      await failure(sdk.send(new ChangePasswordCommand({ AccessToken: r!.AccessToken!, PreviousPassword: 'not-it', ProposedPassword: 'abcdef' }))),
    ).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(
      await failure(sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: email, Password: 'abc', Permanent: true }))),
    ).toEqual(tooShort);
    expect(
      await failure(
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
    expect(await failure(respond('abc'))).toEqual(tooShort);
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
      expect((await failure(sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: token })))).name).toBe(
        'NotAuthorizedException',
      );
      const viaInitiate = await failure(
        sdk.send(new InitiateAuthCommand({ ClientId: cognito.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: token } })),
      );
      expect(viaInitiate.name).toBe('NotAuthorizedException');
    }
    expect(await failure(sdk.send(new GetUserCommand({ AccessToken: r!.AccessToken! })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // signing in again works
    const again = await signIn(email, 'newpass1');
    expect((await sdk.send(new GetUserCommand({ AccessToken: again.AuthenticationResult!.AccessToken! }))).Username).toBe(sub);
  });

  test('AdminDeleteUser removes the user', async () => {
    await sdk.send(new AdminDeleteUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    expect((await failure(signIn(email, 'newpass1'))).name).toBe('UserNotFoundException');
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
