/**
 * The local Cognito as strict as AWS, replayed on a whole stack as an insider would try it:
 * its own port takes no Admin* call and no account change without the stack's backend secret
 * (infra/local/cognito/backend-gate.ts); an administrator added straight in Cognito (with the
 * secret, as in the Cognito console: outside `npm run admin`) is recorded with an `admin-added`
 * entry at their next issue of tokens, and no session from before gets admin power
 * (lambdas/lib/http/admin-moments.ts); crafted addresses are refused at sign-up and nothing is
 * mailed (shared/email-address.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { FOUND_AT_SIGN_IN_ACTOR } from '../../../../../lambdas/lib/http/admin-moments';
import { activityKeys, keys } from '../../../../../lambdas/lib/data/table';
import { apiMessages } from '../../../../../shared/messages';
import { claimsOf, PASSWORD, type Session } from '../../../../../tests/integration/support/client';
import { useTestStack } from '../../../../../tests/integration/support/use-stack';

const t = useTestStack({ seed: false });
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
afterAll(() => doc?.destroy());

/** A raw Cognito JSON call, as any process on the machine (or a page through /cognito) can make it: no SDK, no secret. */
async function cognitoCall(
  url: string,
  operation: string,
  body: unknown,
): Promise<{ status: number; type: string | null; message?: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { __type?: string; message?: string };
  return { status: res.status, type: answer.__type ?? null, ...(res.ok ? {} : { message: answer.message ?? '' }) };
}

