/**
 * The local Cognito's own port refuses what AWS refuses to a caller without IAM credentials or
 * the firewall's pass (backend-gate.ts): every IAM-authorized operation without the stack's
 * backend secret, DeleteUser to everyone, the password and two-factor changes without the secret.
 * And sign-up refuses an address outside the product's rule before anything is stored or mailed.
 */
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ACCOUNT_CHANGE_OPERATIONS } from '../../../../lambdas/lib/cognito/cognito-backend-header';
import { ACCOUNT_CHANGE_TARGETS } from '../../../aws/user-pool-firewall';
import { failureOf } from '../../../../tests/integration/support/failure';
import { PUBLIC_OPERATIONS } from '../backend-gate';
import type { CapturedEmail } from '../types';
import { createConfirmedUser, uniqueAddress, useLocalCognito } from './test-support';

jest.setTimeout(60_000);

const mails: CapturedEmail[] = [];
const t = useLocalCognito(() => ({ onEmail: (mail) => mails.push(mail) }));
const PASSWORD = 'secret-pw1';

/** A caller with no secret: a browser page, or any other process on the machine. */
function stranger(headers: Record<string, string> = {}): CognitoIdentityProviderClient {
  const client = new CognitoIdentityProviderClient({
    region: t.cognito.region,
    endpoint: t.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) Object.assign(request.headers, headers);
      return next(args);
    },
    { step: 'build', name: 'strangerHeaders' },
  );
  return client;
}

/** The user's groups, asked by their user name (the `sub`), as the admin check asks. */
async function groupsOf(address: string): Promise<(string | undefined)[]> {
  const { Username } = await t.sdk.send(
    new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }),
  );
  return (
    (await t.sdk.send(new AdminListGroupsForUserCommand({ UserPoolId: t.cognito.userPoolId, Username }))).Groups ?? []
  ).map((g) => g.GroupName);
}

describe("the emulator's own port, as strict as AWS", () => {
  it('refuses a user putting themselves in admins without credentials, or with a wrong secret, and changes nothing', async () => {
    const address = uniqueAddress('climber');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
    const { Username } = await t.sdk.send(
      new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }),
    );
    const add = new AdminAddUserToGroupCommand({ UserPoolId: t.cognito.userPoolId, Username, GroupName: 'admins' });
    expect(await failureOf(stranger().send(add))).toMatchObject({ name: 'MissingAuthenticationTokenException' });
    expect(await failureOf(stranger({ 'x-aurum-backend': 'guessed' }).send(add))).toMatchObject({
      name: 'UnrecognizedClientException',
    });
    expect(await failureOf(stranger().send(new ListUsersCommand({ UserPoolId: t.cognito.userPoolId })))).toMatchObject({
      name: 'MissingAuthenticationTokenException',
    });
    expect(await groupsOf(address)).toEqual([]);
    // The backend, with the secret, may.
    await t.sdk.send(add);
    expect(await groupsOf(address)).toEqual(['admins']);
  });

  it('refuses the firewall-blocked account changes without the secret, as /cognito does', async () => {
    const address = uniqueAddress('taker');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
    const token = (await t.signIn(address, PASSWORD)).AuthenticationResult?.AccessToken ?? '';
    const refused = await failureOf(stranger().send(new AssociateSoftwareTokenCommand({ AccessToken: token })));
    expect(refused).toMatchObject({ name: 'ForbiddenException', message: 'Request not allowed due to WAF block.' });
    // The API's functions carry the secret: the same call passes.
    expect((await t.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: token }))).SecretCode).toMatch(
      /^[A-Z2-7]{32}$/,
    );
  });

  it('mirrors the AWS firewall from the one list, and keeps those operations public to IAM (their gate is the firewall)', () => {
    expect(ACCOUNT_CHANGE_TARGETS).toEqual(
      ACCOUNT_CHANGE_OPERATIONS.map((op) => `AWSCognitoIdentityProviderService.${op}`),
    );
    for (const op of ACCOUNT_CHANGE_OPERATIONS) expect(PUBLIC_OPERATIONS.has(op)).toBe(true);
    expect([...PUBLIC_OPERATIONS].filter((op) => op.startsWith('Admin'))).toEqual([]);
  });
});

describe('sign-up refuses an address Cognito (or the product) would not take', () => {
  it.each([
    ['a CR/LF header injection', 'a\r\nBcc: x@example.com'],
    ['markup with a space', '<img src=x>-a@example.com'],
    ['markup without a space', '<img>-a@example.com'],
    ['a tab', 'a\tb@example.com'],
    ['a display name', '"Eve" <eve@example.com>'],
    ['no domain dot', 'a@localhost'],
  ])('%s: refused, nothing stored, nothing mailed', async (_, address) => {
    const before = mails.length;
    const refused = await failureOf(
      stranger().send(
        new SignUpCommand({
          ClientId: t.cognito.clientId,
          Username: address,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'email', Value: address }],
        }),
      ),
    );
    expect(refused).toMatchObject({ name: 'InvalidParameterException' });
    expect(mails.length).toBe(before);
    expect(
      await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }))),
    ).toMatchObject({ name: 'UserNotFoundException' });
  });

  it('still takes a plain address', async () => {
    const address = uniqueAddress('plain+tag');
    await stranger().send(
      new SignUpCommand({
        ClientId: t.cognito.clientId,
        Username: address,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: address }],
      }),
    );
    expect(mails.filter((m) => m.to === address)).toHaveLength(1);
  });
});
