/**
 * `npm run admin` in the activity log, run as an operator runs it (a child process on the stack's
 * data folder): `add`, `remove` and `reset-two-factor` each write exactly one entry, naming the OS
 * user who ran the command, in the transaction that changes the user's security record; a command
 * that changes nothing writes none. And `reset-two-factor` really turns the second factor off: the
 * user signs in with the password alone, their sessions are over, and an administrator among
 * them has no admin power until they set up an authenticator app again.
 */
import { userInfo } from 'node:os';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiMessages } from '../../shared/messages';
import { activityKeys, keys } from '../../lambdas/lib/data/table';
import { Client, type Session } from './support/client';
import { runTool } from './support/tool';
import { mailsArrived } from './support/mail';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

const OPERATOR = `local user ${userInfo().username}`;
const started = Date.now();
let doc: DynamoDBDocumentClient;

beforeAll(() => {
  doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: t.stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
});

afterAll(() => {
  doc?.destroy();
});

const adminCommand = (action: string, email: string) =>
  runTool('admin.ts', [action, email, '--data-dir', t.stack.dataDir]);

/**
 * Every activity entry about a user since the file started, oldest first, as stored, but the
 * client's own acceptance of the client agreement at sign-up, which is no tool's.
 */
async function entriesAbout(sub: string): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  for (const month of activityKeys.monthsNewestFirst(started, Date.now() + 60_000).reverse()) {
    const page = await doc.send(
      new QueryCommand({
        TableName: t.stack.tableName,
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: 'clientId = :sub AND kind <> :accepted',
        ExpressionAttributeValues: { ':pk': month, ':sub': sub, ':accepted': 'agreement-accepted' },
        ConsistentRead: true,
      }),
    );
    entries.push(...(page.Items ?? []));
  }
  return entries;
}

const kindsAbout = async (sub: string) => (await entriesAbout(sub)).map((e) => e.kind);

/** A password sign-in from a client that knows no authenticator secret (a code challenge fails it). */
async function passwordSignIn(email: string): Promise<Session> {
  const stranger = new Client(t.stack);
  try {
    return await stranger.signIn(email);
  } finally {
    stranger.destroy();
  }
}

const expectMail = (to: string, subject: string) => mailsArrived(t.client, to, subject);

it('`add` and `remove` each write one entry naming the OS user who ran them', async () => {
  const user = await t.client.newClient('logged');
  const added = await adminCommand('add', user.email);
  expect(added.code).toBe(0);
  const [entry, ...more] = await entriesAbout(user.sub);
  expect(more).toEqual([]);
  expect(entry).toMatchObject({
    kind: 'admin-added',
    actor: OPERATOR,
    actorKey: OPERATOR.toLowerCase(),
    clientId: user.sub,
    clientEmail: user.email,
  });
  // In the same transaction as the security record: the same moment in both.
  expect(await t.table.item(keys.security(user.sub))).toMatchObject({ adminSince: entry?.at });

  expect((await adminCommand('remove', user.email)).code).toBe(0);
  const entries = await entriesAbout(user.sub);
  expect(entries.map((e) => [e.kind, e.actor])).toEqual([
    ['admin-added', OPERATOR],
    ['admin-removed', OPERATOR],
  ]);
  expect(await t.table.item(keys.security(user.sub))).toMatchObject({ adminRemovedAt: entries[1]?.at });
});

it('`reset-two-factor` writes one entry and turns the authenticator off: the password alone signs in, and old sessions are over', async () => {
  const user = await t.client.newClient('lost-phone');
  await t.client.setUpTotp(user);
  const coded = await t.client.signIn(user.email); // answers the code challenge with the app's secret
  // The password alone does not sign in: a code is asked for.
  await expect(passwordSignIn(user.email)).rejects.toThrow('no tokens: challenged with SOFTWARE_TOKEN_MFA');

  const reset = await adminCommand('reset-two-factor', user.email);
  expect(reset).toMatchObject({
    code: 0,
    output: expect.stringContaining(`${user.email}'s authenticator app is turned off`),
  });
  const [entry, ...more] = await entriesAbout(user.sub);
  expect(more).toEqual([]);
  expect(entry).toMatchObject({
    kind: 'two-factor-reset',
    actor: OPERATOR,
    clientId: user.sub,
    clientEmail: user.email,
  });
  expect(await t.table.item(keys.security(user.sub))).toMatchObject({ totpDisabledAt: entry?.at });

  const cognitoUser = await t.client.cognitoAdmin.send(
    new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: user.email }),
  );
  expect(cognitoUser.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');
  expect((await passwordSignIn(user.email)).accessToken).toBeTruthy();
  expect(await t.client.refresh(coded.refreshToken)).toEqual({ status: 400, type: 'NotAuthorizedException' });
  await expectMail(user.email, 'Two-factor sign-in was turned off');
});

it('`reset-two-factor` of an administrator closes the console until they set up an app again', async () => {
  const admin = await t.client.newAdmin();
  expect((await t.client.call('listClients', { token: admin.accessToken })).status).toBe(200);
  expect((await adminCommand('reset-two-factor', admin.email)).code).toBe(0);
  expect(await kindsAbout(admin.sub)).toEqual(['admin-added', 'two-factor-reset']);

  const passwordOnly = await passwordSignIn(admin.email);
  const refused = await t.client.call('listClients', { token: passwordOnly.accessToken });
  expect([refused.status, refused.body]).toEqual([403, { error: apiMessages.twoFactorRequired }]);
});

it('writes no entry for a command that changes nothing', async () => {
  const user = await t.client.newClient('no-app');
  const reset = await adminCommand('reset-two-factor', user.email);
  expect(reset).toMatchObject({
    code: 1,
    output: expect.stringContaining(`${user.email} has no authenticator app turned on: nothing to reset`),
  });
  expect(await adminCommand('add', 'nobody@example.com')).toMatchObject({
    code: 1,
    output: expect.stringContaining('no user nobody@example.com in the pool'),
  });
  expect(await kindsAbout(user.sub)).toEqual([]);
  expect((await t.table.item(keys.security(user.sub)))?.totpDisabledAt).toBeUndefined();
});

it('refuses an unknown command with the usage, which names all four', async () => {
  const wrong = await runTool('admin.ts', ['promote', 'someone@example.com', '--data-dir', t.stack.dataDir]);
  expect(wrong).toMatchObject({
    code: 2,
    output: expect.stringContaining('usage: npm run admin -- add|remove|reset-two-factor|allow-passkey <email>'),
  });
});
