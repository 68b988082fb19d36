/**
 * Password sign-in over SRP on the local Cognito (operations/password-verifier.ts, srp-server.ts),
 * driven with the AWS SDK v3 and the client half of shared/cognito-srp.ts, as the web and the
 * tests sign in. Every rule of a password sign-in holds over SRP: user-existence errors prevented,
 * the lockout, the user's state learnt only after the right password, the second factor; and the
 * challenge itself is held to what Cognito checks (A, the secret block, the TIMESTAMP).
 * (That the server half matches Amplify's own client: infra/local/cognito/test/stack/srp-sign-in.test.ts.)
 */
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  type InitiateAuthCommandOutput,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  N,
  bytesOfBase64,
  claimSignature,
  g,
  hexToBigInt,
  modPow,
  multiplier,
  passwordVerifierResponses,
  poolNameOf,
  privateKey,
  scrambler,
  sessionKey,
  srpStart,
  srpTimestamp,
  type SrpClientSecret,
} from '../../../../shared/cognito-srp';
import { failureOf } from '../../../../tests/integration/support/failure';
import { freshTotpCode } from '../../../../tests/integration/support/totp';
import { AUTH_SESSION_MS } from '../operations/challenge-sessions';
import { createConfirmedUser, useLocalCognito } from './test-support';

jest.setTimeout(60_000);

const t = useLocalCognito();

const PASSWORD = 'srp-secret-1';
const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const newUser = (address: string, password = PASSWORD) =>
  createConfirmedUser(t.sdk, t.cognito.userPoolId, address, password);
const subOf = async (address: string) =>
  (await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }))).Username;

/** InitiateAuth USER_SRP_AUTH: the challenge, and the client's secret that answers it. */
async function startSignIn(
  username: string,
): Promise<{ secret: SrpClientSecret; challenge: InitiateAuthCommandOutput }> {
  const { secret, SRP_A } = srpStart();
  const challenge = await t.sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: t.cognito.clientId,
      AuthParameters: { USERNAME: username, SRP_A },
    }),
  );
  return { secret, challenge };
}

const answer = (ChallengeResponses: Record<string, string>) =>
  t.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.cognito.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses,
    }),
  );

/** The proof of `password` for a started sign-in, as Amplify makes it. */
const proofOf = (
  started: { secret: SrpClientSecret; challenge: InitiateAuthCommandOutput },
  password: string,
  now?: Date,
) =>
  passwordVerifierResponses({
    userPoolId: t.cognito.userPoolId,
    password,
    secret: started.secret,
    challenge: started.challenge.ChallengeParameters ?? {},
    ...(now ? { now } : {}),
  });

/**
 * A signature of the right password made over `timestamp` exactly as written (the client half
 * always writes Cognito's own form; these are the forms Cognito parses and then does not sign).
 */
async function signatureOver(
  started: { secret: SrpClientSecret; challenge: InitiateAuthCommandOutput },
  password: string,
  timestamp: string,
): Promise<string> {
  const params = started.challenge.ChallengeParameters ?? {};
  const [B, salt, userId] = [
    hexToBigInt(params.SRP_B) ?? 0n,
    hexToBigInt(params.SALT) ?? 0n,
    params.USER_ID_FOR_SRP ?? '',
  ];
  const poolName = poolNameOf(t.cognito.userPoolId);
  const u = await scrambler(started.secret.A, B);
  const x = await privateKey(poolName, userId, password, salt);
  const S = modPow(B - (await multiplier()) * modPow(g, x, N), started.secret.a + u * x, N);
  return claimSignature(
    await sessionKey(S, u),
    poolName,
    userId,
    bytesOfBase64(params.SECRET_BLOCK ?? '') ?? new Uint8Array(),
    timestamp,
  );
}

test('the app client takes no password itself: USER_PASSWORD_AUTH is not one of its flows', async () => {
  await newUser('plain@example.com');
  const attempt = t.sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.cognito.clientId,
      AuthParameters: { USERNAME: 'plain@example.com', PASSWORD },
    }),
  );
  expect(await failureOf(attempt)).toEqual({
    name: 'InvalidParameterException',
    message: 'USER_PASSWORD_AUTH flow not enabled for this client',
  });
});

