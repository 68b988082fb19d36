/**
 * The names in an ID token are the profile's (lambdas/triggers/pre-token-generation.ts, run by
 * the local Cognito before every issue of tokens as Cognito runs it): a client who writes other
 * names into Cognito with their own access token, straight to the pool's API (the app client lets
 * users write the sign-up form's names), finds the profile's in their next ID token, from a
 * refresh or a sign-in; the names route changes the profile and so the token. The trigger gives
 * the groups back as they came: an administrator's tokens keep `cognito:groups`.
 */
import {
  AdminGetUserCommand,
  GetTokensFromRefreshTokenCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { claimsOf } from './support/client';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

/** New tokens from a refresh, asked of the pool's API itself. */
async function refreshedIdToken(refreshToken: string): Promise<Record<string, unknown>> {
  const out = await t.client.cognitoAdmin.send(
    new GetTokensFromRefreshTokenCommand({ ClientId: t.stack.cognito.clientId, RefreshToken: refreshToken }),
  );
  return claimsOf(out.AuthenticationResult?.IdToken ?? '');
}

it("carries the profile's names in every ID token, whatever the user wrote into Cognito", async () => {
  const ada = await t.client.newClient('ada');
  const formula = '=HYPERLINK("https://evil.example","Pay here")';
  await t.client.cognitoAdmin.send(
    new UpdateUserAttributesCommand({
      AccessToken: ada.accessToken,
      UserAttributes: [
        { Name: 'given_name', Value: formula },
        { Name: 'family_name', Value: 'X'.repeat(2_000) },
      ],
    }),
  );
  const user = await t.client.cognitoAdmin.send(
    new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: ada.email }),
  );
  expect(user.UserAttributes).toContainEqual({ Name: 'given_name', Value: formula });

  const profileNames = { given_name: 'Test', family_name: 'ada', name: 'Test ada' };
  expect(await refreshedIdToken(ada.refreshToken)).toMatchObject(profileNames);
  const again = await t.client.signIn(ada.email);
  expect(claimsOf(again.idToken)).toMatchObject(profileNames);

  const renamed = await t.client.call('updateMyNames', {
    token: again.accessToken,
    params: { userId: ada.sub },
    body: { firstName: 'Ada', lastName: 'Lovelace' },
  });
  expect(renamed.status).toBe(200);
  expect(await refreshedIdToken(again.refreshToken)).toMatchObject({
    given_name: 'Ada',
    family_name: 'Lovelace',
    name: 'Ada Lovelace',
  });
});

it('leaves the groups as they are: an administrator stays one in both tokens', async () => {
  const admin = await t.client.newAdmin();
  expect(claimsOf(admin.accessToken)['cognito:groups']).toEqual(['admins']);
  expect(claimsOf(admin.idToken)).toMatchObject({
    'cognito:groups': ['admins'],
    given_name: 'Test',
    family_name: 'admin',
  });
  expect((await refreshedIdToken(admin.refreshToken))['cognito:groups']).toEqual(['admins']);
});
