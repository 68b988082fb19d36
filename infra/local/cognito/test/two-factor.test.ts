/**
 * Two-factor sign-in with an authenticator app on the local Cognito (operations/two-factor.ts
 * and two-factor-challenge.ts), driven with the AWS SDK v3 as the product drives the real user
 * pool. Codes are computed with otpauth from the secret, as an authenticator app computes them,
 * on the real clock; the challenge sessions' 3 minutes run on the `now` clock the test moves.
 */
import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  DescribeUserPoolCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  ListUsersCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { failureOf } from '../../../../tests/integration/support/failure';
import { freshTotpCode, totpCode, wrongTotpCode } from '../../../../tests/integration/support/totp';
import { AUTH_SESSION_MS } from '../operations/challenge-sessions';
import { createConfirmedUser, uniqueAddress, useLocalCognito } from './test-support';

jest.setTimeout(90_000);

const t = useLocalCognito();

const PASSWORD = 'secret-pw1';

const newUser = (address: string) => createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);

/** The password step, over SRP as the web signs in: tokens, or the code challenge. */
const signIn = (address: string, password = PASSWORD) => t.signIn(address, password);

async function accessTokenOf(address: string): Promise<string> {
  const token = (await signIn(address)).AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`no access token for ${address}`);
  return token;
}

const answer = (address: string, session: string | undefined, code: string) =>
  t.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.cognito.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: address, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

/**
 * A user with an authenticator app, verified, on and preferred, through the API: its secret, and
 * the access token it set it up with. (Tests spend fresh codes only where the pool checks them:
 * a third within 30 seconds waits for the next step.)
 */
async function userWithTotp(address: string): Promise<{ secret: string; token: string }> {
  await newUser(address);
  const token = await accessTokenOf(address);
  const { SecretCode } = await t.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
  await t.sdk.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: await freshTotpCode(SecretCode!) }));
  await t.sdk.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: token,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return { secret: SecretCode!, token };
}

/** The code of now, for a request refused before its code is looked at (it spends nothing). */
const anyCode = (secret: string) => totpCode(secret, Date.now());

test('the pool has MFA optional', async () => {
  const { UserPool } = await t.sdk.send(new DescribeUserPoolCommand({ UserPoolId: t.cognito.userPoolId }));
  expect(UserPool?.MfaConfiguration).toBe('OPTIONAL');
});

test('associate, verify, turn on: GetUser and AdminGetUser show it, and sign-in asks for a code', async () => {
  const address = uniqueAddress('ada');
  await newUser(address);
  const token = await accessTokenOf(address);

  expect(
    await failureOf(t.sdk.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: '123456' }))),
  ).toEqual({
    name: 'InvalidParameterException',
    message: 'User has not associated a software token',
  });
  const notYet = {
    name: 'InvalidParameterException',
    message: 'User does not have delivery config set to turn on SOFTWARE_TOKEN_MFA',
  };
  expect(
    await failureOf(
      t.sdk.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: token,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    ),
  ).toEqual(notYet);

  const { SecretCode } = await t.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
  const secret = SecretCode!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // associated but not verified: still no sign-in codes
  expect(
    await failureOf(
      t.sdk.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: token,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      ),
    ),
  ).toEqual({ name: 'InvalidParameterException', message: 'User has not verified software token mfa' });

  expect(
    await failureOf(
      t.sdk.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: wrongTotpCode(secret) })),
    ),
  ).toEqual({
    name: 'EnableSoftwareTokenMFAException',
    message: 'Code mismatch and fail enable Software Token MFA',
  });
  expect(
    (await failureOf(t.sdk.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: '12a456' })))).name,
  ).toBe('InvalidParameterException');
  const verified = await t.sdk.send(
    new VerifySoftwareTokenCommand({
      AccessToken: token,
      UserCode: await freshTotpCode(secret),
      FriendlyDeviceName: 'Ada phone',
    }),
  );
  expect(verified.Status).toBe('SUCCESS');

  // verified, not turned on: the password alone still signs in
  expect((await signIn(address)).AuthenticationResult?.AccessToken).toBeTruthy();
  expect((await t.sdk.send(new GetUserCommand({ AccessToken: token }))).UserMFASettingList).toBeUndefined();

  await t.sdk.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: token,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  const me = await t.sdk.send(new GetUserCommand({ AccessToken: token }));
  expect(me.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
  expect(me.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
  const admin = await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }));
  expect(admin.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
  expect(admin.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

  const challenge = await signIn(address);
  expect(challenge.AuthenticationResult).toBeUndefined();
  expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  expect(challenge.ChallengeParameters).toEqual({ USER_ID_FOR_SRP: me.Username, FRIENDLY_DEVICE_NAME: 'Ada phone' });
  expect(challenge.Session?.length).toBeGreaterThanOrEqual(20);

  expect(await failureOf(answer(address, challenge.Session, wrongTotpCode(secret)))).toEqual({
    name: 'CodeMismatchException',
    message: 'Invalid code received for user',
  });
  const done = await answer(address, challenge.Session, await freshTotpCode(secret));
  const tokens = done.AuthenticationResult!;
  expect(tokens).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 900 });
  expect((await t.sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken! }))).Username).toBe(me.Username);
  // the refresh token was stored: it refreshes
  const refreshed = await t.sdk.send(
    new GetTokensFromRefreshTokenCommand({ ClientId: t.cognito.clientId, RefreshToken: tokens.RefreshToken! }),
  );
  expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();

  // the session is spent
  expect(await failureOf(answer(address, challenge.Session, anyCode(secret)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user, session can only be used once.',
  });

  // no answer tells the secret
  const listed = await t.sdk.send(new ListUsersCommand({ UserPoolId: t.cognito.userPoolId }));
  expect(JSON.stringify([me, admin, listed])).not.toContain(secret);
});

