/**
 * The account-security review's attacks, replayed on a real local stack (Cognito emulator,
 * DynamoDB Local, the gateway, the stream and the mailbox):
 *  (a) a password-only session of an admin without two-factor, kept while the admin sets it up
 *      from another session, gains no admin power (its refresh token is revoked, and the tokens
 *      it already holds are refused);
 *  (b) a session opened before `npm run admin -- add` (or before an add in the Cognito console)
 *      gains no admin power after it;
 *  (c) someone who knows a new admin's password and enrols their own authenticator first: what
 *      they get, and that the admin is told and signed out everywhere;
 *  (d) a new authenticator cannot be associated while one is in force, through the API or straight
 *      to Cognito; a waiting or turned-off factor gives no admin power at once;
 *  (e) a password reset (after a stranger signed up with the e-mail) and a password change end
 *      every other session;
 *  (f) every security e-mail arrives, once.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  AdminAddUserToGroupCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { srpSignIn } from '@aurum/cognito-emulator';
import { keys } from '../../lambdas/lib/data/table';
import { apiMessages, errors } from '../../shared/messages';
import { claimsOf, freshTotpCode, PASSWORD, type Session } from './support/client';
import { wrongTotpCode } from './support/totp';
import { runTool } from './support/tool';
import { mailsArrived } from './support/mail';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

const MAIL_DEADLINE_MS = 10_000;
/** Long enough, after the awaited e-mail, for a duplicate to follow it (the stream is polled every 250 ms). */
const QUIET_MS = 1_000;

/** A browser's Cognito call through the gateway's /cognito forwarder: status and error type. */
async function browserCognito(
  target: string,
  body: unknown,
): Promise<{ status: number; type: string | null; message: string | null }> {
  const res = await fetch(`${t.stack.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { __type?: string; message?: string };
  return { status: res.status, type: answer.__type ?? null, message: answer.message ?? null };
}

/** A refresh as the browser makes it: the new access token (which keeps the refreshed session's auth_time). */
async function refreshedAccessToken(refreshToken: string): Promise<string> {
  const res = await fetch(`${t.stack.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
    },
    body: JSON.stringify({ ClientId: t.stack.cognito.clientId, RefreshToken: refreshToken }),
  });
  const answer = (await res.json()) as { AuthenticationResult?: { AccessToken?: string } };
  const token = answer.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`refresh answered ${res.status}: ${JSON.stringify(answer)}`);
  return token;
}

const REVOKED = { status: 400, type: 'NotAuthorizedException' };

const listClients = async (token: string) => {
  const res = await t.client.call('listClients', { token });
  return res.status === 200 ? 200 : [res.status, res.body];
};
const refusedSignInAgain = [403, { error: apiMessages.adminSignInAgain }];

const addToAdminsInConsole = (email: string) =>
  t.client.cognitoAdmin.send(
    new AdminAddUserToGroupCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email, GroupName: 'admins' }),
  );

/** Waits until an e-mail with `subject` reached `to`, then makes sure no second one follows. */
async function expectOneMail(to: string, subject: string): Promise<void> {
  const count = async () => (await t.client.mailbox(to)).filter((m) => m.subject === subject).length;
  await mailsArrived(t.client, to, subject, { timeout: MAIL_DEADLINE_MS });
  // A wait that nothing more arrives: no condition can end it early, so it is a fixed, short one.
  await delay(QUIET_MS);
  expect({ to, subject, count: await count() }).toEqual({ to, subject, count: 1 });
}

const securityRecord = (who: Session) => t.table.item(keys.security(who.sub));

