/**
 * The local stack as a developer and the web app meet it: Cognito through the gateway answering
 * with real Cognito's error names, the mailbox, /config.json, and a restart after a crash that
 * keeps the data and stops the stray DynamoDB Local.
 */
import { DEMO_AGREEMENT } from '../../infra/local/client-agreement';
import { spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { srpSignIn } from '@aurum/cognito-emulator';
import { DEMO_FIRM } from '../../infra/aws/demo-firm';
import { DEMO_ADMIN_TOTP_SECRET } from '../../infra/local/seed';
import { Client, claimsOf, freshTotpCode, PASSWORD } from './support/client';
import { eventually } from './support/eventually';
import { startTestStack, type TestStack } from './support/stack';

// Stacks of its own: it stops the stack and starts it again on the same data folder.
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

it('serves /config.json for the SPA, pointing at the same origin, at the local hosted UI for Google, never with the funding instructions', async () => {
  const res = await fetch(`${stack.url}/config.json`);
  expect(await res.json()).toEqual({
    region: 'us-east-1',
    userPoolId: stack.cognito.userPoolId,
    userPoolClientId: stack.cognito.clientId,
    userPoolEndpoint: `${stack.url}/cognito`,
    oauthDomain: expect.stringMatching(/^localhost:\d+$/),
    googleSignIn: true,
    firm: { ...DEMO_FIRM },
    agreement: { ...DEMO_AGREEMENT },
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

it('signs up through the gateway with the errors named as Cognito names them', async () => {
  const email = 'kim@example.com';
  const clientId = stack.cognito.clientId;
  await expect(
    client.cognito.send(
      new SignUpCommand({ ClientId: clientId, Username: email, Password: '12345', UserAttributes: attrs(email) }),
    ),
  ).rejects.toMatchObject({
    name: 'InvalidPasswordException',
  });
  await client.cognito.send(
    new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD, UserAttributes: attrs(email) }),
  );
  await expect(
    client.cognito.send(
      new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD, UserAttributes: attrs(email) }),
    ),
  ).rejects.toMatchObject({
    name: 'UsernameExistsException',
  });
  await expect(client.signIn(email)).rejects.toMatchObject({ name: 'UserNotConfirmedException' });

  const [first] = await client.mailbox(email);
  expect(first).toMatchObject({
    to: email,
    subject: 'Verify your Aurum account',
    code: expect.stringMatching(/^\d{6}$/),
  });
  expect(first?.link).toBe(`${stack.url}/signup?email=kim%40example.com&code=${first?.code}`);

  await client.cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
  const mails = await client.mailbox(email);
  expect(mails).toHaveLength(2);
  const resent = mails[0];
  expect(resent?.code).not.toBe(first?.code);
  await expect(
    client.cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: first?.code ?? '' }),
    ),
  ).rejects.toMatchObject({
    name: 'CodeMismatchException',
  });
  await client.cognito.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: resent?.code ?? '' }),
  );

  const session = await client.signIn(email);
  const portfolio = await client.call('getPortfolio', { token: session.accessToken, params: { userId: session.sub } });
  expect(portfolio.body.portfolio.balance).toBe(0);

  // User-existence errors are prevented: an unknown e-mail answers exactly as a wrong password.
  const wrongPassword = await client.signIn(email, 'wrong-password').catch((e: Error) => e);
  const unknownEmail = await client.signIn('nobody@example.com').catch((e: Error) => e);
  expect(wrongPassword).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  expect(unknownEmail).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });

  // Refresh rotates, as the app client in AWS does: only GetTokensFromRefreshToken, with a new refresh token.
  const viaInitiate = await client.cognito
    .send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: session.refreshToken },
      }),
    )
    .catch((e: Error) => e);
  expect(viaInitiate).toMatchObject({ name: 'InvalidParameterException' });
  const viaGetTokens = await client.cognito.send(
    new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: session.refreshToken }),
  );
  expect(viaGetTokens.AuthenticationResult?.RefreshToken).toBeTruthy();
  expect(viaGetTokens.AuthenticationResult?.RefreshToken).not.toBe(session.refreshToken);
  const refreshed = viaGetTokens.AuthenticationResult?.AccessToken ?? '';
  expect((await client.call('getPortfolio', { token: refreshed, params: { userId: session.sub } })).status).toBe(200);
});

