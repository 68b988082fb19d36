/**
 * Two-factor sign-in with an authenticator app (TOTP) and the account operations around it, on a
 * real local stack: the browser's calls through the gateway, the API accepting the tokens a code
 * sign-in gives, and the demo admin seeded with it on. (A challenge session's 3-minute expiry
 * runs on the local Cognito's own clock, which only an in-process test can move:
 * infra/local/cognito/test/two-factor.test.ts covers it.)
 */
import {
  AdminGetUserCommand,
  ChangePasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  RespondToAuthChallengeCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { srpSignIn } from '@aurum/cognito-emulator';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET } from '../../infra/local/seed';
import { routes } from '../../shared/api';
import { apiMessages, errors } from '../../shared/messages';
import { claimsOf, freshTotpCode, PASSWORD, totpCode } from './support/client';
import { failureOf } from './support/failure';
import { wrongTotpCode } from './support/totp';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

/** The password step through the gateway, over SRP as the web signs in: tokens, or the code challenge. */
const passwordSignIn = (email: string, password = PASSWORD) =>
  srpSignIn(t.client.cognito, t.stack.cognito, email, password);

const answer = (email: string, session: string | undefined, code: string) =>
  t.client.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.stack.cognito.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

const adminGetUser = (email: string) =>
  t.client.cognitoAdmin.send(new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email }));

describe('the seeded demo admin', () => {
  it('has two-factor sign-in on with the documented secret: the password alone is not enough', async () => {
    const challenge = await passwordSignIn(DEMO_ADMIN);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(await adminGetUser(DEMO_ADMIN)).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });

    const admin = await t.client.signInWithTotp(DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET);
    expect(claimsOf(admin.accessToken)['cognito:groups']).toEqual(['admins']);
    expect((await t.client.call('listClients', { token: admin.accessToken })).status).toBe(200);
    // and `signIn` answers its challenge by itself, as the older tests expect of the demo admin
    expect((await t.client.signIn(DEMO_ADMIN)).accessToken).toBeTruthy();
  });
});