describe('(a) a password-only session of an admin without two-factor sign-in', () => {
  it('gains no admin power when the admin sets it up from another session: its refresh token is revoked and its tokens are refused', async () => {
    const admin = await t.client.newAdmin({ twoFactor: false }); // signed in with the password alone
    const refreshedBefore = await refreshedAccessToken(admin.refreshToken); // a token of the same sign-in, issued later
    expect(await listClients(admin.accessToken)).toEqual([403, { error: apiMessages.twoFactorRequired }]);

    const other = await t.client.signIn(admin.email);
    const secret = await t.client.setUpTotp(other);

    // Every session ended with the set-up: the old refresh token no longer refreshes...
    expect(await t.client.refresh(admin.refreshToken)).toEqual(REVOKED);
    // ...and the access tokens the password-only sign-in still holds (the authorizer checks
    // signatures, not revocations) carry the group and a factor is on, yet get no admin power.
    expect(claimsOf(refreshedBefore)['cognito:groups']).toEqual(['admins']);
    for (const token of [admin.accessToken, refreshedBefore, other.accessToken])
      expect(await listClients(token)).toEqual(refusedSignInAgain);
    const client = await t.client.newClient('watched');
    expect(
      await t.client.call('getPortfolio', { token: refreshedBefore, params: { userId: client.sub } }),
    ).toMatchObject({ status: 403, body: { error: apiMessages.adminSignInAgain } });

    // A sign-in with the code is an admin's.
    const withCode = await t.client.signInWithTotp(admin.email, secret);
    expect(await listClients(withCode.accessToken)).toBe(200);
  });
});

describe('(b) a session opened before the user became an admin', () => {
  it('`npm run admin -- add`: a password-only session opened before it is revoked, and a token of it refused even once two-factor is on', async () => {
    const user = await t.client.newClient('promoted'); // signed in with the password alone
    // The command's own first step, taken a moment early, so that a refresh can carry the group
    // into a token of the older sign-in (as one racing the command would).
    await addToAdminsInConsole(user.email);
    const before = await refreshedAccessToken(user.refreshToken);
    expect(claimsOf(before)['cognito:groups']).toEqual(['admins']);

    const made = await runTool('admin.ts', ['add', user.email, '--data-dir', t.stack.dataDir]);
    expect(made).toMatchObject({
      code: 0,
      output: expect.stringContaining(
        `${user.email} is now an administrator. Every session of theirs has ended, and they have been e-mailed.`,
      ),
    });
    expect(await t.client.refresh(user.refreshToken)).toEqual(REVOKED);
    expect(await listClients(before)).toEqual([403, { error: apiMessages.twoFactorRequired }]);
    expect(await securityRecord(user)).toMatchObject({ adminSince: expect.any(Number) });
    await expectOneMail(user.email, 'You are now an Aurum administrator');

    // The admin sets up two-factor sign-in (from a new session): the old token still gets nothing, a sign-in with a code does.
    const secret = await t.client.setUpTotp(await t.client.signIn(user.email));
    expect(await listClients(before)).toEqual(refusedSignInAgain);
    expect(await listClients((await t.client.signInWithTotp(user.email, secret)).accessToken)).toBe(200);
  });

  it('`npm run admin -- add`: even a session that passed the code before it is refused, and revoked', async () => {
    const user = await t.client.newClient('coded');
    const secret = await t.client.setUpTotp(user);
    const withCode = await t.client.signInWithTotp(user.email, secret);
    await addToAdminsInConsole(user.email);
    const before = await refreshedAccessToken(withCode.refreshToken);

    expect((await runTool('admin.ts', ['add', user.email, '--data-dir', t.stack.dataDir])).code).toBe(0);
    expect(await t.client.refresh(withCode.refreshToken)).toEqual(REVOKED);
    expect(await listClients(before)).toEqual(refusedSignInAgain);
    expect(await listClients((await t.client.signInWithTotp(user.email, secret)).accessToken)).toBe(200);
  });

  it('added in the Cognito console: the next issue of tokens records the moment and e-mails the admin; no session from before gets admin power', async () => {
    const user = await t.client.newClient('console');
    const secret = await t.client.setUpTotp(user);
    const withCode = await t.client.signInWithTotp(user.email, secret);
    await addToAdminsInConsole(user.email);
    expect(await securityRecord(user)).not.toHaveProperty('adminSince');
    // A read route records nothing: the session, refreshed or not, is refused until a new sign-in.
    expect(await listClients(withCode.accessToken)).toEqual([403, { error: apiMessages.adminOnly }]);
    expect(await securityRecord(user)).not.toHaveProperty('adminSince');

    // The refresh carries the group, and the trigger records the moment as it issues the tokens.
    const refreshed = await refreshedAccessToken(withCode.refreshToken);
    expect(await securityRecord(user)).toMatchObject({ adminSince: expect.any(Number) });
    expect(await listClients(refreshed)).toEqual(refusedSignInAgain);
    expect(await listClients(await refreshedAccessToken(withCode.refreshToken))).toEqual(refusedSignInAgain);
    await expectOneMail(user.email, 'You are now an Aurum administrator');
    // Signed in again, with the code: the console opens.
    expect(await listClients((await t.client.signInWithTotp(user.email, secret)).accessToken)).toBe(200);
  });
});