it('resets a password with the code or link from the e-mail', async () => {
  const clientId = stack.cognito.clientId;
  // An unknown address is answered as a known one would be, and nothing is sent.
  const unknown = await client.cognito.send(
    new ForgotPasswordCommand({ ClientId: clientId, Username: 'nobody@example.com' }),
  );
  expect(unknown.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
  expect(await client.mailbox('nobody@example.com')).toEqual([]);
  await expect(
    client.cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: 'nobody@example.com',
        ConfirmationCode: '123456',
        Password: 'NewPass1',
      }),
    ),
  ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  // A user of its own: the demo users keep the password other tests sign in with.
  const { email } = await client.newClient('reset');
  await client.cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
  // The reset's e-mail by its subject: the agreement's confirmation, sent from the table's stream, may come after it.
  const mail = (await client.mailbox(email)).find((m) => m.subject === 'Reset your Aurum password');
  expect(mail).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
  expect(mail?.link).toBe(`${stack.url}/forgot-password?email=${encodeURIComponent(email)}&code=${mail?.code}`);
  await expect(
    client.cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: mail?.code ?? '',
        Password: '123',
      }),
    ),
  ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  await client.cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: clientId,
      Username: email,
      ConfirmationCode: mail?.code ?? '',
      Password: 'NewPass1',
    }),
  );
  await expect(client.signIn(email, PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  expect((await client.signIn(email, 'NewPass1')).accessToken).toBeTruthy();
});

it('does not let a browser call the Admin APIs through the gateway', async () => {
  await expect(
    client.cognito.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: stack.cognito.userPoolId,
        Username: 'alice@example.com',
        GroupName: 'admins',
      }),
    ),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
});

it('opens its port only when ready: the first answer it gives already has the demo admin in admins', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-ready-'));
  // A port free right now (the OS picks it), as the stack's own freePort does.
  const port = await new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => done(free));
    });
  });
  const child = spawn(resolve(__dirname, '../../node_modules/.bin/tsx'), ['infra/local/start.ts'], {
    cwd: resolve(__dirname, '../..'),
    // Node's own warnings left on: a start that warns (a dependency wanting another Node, say) fails here.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'true', WEB: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    const url = `http://localhost:${port}`;
    const config = await eventually(
      async () =>
        (await fetch(`${url}/config.json`)).json() as Promise<{
          userPoolEndpoint: string;
          userPoolId: string;
          userPoolClientId: string;
        }>,
      60_000,
      25,
    ).catch(() => {
      throw new Error('the stack never answered');
    });
    // The very first moment it answers, the seed is complete.
    const stackFile = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as {
      cognito: { clientId: string };
    };
    expect(stackFile.cognito.clientId).toBe(config.userPoolClientId);
    // As the web signs in, with what /config.json names: SRP through the stack's Cognito endpoint.
    const cognito = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: config.userPoolEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const first = await srpSignIn(
        cognito,
        { userPoolId: config.userPoolId, clientId: config.userPoolClientId },
        'admin@example.com',
        PASSWORD,
      );
      // The demo admin has two-factor sign-in set up (its secret is printed at start): a code step.
      expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const { AuthenticationResult } = await cognito.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          ClientId: config.userPoolClientId,
          Session: first.Session,
          ChallengeResponses: {
            USERNAME: 'admin@example.com',
            SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(DEMO_ADMIN_TOTP_SECRET),
          },
        }),
      );
      expect(claimsOf(AuthenticationResult?.AccessToken ?? '')['cognito:groups']).toEqual(['admins']);
    } finally {
      cognito.destroy();
    }
    // The banner names the runtime, the Lambdas' own; nothing was said on stderr.
    await eventually(async () => expect(stdout).toContain('ready at'), 60_000, 25).catch(() => undefined);
    expect(stdout).toMatch(/ready at http:\/\/localhost:\d+ {2}\(Node v24\.\d+\.\d+, data: /);
    expect(stderr).toBe('');
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('survives a crash: the next start stops the stray DynamoDB Local and keeps the data and tokens', async () => {
  const dataDir = stack.dataDir;
  const alice = await client.signIn('alice@example.com');
  const before = (await client.call('getPortfolio', { token: alice.accessToken, params: { userId: alice.sub } })).body;
  const strayPid = Number(readFileSync(join(dataDir, 'dynamodb.pid'), 'utf8'));
  await stack.crash();
  expect(() => process.kill(strayPid, 0)).not.toThrow(); // the JVM outlived its parent

  stack = await startTestStack({ dataDir });
  client.destroy();
  client = new Client(stack);
  expect(() => process.kill(strayPid, 0)).toThrow(); // stopped by the new start
  expect(existsSync(join(dataDir, 'dynamodb.pid'))).toBe(true);
  const after = await client.call('getPortfolio', { token: alice.accessToken, params: { userId: alice.sub } });
  expect(after).toMatchObject({ status: 200, body: before });
  expect((await client.mailbox('alice@example.com')).length).toBeGreaterThan(0);
});
