/** The account page's rename: one call, the same names in Cognito (the ID token) and in the portfolio admins see. */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { apiMessages } from '../../shared/messages';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

const cognitoNames = async (email: string) => {
  const user = await t.client.cognitoAdmin.send(
    new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email }),
  );
  const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  return [attr('given_name'), attr('family_name')];
};

it('renames a client in Cognito, in its next ID token and in the admin list', async () => {
  const [admin, ada] = [await t.client.newAdmin(), await t.client.newClient('ada')];
  const res = await t.client.call('updateMyNames', {
    token: ada.accessToken,
    params: { userId: ada.sub },
    body: { firstName: '  Ada ', lastName: 'Lovelace' },
  });
  expect([res.status, res.body]).toEqual([200, { success: true, firstName: 'Ada', lastName: 'Lovelace' }]);
  expect(await cognitoNames(ada.email)).toEqual(['Ada', 'Lovelace']);
  const again = await t.client.signIn(ada.email);
  expect(JSON.parse(Buffer.from(again.idToken.split('.')[1] ?? '', 'base64url').toString('utf8'))).toMatchObject({
    given_name: 'Ada',
    family_name: 'Lovelace',
  });
  const listed = (await t.client.allClients(admin.accessToken)).find((c) => c.id === ada.sub);
  expect(listed?.displayName).toBe('Ada Lovelace');
});

it('refuses bad names and changes nothing', async () => {
  const bob = await t.client.newClient('bob');
  const before = await cognitoNames(bob.email);
  for (const [body, message] of [
    [{ firstName: '', lastName: 'X' }, apiMessages.firstNameRequired],
    [{ firstName: 'B', lastName: '   ' }, apiMessages.lastNameRequired],
    [{ firstName: 'B\u202Eob', lastName: 'X' }, apiMessages.nameUnsafeCharacters],
    [{ firstName: 'B'.repeat(257), lastName: 'X' }, apiMessages.nameTooLong],
  ] as const) {
    const res = await t.client.call('updateMyNames', { token: bob.accessToken, params: { userId: bob.sub }, body });
    expect([res.status, res.body]).toEqual([400, { error: message }]);
  }
  expect(await cognitoNames(bob.email)).toEqual(before);
});

it('refuses renaming another client, even for an admin', async () => {
  const [admin, carol, dan] = [
    await t.client.newAdmin(),
    await t.client.newClient('carol'),
    await t.client.newClient('dan'),
  ];
  const before = await cognitoNames(dan.email);
  for (const token of [carol.accessToken, admin.accessToken]) {
    const res = await t.client.call('updateMyNames', {
      token,
      params: { userId: dan.sub },
      body: { firstName: 'Evil', lastName: 'Twin' },
    });
    expect(res.status).toBe(403);
  }
  expect(await cognitoNames(dan.email)).toEqual(before);
});