describe('(c) someone who knows a new admin’s password enrols their own authenticator first', () => {
  it('is recorded and e-mailed to the admin, whose sessions end; a reset then takes the console back from them at once', async () => {
    const admin = await t.client.newClient('victim');
    await t.client.changeAdmin('add', admin.email);
    await expectOneMail(admin.email, 'You are now an Aurum administrator');
    const adminsOwn = await t.client.signIn(admin.email); // the admin's own session, before setting anything up

    // The attacker: the password, then an authenticator app of their own.
    const attackerSecret = await t.client.setUpTotp(await t.client.signIn(admin.email));
    await expectOneMail(admin.email, 'Two-factor sign-in was turned on');
    expect(await t.client.refresh(adminsOwn.refreshToken)).toEqual(REVOKED);
    expect(await listClients(adminsOwn.accessToken)).toEqual(refusedSignInAgain);

    // What the attacker still gets, until the admin acts on the e-mail: the console.
    const attacker = await t.client.signInWithTotp(admin.email, attackerSecret);
    expect(await listClients(attacker.accessToken)).toBe(200);
    // The admin's own password sign-in now asks for the attacker's code (an operator removes that app: docs/operations.md).
    expect((await srpSignIn(t.client.cognito, t.stack.cognito, admin.email, PASSWORD)).ChallengeName).toBe(
      'SOFTWARE_TOKEN_MFA',
    );

    // The admin resets the password, as the e-mail says: every session of the attacker ends, and
    // the access token they hold loses admin power at once.
    await resetPassword(admin.email, 'Taken-back1');
    expect(await t.client.refresh(attacker.refreshToken)).toEqual(REVOKED);
    expect(await listClients(attacker.accessToken)).toEqual(refusedSignInAgain);
    await expectOneMail(admin.email, 'Your Aurum password was reset');
  });
});

/** ForgotPassword, the code from the mailbox, ConfirmForgotPassword: the reset page's two steps. */
async function resetPassword(email: string, password: string): Promise<void> {
  await t.client.cognito.send(new ForgotPasswordCommand({ ClientId: t.stack.cognito.clientId, Username: email }));
  const mail = (await t.client.mailbox(email)).find((m) => m.subject === 'Reset your Aurum password');
  if (!mail?.code) throw new Error(`no reset code mailed to ${email}`);
  await t.client.cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: t.stack.cognito.clientId,
      Username: email,
      ConfirmationCode: mail.code,
      Password: password,
    }),
  );
}