/** A refresh as the browser makes it, through the gateway: the new access token (the refreshed session's auth_time kept). */
async function refreshed(refreshToken: string): Promise<string> {
  const res = await fetch(`${t.stack.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
    },
    body: JSON.stringify({ ClientId: t.stack.cognito.clientId, RefreshToken: refreshToken }),
  });
  const token = ((await res.json()) as { AuthenticationResult?: { AccessToken?: string } }).AuthenticationResult
    ?.AccessToken;
  if (!token) throw new Error(`refresh answered ${res.status}`);
  return token;
}
const ownPort = (operation: string, body: unknown) => cognitoCall(`${t.stack.cognito.endpoint}/`, operation, body);
const throughGateway = (operation: string, body: unknown) => cognitoCall(`${t.stack.url}/cognito`, operation, body);

const usernameOf = async (email: string) =>
  (
    await t.client.cognitoAdmin.send(
      new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email }),
    )
  ).Username ?? '';
const groupsOf = async (email: string) =>
  (
    (
      await t.client.cognitoAdmin.send(
        new AdminListGroupsForUserCommand({
          UserPoolId: t.stack.cognito.userPoolId,
          Username: await usernameOf(email),
        }),
      )
    ).Groups ?? []
  ).map((g) => g.GroupName);
const listClients = async (session: Session | string) => {
  const res = await t.client.call('listClients', {
    token: typeof session === 'string' ? session : session.accessToken,
  });
  return res.status === 200 ? 200 : [res.status, res.body];
};

/** Every activity entry about a user since the file started, as stored. */
async function entriesAbout(sub: string): Promise<Record<string, unknown>[]> {
  const entries: Record<string, unknown>[] = [];
  for (const month of activityKeys.monthsNewestFirst(started, Date.now() + 60_000)) {
    const page = await doc.send(
      new QueryCommand({
        TableName: t.stack.tableName,
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: 'clientId = :sub',
        ExpressionAttributeValues: { ':pk': month, ':sub': sub },
        ConsistentRead: true,
      }),
    );
    entries.push(...(page.Items ?? []));
  }
  return entries;
}

describe("the emulator's own port is no softer than AWS", () => {
  it('refuses a client putting themselves in admins with no credentials: they never become one', async () => {
    const client = await t.client.newClient('climber');
    const body = {
      UserPoolId: t.stack.cognito.userPoolId,
      Username: await usernameOf(client.email),
      GroupName: 'admins',
    };
    const unsigned = {
      status: 403,
      type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    };
    expect(await ownPort('AdminAddUserToGroup', body)).toEqual(unsigned);
    expect(await ownPort('AdminAddUserToGroup', { ...body, Username: client.email })).toEqual(unsigned);
    expect(await groupsOf(client.email)).toEqual([]);
    const again = await t.client.signIn(client.email);
    expect(claimsOf(again.accessToken)['cognito:groups']).toBeUndefined();
    expect(await listClients(again)).toEqual([403, { error: apiMessages.adminOnly }]);
  });

  it('refuses AssociateSoftwareToken and the other account changes there, as /cognito refuses them', async () => {
    const client = await t.client.newClient('taker');
    const bodies: Record<string, unknown> = {
      AssociateSoftwareToken: { AccessToken: client.accessToken },
      VerifySoftwareToken: { AccessToken: client.accessToken, UserCode: '123456' },
      SetUserMFAPreference: {
        AccessToken: client.accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      },
      ChangePassword: { AccessToken: client.accessToken, PreviousPassword: PASSWORD, ProposedPassword: 'Stolen-pass1' },
    };
    for (const [operation, body] of Object.entries(bodies)) {
      expect({ operation, ...(await ownPort(operation, body)) }).toEqual({
        operation,
        status: 403,
        type: 'ForbiddenException',
        message: 'Request not allowed due to WAF block.',
      });
      expect({ operation, ...(await throughGateway(operation, body)) }).toEqual({
        operation,
        status: 400,
        type: 'NotAuthorizedException',
        message: `${operation} is not available to browsers`,
      });
    }
    // Nothing changed: the password still signs in, with no code asked.
    expect((await t.client.signIn(client.email)).accessToken).toBeTruthy();
  });
});

describe('an administrator added in Cognito itself, outside npm run admin', () => {
  it('is recorded at the next sign-in with an admin-added entry; no session from before gets admin power', async () => {
    const user = await t.client.newClient('console');
    const secret = await t.client.setUpTotp(user);
    const before = await t.client.signInWithTotp(user.email, secret);
    // As the Cognito console does it: a signed Admin call (locally, with the stack's secret).
    await t.client.cognitoAdmin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: t.stack.cognito.userPoolId,
        Username: await usernameOf(user.email),
        GroupName: 'admins',
      }),
    );
    expect(await listClients(before)).toEqual([403, { error: apiMessages.adminOnly }]);
    expect((await entriesAbout(user.sub)).filter((e) => e.kind === 'admin-added')).toEqual([]);

    // The next sign-in (with the code) issues tokens: the trigger records the moment and the entry.
    const next = await t.client.signInWithTotp(user.email, secret);
    expect(claimsOf(next.accessToken)['cognito:groups']).toEqual(['admins']);
    expect(await t.table.item(keys.security(user.sub))).toMatchObject({ adminSince: expect.any(Number) });
    const added = (await entriesAbout(user.sub)).filter((e) => e.kind === 'admin-added');
    expect(added).toEqual([
      expect.objectContaining({
        kind: 'admin-added',
        actor: FOUND_AT_SIGN_IN_ACTOR,
        clientId: user.sub,
        clientEmail: user.email,
      }),
    ]);
    // The session from before has no admin power, whatever its refreshes carry; nor has the one that recorded it.
    expect(await listClients(before)).toEqual([403, { error: apiMessages.adminOnly }]);
    const later = await refreshed(before.refreshToken);
    expect(claimsOf(later)['cognito:groups']).toEqual(['admins']);
    expect(await listClients(later)).toEqual([403, { error: apiMessages.adminSignInAgain }]);
    expect(await listClients(next)).toEqual([403, { error: apiMessages.adminSignInAgain }]);

    // Signed in again: the console opens, and the entry is not written twice.
    expect(await listClients(await t.client.signInWithTotp(user.email, secret))).toBe(200);
    expect((await entriesAbout(user.sub)).filter((e) => e.kind === 'admin-added')).toHaveLength(1);
  });
});

describe('sign-up takes only plain addresses', () => {
  it.each(['a\r\nBcc: x@example.com', '<img src=x>-a@example.com', '<img>-a@example.com'])(
    'refuses %j with an error the form shows at the e-mail field, and mails nothing',
    async (address) => {
      const answer = await throughGateway('SignUp', {
        ClientId: t.stack.cognito.clientId,
        Username: address,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: address },
          { Name: 'given_name', Value: 'Eve' },
          { Name: 'family_name', Value: 'Crafted' },
        ],
      });
      // Named as an e-mail (or user-name) problem: the form shows it at its e-mail field (web/src/auth/errors.ts).
      expect(answer).toEqual({
        status: 400,
        type: 'InvalidParameterException',
        message: expect.stringMatching(/email|username/i),
      });
      await delay(300);
      for (const to of [address, 'x@example.com', 'a@example.com']) expect(await t.client.mailbox(to)).toEqual([]);
    },
  );
});