test('a code is taken once: the same code in a new session is a mismatch', async () => {
  const address = uniqueAddress('once');
  const { secret } = await userWithTotp(address);
  const code = await freshTotpCode(secret);
  await answer(address, (await signIn(address)).Session, code);
  expect((await failureOf(answer(address, (await signIn(address)).Session, code))).name).toBe('CodeMismatchException');
});

test('three wrong codes end the session; a wrong password gets no challenge', async () => {
  const address = uniqueAddress('three');
  const { secret } = await userWithTotp(address);
  expect(await failureOf(signIn(address, 'not-it-1'))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
  const { Session } = await signIn(address);
  for (let i = 0; i < 3; i += 1)
    expect((await failureOf(answer(address, Session, wrongTotpCode(secret)))).name).toBe('CodeMismatchException');
  expect(await failureOf(answer(address, Session, anyCode(secret)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user.',
  });
  // a new sign-in goes on
  expect(
    (await answer(address, (await signIn(address)).Session, await freshTotpCode(secret))).AuthenticationResult
      ?.AccessToken,
  ).toBeTruthy();
});

test('a session expires after 3 minutes, is for its own user only, and an unknown one is refused', async () => {
  const address = uniqueAddress('slow');
  const { secret } = await userWithTotp(address);
  const other = uniqueAddress('other');
  await newUser(other);

  const late = await signIn(address);
  t.advance(AUTH_SESSION_MS);
  expect(await failureOf(answer(address, late.Session, anyCode(secret)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user, session is expired.',
  });

  const inTime = await signIn(address);
  t.advance(AUTH_SESSION_MS - 1_000);
  expect(await failureOf(answer(other, inTime.Session, wrongTotpCode(secret)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user.',
  });
  expect(await failureOf(answer(address, 'x'.repeat(40), wrongTotpCode(secret)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user.',
  });
  expect(
    (await answer(address, inTime.Session, await freshTotpCode(secret))).AuthenticationResult?.AccessToken,
  ).toBeTruthy();
});

test('turned off, sign-in gives tokens again; turned on again, the same app works', async () => {
  const address = uniqueAddress('off');
  const { secret, token } = await userWithTotp(address);
  await t.sdk.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: token,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  const me = await t.sdk.send(new GetUserCommand({ AccessToken: token }));
  expect(me.UserMFASettingList).toBeUndefined();
  expect(me.PreferredMfaSetting).toBeUndefined();
  expect((await signIn(address)).AuthenticationResult?.AccessToken).toBeTruthy();

  await t.sdk.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: token,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  expect(
    (await answer(address, (await signIn(address)).Session, await freshTotpCode(secret))).AuthenticationResult,
  ).toBeTruthy();
});

test('a new association takes the place of the old app at once: no codes asked until it is verified (as Cognito does)', async () => {
  const address = uniqueAddress('phone');
  const { secret: oldSecret, token } = await userWithTotp(address);
  const newSecret = (await t.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: token }))).SecretCode!;
  expect(newSecret).not.toBe(oldSecret);
  // Cognito keeps one software token: the password alone signs in now, though GetUser still lists it
  const meanwhile = await signIn(address);
  expect(meanwhile.ChallengeName).toBeUndefined();
  expect(meanwhile.AuthenticationResult?.AccessToken).toBeTruthy();
  expect((await t.sdk.send(new GetUserCommand({ AccessToken: token }))).UserMFASettingList).toEqual([
    'SOFTWARE_TOKEN_MFA',
  ]);
  // and the preference cannot be changed, either way, until it is verified
  for (const Enabled of [true, false]) {
    expect(
      await failureOf(
        t.sdk.send(
          new SetUserMFAPreferenceCommand({
            AccessToken: token,
            SoftwareTokenMfaSettings: { Enabled, PreferredMfa: Enabled },
          }),
        ),
      ),
    ).toEqual({
      name: 'InvalidParameterException',
      message: 'User has not verified software token mfa',
    });
  }
  await t.sdk.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: await freshTotpCode(newSecret) }));
  // verified: codes again, of the new app only
  expect((await failureOf(answer(address, (await signIn(address)).Session, anyCode(oldSecret)))).name).toBe(
    'CodeMismatchException',
  );
  expect(
    (await answer(address, (await signIn(address)).Session, await freshTotpCode(newSecret))).AuthenticationResult,
  ).toBeTruthy();
});