describe('(d) a new authenticator while one is in force', () => {
  const ACCOUNT_CHANGES = ['AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference', 'ChangePassword'];

  it('is refused by the API with 409, changing nothing: the code is still asked for, and the admin keeps the console', async () => {
    const admin = await t.client.newAdmin();
    const recordBefore = await securityRecord(admin);
    const res = await t.client.call('setUpTwoFactor', { token: admin.accessToken, body: { password: PASSWORD } });
    expect([res.status, res.body]).toEqual([409, { error: apiMessages.twoFactorAlreadyOn }]);
    expect(await securityRecord(admin)).toEqual(recordBefore);
    expect((await srpSignIn(t.client.cognito, t.stack.cognito, admin.email, PASSWORD)).ChallengeName).toBe(
      'SOFTWARE_TOKEN_MFA',
    );
    expect(await listClients(admin.accessToken)).toBe(200);
    expect(await t.client.refresh(admin.refreshToken)).toEqual({ status: 200, type: null });
  });

  it('is refused straight to Cognito through the gateway, for every password and two-factor change a browser might try', async () => {
    const admin = await t.client.newAdmin();
    const bodies: Record<string, unknown> = {
      AssociateSoftwareToken: { AccessToken: admin.accessToken },
      VerifySoftwareToken: { AccessToken: admin.accessToken, UserCode: '123456' },
      SetUserMFAPreference: {
        AccessToken: admin.accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      },
      ChangePassword: { AccessToken: admin.accessToken, PreviousPassword: PASSWORD, ProposedPassword: 'Stolen-pass1' },
    };
    for (const target of ACCOUNT_CHANGES) {
      expect({ target, ...(await browserCognito(target, bodies[target])) }).toEqual({
        target,
        status: 400,
        type: 'NotAuthorizedException',
        message: `${target} is not available to browsers`,
      });
    }
    expect((await srpSignIn(t.client.cognito, t.stack.cognito, admin.email, PASSWORD)).ChallengeName).toBe(
      'SOFTWARE_TOKEN_MFA',
    );
    expect(await listClients(admin.accessToken)).toBe(200);
  });

  it('turned off, or a new secret waiting, gives no admin power at once (whatever Cognito said a moment ago); confirmed, a sign-in with the new code does', async () => {
    const admin = await t.client.newAdmin(); // signed in with the code seconds ago: a fresh sign-in
    const secret = t.client.totpSecretOf(admin.email) ?? '';
    expect(await listClients(admin.accessToken)).toBe(200); // Cognito's answer is now remembered for a minute
    expect(
      (
        await t.client.call('disableTwoFactor', {
          token: admin.accessToken,
          body: { password: PASSWORD, code: await freshTotpCode(secret) },
        })
      ).status,
    ).toBe(200);
    await expectOneMail(admin.email, 'Two-factor sign-in was turned off');
    expect(await listClients(admin.accessToken)).toEqual([403, { error: apiMessages.twoFactorRequired }]);

    const setUp = await t.client.call('setUpTwoFactor', { token: admin.accessToken, body: { password: PASSWORD } });
    expect(setUp.status).toBe(200);
    expect(setUp.body.secretCode).not.toBe(secret);
    expect(await securityRecord(admin)).toMatchObject({ pendingAssociationAt: expect.any(Number) });
    expect(await listClients(admin.accessToken)).toEqual([403, { error: apiMessages.twoFactorRequired }]);

    const wrong = await t.client.call('verifyTwoFactor', {
      token: admin.accessToken,
      body: { code: wrongTotpCode(setUp.body.secretCode) },
    });
    expect([wrong.status, wrong.body]).toEqual([400, { error: errors.twoFactor.wrongCode }]);
    expect(await securityRecord(admin)).toMatchObject({ pendingAssociationAt: expect.any(Number) });
    const confirmed = await t.client.call('verifyTwoFactor', {
      token: admin.accessToken,
      body: { code: await freshTotpCode(setUp.body.secretCode) },
    });
    expect(confirmed.status).toBe(200);
    expect(await securityRecord(admin)).not.toHaveProperty('pendingAssociationAt');
    expect(await listClients(admin.accessToken)).toEqual(refusedSignInAgain);
    expect(await listClients((await t.client.signInWithTotp(admin.email, setUp.body.secretCode)).accessToken)).toBe(
      200,
    );
  });
});