test('the right password: a PASSWORD_VERIFIER challenge as Cognito words it, then tokens for the user', async () => {
  await newUser('ada@example.com');
  const sub = await subOf('ada@example.com');
  const started = await startSignIn('Ada@Example.com');
  const { challenge } = started;
  expect(challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
  // As Cognito answers it: the secret block is the handle, no Session.
  expect(challenge.Session).toBeUndefined();
  expect(Object.keys(challenge.ChallengeParameters ?? {}).sort()).toEqual([
    'SALT',
    'SECRET_BLOCK',
    'SRP_B',
    'USERNAME',
    'USER_ID_FOR_SRP',
  ]);
  expect(challenge.ChallengeParameters).toMatchObject({
    USER_ID_FOR_SRP: sub,
    USERNAME: sub,
    SALT: expect.stringMatching(/^[0-9a-f]+$/),
    SRP_B: expect.stringMatching(/^[0-9a-f]+$/),
  });
  const done = await answer(await proofOf(started, PASSWORD));
  const access = JSON.parse(
    Buffer.from(done.AuthenticationResult?.AccessToken?.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as Record<string, unknown>;
  expect(access).toMatchObject({ sub, username: sub, token_use: 'access', client_id: t.cognito.clientId });
  expect(done.AuthenticationResult?.RefreshToken).toBeTruthy();
});

test('each challenge has its own salt, B and secret block', async () => {
  await newUser('fresh@example.com');
  const [one, two] = [
    (await startSignIn('fresh@example.com')).challenge.ChallengeParameters!,
    (await startSignIn('fresh@example.com')).challenge.ChallengeParameters!,
  ];
  expect(one.SALT).not.toBe(two.SALT);
  expect(one.SRP_B).not.toBe(two.SRP_B);
  expect(one.SECRET_BLOCK).not.toBe(two.SECRET_BLOCK);
  expect(one.USER_ID_FOR_SRP).toBe(two.USER_ID_FOR_SRP);
});

test('a wrong password: "Incorrect username or password.", counted: after five, even the right one meets the lockout', async () => {
  await newUser('locked@example.com');
  for (let i = 0; i < 5; i++) expect(await failureOf(t.signIn('locked@example.com', 'wrong-pw'))).toEqual(incorrect);
  expect(await failureOf(t.signIn('locked@example.com', PASSWORD))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Password attempts exceeded',
  });
  // The lockout (1 s after the fifth) over, the right password signs in and the count starts again.
  t.advance(1_000);
  expect((await t.signIn('locked@example.com', PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
  expect(await failureOf(t.signIn('locked@example.com', 'wrong-pw'))).toEqual(incorrect);
});

test('an unknown e-mail cannot be told from a user: a like challenge, the same id each time, the same refusal and lockout', async () => {
  const unknown = await startSignIn('nobody@example.com');
  const again = await startSignIn('NOBODY@example.com');
  expect(unknown.challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
  expect(unknown.challenge.Session).toBeUndefined();
  expect(Object.keys(unknown.challenge.ChallengeParameters ?? {}).sort()).toEqual([
    'SALT',
    'SECRET_BLOCK',
    'SRP_B',
    'USERNAME',
    'USER_ID_FOR_SRP',
  ]);
  const id = unknown.challenge.ChallengeParameters?.USER_ID_FOR_SRP;
  expect(id).toMatch(UUID_V4);
  expect(again.challenge.ChallengeParameters?.USER_ID_FOR_SRP).toBe(id);
  expect(unknown.challenge.ChallengeParameters?.USERNAME).toBe(id);
  expect(await failureOf(answer(await proofOf(unknown, PASSWORD)))).toEqual(incorrect);
  for (let i = 0; i < 4; i++) expect(await failureOf(t.signIn('nobody@example.com', 'any-pw1'))).toEqual(incorrect);
  expect(await failureOf(t.signIn('nobody@example.com', 'any-pw1'))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Password attempts exceeded',
  });
});

test('a user with two-factor sign-in on: the SOFTWARE_TOKEN_MFA challenge after PASSWORD_VERIFIER, its code gives the tokens', async () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  await newUser('totp@example.com');
  await t.cognito.setUpSoftwareTokenMfa('totp@example.com', secret);
  const sub = await subOf('totp@example.com');
  const challenged = await t.signIn('totp@example.com', PASSWORD);
  expect(challenged.AuthenticationResult).toBeUndefined();
  expect(challenged).toMatchObject({
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: expect.any(String),
    ChallengeParameters: { USER_ID_FOR_SRP: sub },
  });
  const done = await t.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.cognito.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenged.Session,
      ChallengeResponses: { USERNAME: sub ?? '', SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(secret) },
    }),
  );
  expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  // A wrong password never reaches the code step.
  expect(await failureOf(t.signIn('totp@example.com', 'wrong-pw'))).toEqual(incorrect);
});

test('a challenge is answered once, within 3 minutes, with its own secret block and user', async () => {
  await newUser('once@example.com');
  const started = await startSignIn('once@example.com');
  const proof = await proofOf(started, PASSWORD);
  expect((await answer(proof)).AuthenticationResult?.AccessToken).toBeTruthy();
  expect(await failureOf(answer(proof))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user, session can only be used once.',
  });

  // A wrong answer uses it up too: no second guess on the same challenge.
  const guessed = await startSignIn('once@example.com');
  expect(await failureOf(answer(await proofOf(guessed, 'wrong-pw')))).toEqual(incorrect);
  expect(await failureOf(answer(await proofOf(guessed, PASSWORD)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user, session can only be used once.',
  });

  const late = await startSignIn('once@example.com');
  t.advance(AUTH_SESSION_MS);
  expect(await failureOf(answer(await proofOf(late, PASSWORD)))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user, session is expired.',
  });

  // A secret block this Cognito never gave, or another user's name: refused as a wrong password.
  const forged = await startSignIn('once@example.com');
  const proof2 = await proofOf(forged, PASSWORD);
  expect(
    await failureOf(answer({ ...proof2, PASSWORD_CLAIM_SECRET_BLOCK: Buffer.alloc(64, 7).toString('base64') })),
  ).toEqual(incorrect);
  expect(await failureOf(answer({ ...proof2, USERNAME: 'someone-else' }))).toEqual(incorrect);
  expect((await answer(proof2)).AuthenticationResult?.AccessToken).toBeTruthy();
});