test('setUpSoftwareTokenMfa (the demo seed) leaves a user as the API would', async () => {
  const address = uniqueAddress('seeded');
  const secret = 'AURUMDEMOADMINTOTPSECRETLOCAL234';
  await newUser(address);
  await t.cognito.setUpSoftwareTokenMfa(address, secret);
  const admin = await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }));
  expect(admin).toMatchObject({
    UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
  });
  const challenge = await signIn(address);
  expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  expect(
    (await answer(address, challenge.Session, await freshTotpCode(secret))).AuthenticationResult?.AccessToken,
  ).toBeTruthy();
  await expect(t.cognito.setUpSoftwareTokenMfa(uniqueAddress('nobody'), secret)).rejects.toThrow('no user');
});

test('the state survives a restart on the same data folder', async () => {
  const address = uniqueAddress('restarted');
  await userWithTotp(address);
  const before = await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }));
  await t.restart();
  const after = await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }));
  expect(after.UserMFASettingList).toEqual(before.UserMFASettingList);
  expect((await signIn(address)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
});

test("UpdateUserAttributes: names are written as Cognito writes them (no trigger sees an update; tokens carry the profile's), and e-mail is read-only here", async () => {
  const address = uniqueAddress('names');
  await newUser(address);
  const token = await accessTokenOf(address);
  await t.sdk.send(
    new UpdateUserAttributesCommand({
      AccessToken: token,
      UserAttributes: [{ Name: 'given_name', Value: 'A\u202Eda' }],
    }),
  );
  expect((await t.sdk.send(new GetUserCommand({ AccessToken: token }))).UserAttributes).toContainEqual({
    Name: 'given_name',
    Value: 'A\u202Eda',
  });
  expect(
    await failureOf(
      t.sdk.send(
        new UpdateUserAttributesCommand({
          AccessToken: token,
          UserAttributes: [{ Name: 'email', Value: 'new@example.com' }],
        }),
      ),
    ),
  ).toEqual({
    name: 'InvalidParameterException',
    message: 'user.email: Attribute cannot be updated. (the e-mail address is the sign-in name and is read-only)',
  });
  await t.sdk.send(
    new UpdateUserAttributesCommand({
      AccessToken: token,
      UserAttributes: [
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ],
    }),
  );
  const me = await t.sdk.send(new GetUserCommand({ AccessToken: token }));
  expect(me.UserAttributes).toEqual(
    expect.arrayContaining([
      { Name: 'given_name', Value: 'Ada' },
      { Name: 'family_name', Value: 'Lovelace' },
      { Name: 'email', Value: address },
    ]),
  );
});