describe('(e) account changes end the other sessions', () => {
  it('a password reset after a stranger signed up with the e-mail (and its owner confirmed it) ends the stranger’s session', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    await t.client.signUp(victim, { first: 'Not', last: 'Victim' }, 'Strangers-pass1');
    const [confirmation] = await t.client.mailbox(victim); // the link reaches the owner of the address, who confirms
    expect(confirmation?.code).toMatch(/^\d{6}$/);
    await t.client.cognito.send(
      new ConfirmSignUpCommand({
        ClientId: t.stack.cognito.clientId,
        Username: victim,
        ConfirmationCode: confirmation?.code ?? '',
      }),
    );
    const stranger = await t.client.signIn(victim, 'Strangers-pass1');
    expect(await t.client.refresh(stranger.refreshToken)).toEqual({ status: 200, type: null });

    await resetPassword(victim, 'Owners-pass1');
    expect(await t.client.refresh(stranger.refreshToken)).toEqual(REVOKED);
    await expectOneMail(victim, 'Your Aurum password was reset');
    expect((await t.client.signIn(victim, 'Owners-pass1')).accessToken).toBeTruthy();
  });

  it('POST /api/me/password changes it, ends every session (the caller’s too) and e-mails; a wrong or weak one changes nothing', async () => {
    const user = await t.client.newClient('changer');
    const elsewhere = await t.client.signIn(user.email);
    const recordBefore = await securityRecord(user);
    for (const [body, status, error] of [
      [{ previousPassword: 'not-it-1', proposedPassword: 'Fresh-pass1' }, 400, errors.account.wrongCurrentPassword],
      [{ previousPassword: PASSWORD, proposedPassword: 'abc' }, 400, 'Password should be at least 6 characters long.'],
      [{ previousPassword: '', proposedPassword: 'Fresh-pass1' }, 400, errors.account.currentPasswordRequired],
    ] as const) {
      const refused = await t.client.call('changeMyPassword', { token: user.accessToken, body });
      expect([refused.status, refused.body]).toEqual([status, { error }]);
    }
    expect(await securityRecord(user)).toEqual(recordBefore);
    expect(await t.client.refresh(elsewhere.refreshToken)).toEqual({ status: 200, type: null });

    const changed = await t.client.call('changeMyPassword', {
      token: user.accessToken,
      body: { previousPassword: PASSWORD, proposedPassword: 'Fresh-pass1' },
    });
    expect([changed.status, changed.body]).toEqual([200, { success: true, signedOut: true }]);
    expect(await t.client.refresh(elsewhere.refreshToken)).toEqual(REVOKED);
    expect(await t.client.refresh(user.refreshToken)).toEqual(REVOKED);
    expect((await t.client.signIn(user.email, 'Fresh-pass1')).accessToken).toBeTruthy();
    await expectOneMail(user.email, 'Your Aurum password was changed');
  });
});

describe('(f) the other security e-mails', () => {
  it('`npm run admin -- remove`: recorded, e-mailed once, every session ended, the console refused at once', async () => {
    const admin = await t.client.newAdmin();
    expect(await listClients(admin.accessToken)).toBe(200); // Cognito's "admin" is now remembered for a minute
    const removed = await runTool('admin.ts', ['remove', admin.email, '--data-dir', t.stack.dataDir]);
    expect(removed).toMatchObject({
      code: 0,
      output: expect.stringContaining(
        `${admin.email} is no longer an administrator. Every session of theirs has ended`,
      ),
    });
    expect(await t.client.refresh(admin.refreshToken)).toEqual(REVOKED);
    expect(await securityRecord(admin)).toMatchObject({ adminRemovedAt: expect.any(Number) });
    // The record shows the removal; Cognito, asked afresh rather than remembered, agrees: no admin, and nothing re-recorded.
    expect(await listClients(admin.accessToken)).toEqual([403, { error: apiMessages.adminOnly }]);
    expect(await securityRecord(admin)).toMatchObject({ adminRemovedAt: expect.any(Number) });
    await expectOneMail(admin.email, 'You are no longer an Aurum administrator');
    expect(
      (await t.client.mailbox(admin.email)).filter((m) => m.subject === 'You are now an Aurum administrator'),
    ).toHaveLength(1);
  });

  it('two-factor sign-in on, then off (with a fresh sign-in): one e-mail each, each when it happened', async () => {
    const user = await t.client.newClient('toggler');
    const secret = await t.client.setUpTotp(user);
    await expectOneMail(user.email, 'Two-factor sign-in was turned on');
    const fresh = await t.client.signInWithTotp(user.email, secret);
    expect(
      (
        await t.client.call('disableTwoFactor', {
          token: fresh.accessToken,
          body: { password: PASSWORD, code: await freshTotpCode(secret) },
        })
      ).status,
    ).toBe(200);
    await expectOneMail(user.email, 'Two-factor sign-in was turned off');
    // Already off: refused, and nothing more is sent.
    expect(
      await t.client.call('disableTwoFactor', {
        token: fresh.accessToken,
        body: { password: PASSWORD, code: t.client.totpCode(secret) },
      }),
    ).toMatchObject({ status: 409, body: { error: apiMessages.twoFactorAlreadyOff } });
    await expectOneMail(user.email, 'Two-factor sign-in was turned off');
  });
});