test("A must not be 0 mod N; SRP_A and the proof's members are required", async () => {
  const initiate = (AuthParameters: Record<string, string>) =>
    t.sdk.send(new InitiateAuthCommand({ AuthFlow: 'USER_SRP_AUTH', ClientId: t.cognito.clientId, AuthParameters }));
  for (const SRP_A of [N.toString(16), (2n * N).toString(16), '0', 'not-hex']) {
    expect(await failureOf(initiate({ USERNAME: 'anyone@example.com', SRP_A }))).toEqual({
      name: 'InvalidParameterException',
      message: 'Invalid SRP_A value',
    });
  }
  expect(await failureOf(initiate({ USERNAME: 'anyone@example.com' }))).toEqual({
    name: 'InvalidParameterException',
    message: 'Missing required parameter SRP_A',
  });
  const proof = await proofOf(await startSignIn('anyone@example.com'), PASSWORD);
  const { PASSWORD_CLAIM_SIGNATURE: _left, ...unsigned } = proof;
  expect(await failureOf(answer(unsigned))).toEqual({
    name: 'InvalidParameterException',
    message: 'Missing required parameter PASSWORD_CLAIM_SIGNATURE',
  });
});

test('TIMESTAMP: a form Cognito cannot parse is a bad parameter; one it parses but does not write (day "05", a wrong weekday) fails the proof', async () => {
  await newUser('time@example.com');
  const formatError = {
    name: 'InvalidParameterException',
    message: 'TIMESTAMP format should be EEE MMM d HH:mm:ss z yyyy in english.',
  };
  for (const TIMESTAMP of [
    '2026-03-05T09:05:07Z',
    'Thu Mar 5 09:05:07 +0100 2026',
    'Thursday March 5 09:05:07 UTC 2026',
  ]) {
    const started = await startSignIn('time@example.com');
    expect(await failureOf(answer({ ...(await proofOf(started, PASSWORD)), TIMESTAMP }))).toEqual(formatError);
  }
  for (const TIMESTAMP of ['Thu Mar 05 09:05:07 UTC 2026', 'Fri Mar 5 09:05:07 UTC 2026']) {
    const started = await startSignIn('time@example.com');
    const proof = await proofOf(started, PASSWORD);
    expect(
      await failureOf(
        answer({ ...proof, TIMESTAMP, PASSWORD_CLAIM_SIGNATURE: await signatureOver(started, PASSWORD, TIMESTAMP) }),
      ),
    ).toEqual(incorrect);
  }
  // The same signature made over Cognito's own form of the time: accepted (so the refusals above are the form's).
  const started = await startSignIn('time@example.com');
  const written = srpTimestamp(new Date());
  const proof = await proofOf(started, PASSWORD);
  expect(
    (
      await answer({
        ...proof,
        TIMESTAMP: written,
        PASSWORD_CLAIM_SIGNATURE: await signatureOver(started, PASSWORD, written),
      })
    ).AuthenticationResult,
  ).toBeTruthy();
});