describe('two-factor sign-in, set up from the account page (through the API)', () => {
  it('set up, confirm (every session ends); then sign-in asks for a code, and the tokens it gives open the API', async () => {
    const carol = await t.client.newClient('carol');
    const setUp = await t.client.call('setUpTwoFactor', { token: carol.accessToken, body: { password: PASSWORD } });
    const secret = setUp.body.secretCode;
    expect([setUp.status, secret]).toEqual([200, expect.stringMatching(/^[A-Z2-7]{32}$/)]);

    const wrong = await t.client.call('verifyTwoFactor', {
      token: carol.accessToken,
      body: { code: wrongTotpCode(secret) },
    });
    expect([wrong.status, wrong.body]).toEqual([400, { error: errors.twoFactor.wrongCode }]);
    const notCode = await t.client.call('verifyTwoFactor', { token: carol.accessToken, body: { code: '12 34' } });
    expect([notCode.status, notCode.body]).toEqual([400, { error: errors.twoFactor.codeRequired }]);
    expect(await adminGetUser(carol.email)).not.toHaveProperty('UserMFASettingList');
    const verified = await t.client.call('verifyTwoFactor', {
      token: carol.accessToken,
      body: { code: await freshTotpCode(secret) },
    });
    expect([verified.status, verified.body]).toEqual([200, { success: true, signedOut: true }]);
    // Every session ended: carol's refresh token no longer refreshes.
    expect(await t.client.refresh(carol.refreshToken)).toEqual({ status: 400, type: 'NotAuthorizedException' });

    const me = await t.client.cognitoAdmin.send(
      new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: carol.email }),
    );
    expect(me).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    const challenge = await passwordSignIn(carol.email);
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.ChallengeParameters).toEqual({ USER_ID_FOR_SRP: me.Username });

    expect(await failureOf(answer(carol.email, challenge.Session, wrongTotpCode(secret)))).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    const { AuthenticationResult: tokens } = await answer(carol.email, challenge.Session, await freshTotpCode(secret));
    expect(tokens).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 900 });
    const portfolio = await t.client.call('getPortfolio', {
      token: tokens?.AccessToken,
      params: { userId: carol.sub },
    });
    expect(portfolio.status).toBe(200);
    // the refresh token was kept: it refreshes
    expect(await t.client.refresh(tokens?.RefreshToken ?? '')).toEqual({ status: 200, type: null });

    // a session is good for one sign-in
    expect(await failureOf(answer(carol.email, challenge.Session, totpCode(secret)))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
  });

  it('three wrong codes end the session', async () => {
    const dan = await t.client.newClient('dan');
    const secret = await t.client.setUpTotp(dan);
    const { Session } = await passwordSignIn(dan.email);
    for (let i = 0; i < 3; i += 1)
      expect((await failureOf(answer(dan.email, Session, wrongTotpCode(secret)))).name).toBe('CodeMismatchException');
    expect(await failureOf(answer(dan.email, Session, totpCode(secret)))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
    // a new sign-in goes on
    expect((await t.client.signInWithTotp(dan.email, secret)).accessToken).toBeTruthy();
  });

  it('turned off (for a fresh sign-in, with the password and a code), the password alone signs in again', async () => {
    const erin = await t.client.newClient('erin');
    const secret = await t.client.setUpTotp(erin);
    expect((await passwordSignIn(erin.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const fresh = await t.client.signInWithTotp(erin.email, secret);
    const body = { password: PASSWORD, code: await freshTotpCode(secret) };
    expect(await t.client.call('disableTwoFactor', { token: fresh.accessToken, body })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const out = await passwordSignIn(erin.email);
    expect(out.ChallengeName).toBeUndefined();
    expect(out.AuthenticationResult?.AccessToken).toBeTruthy();
    const after = await adminGetUser(erin.email);
    expect(after.UserMFASettingList).toBeUndefined();
    expect(after.PreferredMfaSetting).toBeUndefined();
  });

  it('an admin (newAdmin) has it on, signs in with a code and reaches the admin routes', async () => {
    const admin = await t.client.newAdmin();
    expect(claimsOf(admin.accessToken)['cognito:groups']).toEqual(['admins']);
    expect((await passwordSignIn(admin.email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect((await t.client.call('listClients', { token: admin.accessToken })).status).toBe(200);
    expect(await adminGetUser(admin.email)).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect(t.client.totpSecretOf(admin.email)).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('an admin without it (newAdmin({ twoFactor: false })) signs in with the password alone', async () => {
    const admin = await t.client.newAdmin({ twoFactor: false });
    expect(claimsOf(admin.accessToken)['cognito:groups']).toEqual(['admins']);
    expect((await adminGetUser(admin.email)).UserMFASettingList).toBeUndefined();
  });

  it('an admin without it is refused on every admin route (and reads no other client); set up, the same token still is: only a sign-in with the code opens them', async () => {
    const [admin, client] = [await t.client.newAdmin({ twoFactor: false }), await t.client.newClient('watched')];
    const params = { id: client.sub };
    for (const route of routes.filter((r) => r.auth === 'admin')) {
      // Any body will do for a write: admin power is checked before the body is read.
      const res = await t.client.callAny(route.name, {
        token: admin.accessToken,
        params,
        body: route.method === 'GET' ? undefined : {},
      });
      expect({ route: route.name, status: res.status, body: res.body }).toEqual({
        route: route.name,
        status: 403,
        body: { error: apiMessages.twoFactorRequired },
      });
    }
    const read = await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: client.sub } });
    expect([read.status, read.body]).toEqual([403, { error: apiMessages.twoFactorRequired }]);
    const secret = await t.client.setUpTotp(admin);
    // The password-only session gains nothing: it signed in before the factor was required.
    for (const route of routes.filter((r) => r.auth === 'admin')) {
      const res = await t.client.callAny(route.name, {
        token: admin.accessToken,
        params,
        body: route.method === 'GET' ? undefined : {},
      });
      expect({ route: route.name, status: res.status, body: res.body }).toEqual({
        route: route.name,
        status: 403,
        body: { error: apiMessages.adminSignInAgain },
      });
    }
    const again = await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: client.sub } });
    expect([again.status, again.body]).toEqual([403, { error: apiMessages.adminSignInAgain }]);
    // The refusal of the factor is not remembered: a sign-in with the code opens the console at once.
    const withCode = await t.client.signInWithTotp(admin.email, secret);
    expect((await t.client.call('listClients', { token: withCode.accessToken })).status).toBe(200);
    expect(
      (await t.client.call('getPortfolio', { token: withCode.accessToken, params: { userId: client.sub } })).status,
    ).toBe(200);
  });
});

describe("the account page's other changes", () => {
  it('the password, through the API: a wrong current password or a too-short new one is refused; then only the new one signs in', async () => {
    const fay = await t.client.newClient('fay');
    const change = (previousPassword: string, proposedPassword: string) =>
      t.client.call('changeMyPassword', { token: fay.accessToken, body: { previousPassword, proposedPassword } });
    expect(await change('not-it-1', 'Fresh-pass1')).toMatchObject({
      status: 400,
      body: { error: errors.account.wrongCurrentPassword },
    });
    expect(await change(PASSWORD, 'abc')).toMatchObject({
      status: 400,
      body: { error: 'Password should be at least 6 characters long.' },
    });
    // Not straight to Cognito: the gateway refuses ChangePassword from a browser.
    expect(
      await failureOf(
        t.client.cognito.send(
          new ChangePasswordCommand({
            AccessToken: fay.accessToken,
            PreviousPassword: PASSWORD,
            ProposedPassword: 'Fresh-pass1',
          }),
        ),
      ),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'ChangePassword is not available to browsers',
    });
    expect((await change(PASSWORD, 'Fresh-pass1')).status).toBe(200);
    expect(await failureOf(t.client.signIn(fay.email, PASSWORD))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await t.client.signIn(fay.email, 'Fresh-pass1')).accessToken).toBeTruthy();
  });

  it('a password change keeps two-factor sign-in: the new password then a code', async () => {
    const gil = await t.client.newClient('gil');
    const secret = await t.client.setUpTotp(gil);
    const signedIn = await t.client.signInWithTotp(gil.email, secret);
    expect(
      (
        await t.client.call('changeMyPassword', {
          token: signedIn.accessToken,
          body: { previousPassword: PASSWORD, proposedPassword: 'Fresh-pass2' },
        })
      ).status,
    ).toBe(200);
    expect((await t.client.signInWithTotp(gil.email, secret, 'Fresh-pass2')).accessToken).toBeTruthy();
  });

  it("UpdateUserAttributes changes the names as Cognito does, checking none (tokens carry the profile's); e-mail is refused", async () => {
    const hal = await t.client.newClient('hal');
    const update = (attributes: { Name: string; Value: string }[]) =>
      t.client.cognito.send(
        new UpdateUserAttributesCommand({ AccessToken: hal.accessToken, UserAttributes: attributes }),
      );
    await update([
      { Name: 'given_name', Value: 'Hal' },
      { Name: 'family_name', Value: 'Jordan' },
    ]);
    const me = await t.client.cognito.send(new GetUserCommand({ AccessToken: hal.accessToken }));
    expect(me.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'given_name', Value: 'Hal' },
        { Name: 'family_name', Value: 'Jordan' },
      ]),
    );

    expect((await failureOf(update([{ Name: 'email', Value: 'someone-else@example.com' }]))).name).toBe(
      'InvalidParameterException',
    );
    await update([{ Name: 'family_name', Value: 'Jor\u202Edan' }]);
    const after = await adminGetUser(hal.email);
    expect(after.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: hal.email },
        { Name: 'family_name', Value: 'Jor\u202Edan' },
      ]),
    );
    expect(claimsOf((await t.client.signIn(hal.email)).idToken)).toMatchObject({
      given_name: 'Test',
      family_name: 'hal',
    });
  });

  it('GlobalSignOut revokes the refresh token and the access token', async () => {
    const ivy = await t.client.newClient('ivy');
    expect((await t.client.refresh(ivy.refreshToken)).status).toBe(200);
    await t.client.cognito.send(new GlobalSignOutCommand({ AccessToken: ivy.accessToken }));
    expect(await t.client.refresh(ivy.refreshToken)).toEqual({ status: 400, type: 'NotAuthorizedException' });
    expect(await failureOf(t.client.cognito.send(new GetUserCommand({ AccessToken: ivy.accessToken })))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // signing in again works
    expect((await t.client.signIn(ivy.email)).accessToken).toBeTruthy();
  });
});