describe('wrong codes count towards the sign-in lockout, per user, across challenges', () => {
  const attemptsExceeded = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' };
  const mismatch = { name: 'CodeMismatchException', message: 'Invalid code received for user' };

  /** A sign-in's outcome: its SOFTWARE_TOKEN_MFA session, or the refusal of its password step. */
  const challengeOrRefusal = async (address: string) => {
    try {
      return { session: (await signIn(address)).Session };
    } catch (error) {
      return { refused: { name: (error as Error).name, message: (error as Error).message } };
    }
  };

  test('15 challenges of 3 wrong codes each: five are judged, then even the right password and code are refused until the lockout ends', async () => {
    const address = uniqueAddress('guesser');
    const { secret } = await userWithTotp(address);
    // A challenge opened before any guess, to answer during the lockout.
    const early = await signIn(address);
    const right = await freshTotpCode(secret);

    const outcomes: string[] = [];
    for (let challenge = 0; challenge < 15; challenge += 1) {
      const started = await challengeOrRefusal(address);
      if (started.refused) {
        expect(started.refused).toEqual(attemptsExceeded);
        outcomes.push('password refused');
        continue;
      }
      for (let i = 0; i < 3; i += 1) {
        const failure = await failureOf(answer(address, started.session, wrongTotpCode(secret)));
        outcomes.push(failure.name === mismatch.name ? 'code judged' : failure.message);
        expect([mismatch, attemptsExceeded]).toContainEqual(failure);
      }
    }
    expect(outcomes.filter((o) => o === 'code judged')).toHaveLength(5);
    expect(outcomes.slice(0, 6)).toEqual([...Array<string>(5).fill('code judged'), attemptsExceeded.message]);
    expect(outcomes.slice(6).every((o) => o === 'password refused')).toBe(true);

    // Locked: the right password gets no challenge, and the right code no tokens.
    expect(await failureOf(signIn(address))).toEqual(attemptsExceeded);
    expect(await failureOf(answer(address, early.Session, right))).toEqual(attemptsExceeded);

    // The fifth failure locks for 1 s, as a fifth wrong password does; refusals meanwhile add nothing.
    t.advance(1_000);
    const done = await answer(address, (await signIn(address)).Session, right);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  test('a right password resets nothing: wrong passwords and wrong codes between right passwords add up to the lockout', async () => {
    const address = uniqueAddress('patient-guesser');
    const { secret } = await userWithTotp(address);
    expect(await failureOf(signIn(address, 'not-it-1'))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    for (let challenge = 0; challenge < 2; challenge += 1) {
      const { Session } = await signIn(address);
      for (let i = 0; i < 2; i += 1)
        expect(await failureOf(answer(address, Session, wrongTotpCode(secret)))).toEqual(mismatch);
    }
    // 1 password + 4 codes: locked, right password and all.
    expect(await failureOf(signIn(address))).toEqual(attemptsExceeded);
    t.advance(1_000);
    // A sixth failure doubles the lockout, as a sixth wrong password would.
    expect(await failureOf(answer(address, (await signIn(address)).Session, wrongTotpCode(secret)))).toEqual(mismatch);
    t.advance(1_999);
    expect(await failureOf(signIn(address))).toEqual(attemptsExceeded);
    t.advance(1);
    // Tokens, and with them a fresh count: four wrong codes lock nothing.
    expect(
      (await answer(address, (await signIn(address)).Session, await freshTotpCode(secret))).AuthenticationResult,
    ).toBeTruthy();
    const { Session } = await signIn(address);
    for (let i = 0; i < 3; i += 1)
      expect(await failureOf(answer(address, Session, wrongTotpCode(secret)))).toEqual(mismatch);
    expect((await signIn(address)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  test('another user is not locked by them', async () => {
    const guesser = uniqueAddress('guesser');
    await userWithTotp(guesser);
    for (let i = 0; i < 5; i += 1) await failureOf(signIn(guesser, 'not-it-1'));
    expect(await failureOf(signIn(guesser))).toEqual(attemptsExceeded);
    const bystander = uniqueAddress('bystander');
    const { secret } = await userWithTotp(bystander);
    expect(
      (await answer(bystander, (await signIn(bystander)).Session, await freshTotpCode(secret))).AuthenticationResult,
    ).toBeTruthy();
  });
});