test("the user's state is told only after the right password: unconfirmed, disabled, a new password required", async () => {
  await t.sdk.send(
    new AdminCreateUserCommand({
      UserPoolId: t.cognito.userPoolId,
      Username: 'newbie@example.com',
      TemporaryPassword: 'temp-pw1',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: 'newbie@example.com' }],
    }),
  );
  expect(await failureOf(t.signIn('newbie@example.com', 'wrong-pw'))).toEqual(incorrect);
  const challenge = await t.signIn('newbie@example.com', 'temp-pw1');
  expect(challenge).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: expect.any(String) });
  // Only the session that sign-in opened sets the new password.
  const setPassword = (Session: string | undefined) =>
    t.sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: t.cognito.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session,
        ChallengeResponses: { USERNAME: 'newbie@example.com', NEW_PASSWORD: 'chosen-pw1' },
      }),
    );
  expect(await failureOf(setPassword('made-up-session-that-is-long-enough'))).toEqual({
    name: 'NotAuthorizedException',
    message: 'Invalid session for the user.',
  });
  expect((await setPassword(challenge.Session)).AuthenticationResult?.AccessToken).toBeTruthy();
  expect((await t.signIn('newbie@example.com', 'chosen-pw1')).AuthenticationResult).toBeTruthy();

  await t.sdk.send(
    new SignUpCommand({
      ClientId: t.cognito.clientId,
      Username: 'pending@example.com',
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: 'pending@example.com' }],
    }),
  );
  expect(await failureOf(t.signIn('pending@example.com', 'wrong-pw'))).toEqual(incorrect);
  expect(await failureOf(t.signIn('pending@example.com', PASSWORD))).toEqual({
    name: 'UserNotConfirmedException',
    message: 'User is not confirmed.',
  });

  await newUser('off@example.com');
  await t.sdk.send(new AdminDisableUserCommand({ UserPoolId: t.cognito.userPoolId, Username: 'off@example.com' }));
  expect(await failureOf(t.signIn('off@example.com', 'wrong-pw'))).toEqual(incorrect);
  expect(await failureOf(t.signIn('off@example.com', PASSWORD))).toEqual({
    name: 'NotAuthorizedException',
    message: 'User is disabled.',
  });
});

test('a password changed between the challenge and its answer: the old one no longer signs in', async () => {
  await newUser('changed@example.com');
  const started = await startSignIn('changed@example.com');
  await t.sdk.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: t.cognito.userPoolId,
      Username: 'changed@example.com',
      Password: 'changed-pw2',
      Permanent: true,
    }),
  );
  expect(await failureOf(answer(await proofOf(started, PASSWORD)))).toEqual(incorrect);
  expect((await t.signIn('changed@example.com', 'changed-pw2')).AuthenticationResult).toBeTruthy();
});
