/**
 * The local stack as a developer and the web app meet it: Cognito through the gateway answering
 * with real Cognito's error names, the mailbox, /config.json, and a restart after a crash that
 * keeps the data and stops the stray DynamoDB Local.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PortfolioAnswer } from '../../shared/api';
import { Client, claimsOf, PASSWORD } from './support/client';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
let client: Client;

beforeAll(async () => {
  stack = await startTestStack({ seed: true });
  client = new Client(stack);
});
afterAll(async () => {
  client?.destroy();
  await stack?.stop();
});

const attrs = (email: string) => [
  { Name: 'email', Value: email },
  { Name: 'given_name', Value: 'Kim' },
  { Name: 'family_name', Value: 'Lee' },
];

it('serves /config.json for the SPA, pointing at the same origin', async () => {
  const res = await fetch(`${stack.url}/config.json`);
  expect(await res.json()).toEqual({
    region: 'us-east-1',
    userPoolId: stack.cognito.userPoolId,
    userPoolClientId: stack.cognito.clientId,
    userPoolEndpoint: `${stack.url}/cognito`,
    oauthDomain: null,
    googleSignIn: false,
  });
});

it('answers the demo users', async () => {
  for (const email of ['admin@example.com', 'alice@example.com', 'bob@example.com']) {
    const session = await client.signIn(email, PASSWORD);
    expect(claimsOf(session.accessToken).token_use).toBe('access');
  }
  const admin = await client.signIn('admin@example.com');
  expect(claimsOf(admin.accessToken)['cognito:groups']).toEqual(['admins']);
});

it('signs up through the gateway with the spec errors named as Cognito names them', async () => {
  const email = 'kim@example.com';
  const clientId = stack.cognito.clientId;
  await expect(client.cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: '12345', UserAttributes: attrs(email) }))).rejects.toMatchObject({
    name: 'InvalidPasswordException',
  });
  await client.cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD, UserAttributes: attrs(email) }));
  await expect(client.cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD, UserAttributes: attrs(email) }))).rejects.toMatchObject({
    name: 'UsernameExistsException',
  });
  await expect(client.signIn(email)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });

  const [first] = await client.mailbox(email);
  expect(first).toMatchObject({ to: email, subject: 'Verify your Aurum account', code: expect.stringMatching(/^\d{6}$/) });
  expect(first?.link).toBe(`${stack.url}/signup?email=kim%40example.com&code=${first?.code}`);

  await client.cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
  const mails = await client.mailbox(email);
  expect(mails).toHaveLength(2);
  const resent = mails[0];
  expect(resent?.code).not.toBe(first?.code);
  await expect(client.cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: first?.code ?? '' }))).rejects.toMatchObject({
    name: 'CodeMismatchException',
  });
  await client.cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: resent?.code ?? '' }));

  const session = await client.signIn(email);
  const portfolio = await client.api<PortfolioAnswer>('GET', `/api/portfolios/${session.sub}`, { token: session.accessToken });
  expect(portfolio.body.portfolio.balance).toBe(0);

  await expect(client.signIn(email, 'wrong-password')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  await expect(client.signIn('nobody@example.com')).rejects.toMatchObject({ name: 'UserNotFoundException' });

  // Refresh, both ways.
  const viaInitiate = await client.cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: session.refreshToken } }),
  );
  expect(viaInitiate.AuthenticationResult?.AccessToken).toBeTruthy();
  const viaGetTokens = await client.cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: session.refreshToken }));
  const refreshed = viaGetTokens.AuthenticationResult?.AccessToken ?? '';
  expect((await client.api('GET', `/api/portfolios/${session.sub}`, { token: refreshed })).status).toBe(200);
});

it('resets a password with the code or link from the e-mail', async () => {
  const clientId = stack.cognito.clientId;
  await expect(client.cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: 'nobody@example.com' }))).rejects.toMatchObject({
    name: 'UserNotFoundException',
  });
  await client.cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: 'bob@example.com' }));
  const [mail] = await client.mailbox('bob@example.com');
  expect(mail).toMatchObject({ subject: 'Reset your Aurum password', code: expect.stringMatching(/^\d{6}$/) });
  expect(mail?.link).toBe(`${stack.url}/forgot-password?email=bob%40example.com&code=${mail?.code}`);
  await expect(
    client.cognito.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: 'bob@example.com', ConfirmationCode: mail?.code ?? '', Password: '123' })),
  ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  await client.cognito.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: 'bob@example.com', ConfirmationCode: mail?.code ?? '', Password: 'NewPass1' }));
  await expect(client.signIn('bob@example.com', PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  expect((await client.signIn('bob@example.com', 'NewPass1')).accessToken).toBeTruthy();
});

it('does not let a browser call the Admin APIs through the gateway', async () => {
  await expect(
    client.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.cognito.userPoolId, Username: 'alice@example.com', GroupName: 'admins' })),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
});

it('survives a crash: the next start stops the stray DynamoDB Local and keeps the data and tokens', async () => {
  const dataDir = stack.dataDir;
  const alice = await client.signIn('alice@example.com');
  const before = (await client.api<PortfolioAnswer>('GET', `/api/portfolios/${alice.sub}`, { token: alice.accessToken })).body;
  const strayPid = Number(readFileSync(join(dataDir, 'dynamodb.pid'), 'utf8'));
  await stack.crash();
  expect(() => process.kill(strayPid, 0)).not.toThrow(); // the JVM outlived its parent

  stack = await startTestStack({ dataDir });
  client.destroy();
  client = new Client(stack);
  expect(() => process.kill(strayPid, 0)).toThrow(); // stopped by the new start
  expect(existsSync(join(dataDir, 'dynamodb.pid'))).toBe(true);
  const after = await client.api<PortfolioAnswer>('GET', `/api/portfolios/${alice.sub}`, { token: alice.accessToken });
  expect(after).toMatchObject({ status: 200, body: before });
  expect((await client.mailbox('alice@example.com')).length).toBeGreaterThan(0);
});
