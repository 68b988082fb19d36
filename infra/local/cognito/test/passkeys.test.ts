/**
 * Passkeys on the local Cognito (operations/passkeys.ts, passkey-challenge.ts, user-auth.ts),
 * driven with the AWS SDK v3 as the product's API and Amplify drive the real pool, with the
 * package's software authenticator standing in for the browser's. Each check a ceremony makes
 * (origin, relying party, user verification, the challenge once and in time, the sign counter,
 * the credential being the user's) has a test that walks around it; and the tokens say how the
 * session signed in (`amr`), across refreshes.
 */
import {
  AssociateSoftwareTokenCommand,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  StartWebAuthnRegistrationCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { userPoolDefinition } from '../../../../shared/user-pool';
import { failureOf } from '../../../../tests/integration/support/failure';
import { freshTotpCode } from '../../../../tests/integration/support/totp';
import { softwareAuthenticator, type SoftwareAuthenticator, type SoftwareAuthenticatorOverrides } from '../index';
import { AUTH_SESSION_MS } from '../operations/challenge-sessions';
import { REGISTRATION_MS } from '../operations/passkeys';
import { decodeJwt } from '../tokens';
import { createConfirmedUser, uniqueAddress, useLocalCognito } from './test-support';

jest.setTimeout(60_000);

const ORIGIN = 'http://localhost:5173';
const t = useLocalCognito(() => ({
  webAuthn: { relyingPartyId: 'localhost', origins: [ORIGIN, 'http://localhost:8080'] },
}));

const PASSWORD = 'secret-pw1';
const { signInMethods } = userPoolDefinition;
const notVerified = { name: 'NotAuthorizedException', message: 'Incorrect username or passkey.' };

async function accessTokenOf(address: string): Promise<string> {
  const token = (await t.signIn(address, PASSWORD)).AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`no access token for ${address}`);
  return token;
}

const startRegistration = async (token: string) =>
  (await t.sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken: token })))
    .CredentialCreationOptions as unknown as PublicKeyCredentialCreationOptionsJSON;

const completeRegistration = (token: string, credential: unknown) =>
  t.sdk.send(
    new CompleteWebAuthnRegistrationCommand({ AccessToken: token, Credential: credential as Record<string, never> }),
  );

/** A confirmed user with one passkey on `authenticator`: its access token and the passkey's id. */
async function userWithPasskey(address: string, authenticator: SoftwareAuthenticator) {
  await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
  const token = await accessTokenOf(address);
  const credential = authenticator.create(await startRegistration(token));
  await completeRegistration(token, credential);
  return { token, credentialId: credential.id };
}

/** InitiateAuth USER_AUTH preferring WEB_AUTHN: the challenge's options and Session. */
async function passkeyChallenge(address: string) {
  const started = await t.sdk.send(
    new InitiateAuthCommand({
      ClientId: t.cognito.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: address, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
    }),
  );
  expect(started.ChallengeName).toBe('WEB_AUTHN');
  const options = JSON.parse(
    started.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}',
  ) as PublicKeyCredentialRequestOptionsJSON;
  return { options, session: started.Session };
}

const answer = (address: string, session: string | undefined, credential: unknown) =>
  t.sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.cognito.clientId,
      ChallengeName: 'WEB_AUTHN',
      Session: session,
      ChallengeResponses: { USERNAME: address, CREDENTIAL: JSON.stringify(credential) },
    }),
  );

/** A whole passkey sign-in; `overrides` bend the authenticator's answer. */
async function passkeySignIn(
  address: string,
  authenticator: SoftwareAuthenticator,
  overrides?: SoftwareAuthenticatorOverrides,
): Promise<AuthenticationResultType | undefined> {
  const { options, session } = await passkeyChallenge(address);
  return (await answer(address, session, authenticator.get(options, overrides))).AuthenticationResult;
}

const amrOf = (token: string | undefined) => decodeJwt(token)?.amr;

describe('registration', () => {
  test('hands out creation options as Cognito does, and keeps the passkey the authenticator made', async () => {
    const address = uniqueAddress('ada');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
    const token = await accessTokenOf(address);
    const options = await startRegistration(token);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: userPoolDefinition.poolName },
      user: { name: address, displayName: address },
      challenge: expect.any(String),
      pubKeyCredParams: expect.arrayContaining([{ type: 'public-key', alg: -7 }]),
      timeout: REGISTRATION_MS,
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    const credential = authenticator.create(options);
    expect(await completeRegistration(token, credential)).toMatchObject({});

    const { Credentials } = await t.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: token }));
    expect(Credentials).toEqual([
      {
        CredentialId: credential.id,
        FriendlyCredentialName: expect.any(String),
        RelyingPartyId: 'localhost',
        AuthenticatorAttachment: 'platform',
        AuthenticatorTransports: ['internal', 'hybrid'],
        CreatedAt: expect.any(Date),
      },
    ]);
    // A second registration is told not to make another on the same authenticator.
    expect((await startRegistration(token)).excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
  });

  test.each([
    ['another origin', { origin: 'http://localhost:9999' }, 'WebAuthnOriginNotAllowedException'],
    ['another relying party', { rpId: 'example.com' }, 'WebAuthnRelyingPartyMismatchException'],
    ['no user verification', { userVerified: false }, 'NotAuthorizedException'],
  ])('refuses a credential made with %s, and keeps nothing', async (_, overrides, name) => {
    const address = uniqueAddress('eve');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
    const token = await accessTokenOf(address);
    const credential = softwareAuthenticator({ origin: ORIGIN }).create(await startRegistration(token), overrides);
    expect((await failureOf(completeRegistration(token, credential))).name).toBe(name);
    const { Credentials } = await t.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: token }));
    expect(Credentials).toEqual([]);
  });

  test('takes each challenge once, within 5 minutes, and only the latest', async () => {
    const address = uniqueAddress('bob');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
    const token = await accessTokenOf(address);
    // A new authenticator for each credential: one holding a passkey of the user would not make another.
    const authenticator = {
      create: (o: PublicKeyCredentialCreationOptionsJSON) => softwareAuthenticator({ origin: ORIGIN }).create(o),
    };
    const notFound = 'WebAuthnChallengeNotFoundException';

    // Replayed: the same answer again, and a second credential for a used challenge.
    const options = await startRegistration(token);
    await completeRegistration(token, authenticator.create(options));
    expect((await failureOf(completeRegistration(token, authenticator.create(options)))).name).toBe(notFound);

    // Expired.
    const late = await startRegistration(token);
    t.advance(REGISTRATION_MS);
    expect((await failureOf(completeRegistration(token, authenticator.create(late)))).name).toBe(notFound);

    // Superseded by a later Start: the answer to the first is refused.
    const first = await startRegistration(token);
    await startRegistration(token);
    expect((await failureOf(completeRegistration(token, authenticator.create(first)))).name).toMatch(/WebAuthn/);

    const { Credentials } = await t.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: token }));
    expect(Credentials).toHaveLength(1);
  });

  test('refuses a malformed credential as a bad parameter, and an unknown id to delete as not found', async () => {
    const address = uniqueAddress('carl');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, PASSWORD);
    const token = await accessTokenOf(address);
    await startRegistration(token);
    expect((await failureOf(completeRegistration(token, { id: 'x' }))).name).toBe('InvalidParameterException');
    expect(
      (await failureOf(t.sdk.send(new DeleteWebAuthnCredentialCommand({ AccessToken: token, CredentialId: 'nope' }))))
        .name,
    ).toBe('ResourceNotFoundException');
  });
});

describe('sign-in with a passkey (USER_AUTH, WEB_AUTHN)', () => {
  test('signs in with tokens whose amr says passkey, with the request options Cognito gives', async () => {
    const address = uniqueAddress('ada');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    const { credentialId } = await userWithPasskey(address, authenticator);
    const { options, session } = await passkeyChallenge(address);
    expect(options).toMatchObject({
      challenge: expect.any(String),
      rpId: 'localhost',
      allowCredentials: [{ id: credentialId, type: 'public-key' }],
      userVerification: 'required',
      timeout: AUTH_SESSION_MS,
    });
    expect(session).toEqual(expect.any(String));
    const result = (await answer(address, session, authenticator.get(options))).AuthenticationResult;
    expect(amrOf(result?.AccessToken)).toEqual(signInMethods.passkey);
    expect(amrOf(result?.IdToken)).toEqual(signInMethods.passkey);
    // The counter the authenticator reported is kept: the next sign-in's must be higher.
    expect(authenticator.credentials[0]?.counter).toBe(1);
    expect(await passkeySignIn(address, authenticator)).toBeDefined();
  });

  test.each([
    ['another origin', { origin: 'http://localhost:9999' }],
    ['another relying party', { rpId: 'example.com' }],
    ['no user verification', { userVerified: false }],
    ['a counter that did not grow', { counter: 1 }],
  ])('refuses an answer with %s', async (_, overrides) => {
    const address = uniqueAddress('eve');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    await userWithPasskey(address, authenticator);
    await passkeySignIn(address, authenticator); // the counter is now 1
    expect(await failureOf(passkeySignIn(address, authenticator, overrides))).toEqual(notVerified);
  });

  test("refuses another user's passkey, even one the answer names as its own", async () => {
    const victim = uniqueAddress('victim');
    const mallory = uniqueAddress('mallory');
    const victimKeys = softwareAuthenticator({ origin: ORIGIN });
    const malloryKeys = softwareAuthenticator({ origin: ORIGIN });
    await userWithPasskey(victim, victimKeys);
    const own = await userWithPasskey(mallory, malloryKeys);
    const { options, session } = await passkeyChallenge(victim);
    const forged = malloryKeys.get({ ...options, allowCredentials: [] }, { credentialId: own.credentialId });
    expect(await failureOf(answer(victim, session, forged))).toEqual(notVerified);
  });

  test('takes each challenge once and within its 3 minutes, for the user it was given to', async () => {
    const address = uniqueAddress('bob');
    const other = uniqueAddress('other');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    await userWithPasskey(address, authenticator);
    await userWithPasskey(other, softwareAuthenticator({ origin: ORIGIN }));

    const { options, session } = await passkeyChallenge(address);
    const credential = authenticator.get(options);
    await answer(address, session, credential);
    expect(await failureOf(answer(address, session, credential))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
    // A good answer to one session replayed into a new one: its challenge is not that session's.
    const fresh = await passkeyChallenge(address);
    expect(await failureOf(answer(address, fresh.session, authenticator.get(options)))).toEqual(notVerified);

    const late = await passkeyChallenge(address);
    t.advance(AUTH_SESSION_MS);
    expect(await failureOf(answer(address, late.session, authenticator.get(late.options)))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });

    const forOther = await passkeyChallenge(other);
    expect(await failureOf(answer(address, forOther.session, authenticator.get(options)))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  test('a deleted passkey no longer signs in', async () => {
    const address = uniqueAddress('dan');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    const { token, credentialId } = await userWithPasskey(address, authenticator);
    await t.sdk.send(new DeleteWebAuthnCredentialCommand({ AccessToken: token, CredentialId: credentialId }));
    expect((await t.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken: token }))).Credentials).toEqual([]);
    const { options, session } = await passkeyChallenge(address);
    expect(options.allowCredentials).toEqual([]);
    expect(await failureOf(answer(address, session, authenticator.get(options, { credentialId })))).toEqual(
      notVerified,
    );
  });

  test('counts refused answers towards the lockout, which then refuses even a good one', async () => {
    const address = uniqueAddress('lock');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    await userWithPasskey(address, authenticator);
    for (let i = 0; i < 5; i += 1) {
      await failureOf(passkeySignIn(address, authenticator, { userVerified: false }));
    }
    expect(await failureOf(passkeySignIn(address, authenticator))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    t.advance(16 * 60_000);
    expect(await passkeySignIn(address, authenticator)).toBeDefined();
  });

  test('a user with an authenticator app signs in with a passkey and no code', async () => {
    const address = uniqueAddress('totp');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    const { token } = await userWithPasskey(address, authenticator);
    const { SecretCode } = await t.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
    await t.sdk.send(
      new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: await freshTotpCode(SecretCode!) }),
    );
    await t.sdk.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: token,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    // The password asks for the code; the code gives password-and-code tokens.
    const password = await t.signIn(address, PASSWORD);
    expect(password.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const coded = await t.sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: t.cognito.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: password.Session,
        ChallengeResponses: { USERNAME: address, SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(SecretCode!) },
      }),
    );
    expect(amrOf(coded.AuthenticationResult?.AccessToken)).toEqual(signInMethods.passwordAndCode);
    // The passkey signs in at once.
    const result = await passkeySignIn(address, authenticator);
    expect(amrOf(result?.IdToken)).toEqual(signInMethods.passkey);
  });
});

describe('USER_AUTH choices and unknown names', () => {
  test('without a preference: SELECT_CHALLENGE, then the chosen factor', async () => {
    const address = uniqueAddress('sel');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    await userWithPasskey(address, authenticator);
    const started = await t.sdk.send(
      new InitiateAuthCommand({
        ClientId: t.cognito.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: address },
      }),
    );
    expect(started.ChallengeName).toBe('SELECT_CHALLENGE');
    expect([...(started.AvailableChallenges ?? [])].sort()).toEqual(['PASSWORD', 'PASSWORD_SRP', 'WEB_AUTHN']);
    const chosen = await t.sdk.send(
      new RespondToAuthChallengeCommand({
        ClientId: t.cognito.clientId,
        ChallengeName: 'SELECT_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: { USERNAME: address, ANSWER: 'WEB_AUTHN' },
      }),
    );
    expect(chosen.ChallengeName).toBe('WEB_AUTHN');
    const options = JSON.parse(chosen.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}');
    const result = await answer(address, chosen.Session, authenticator.get(options));
    expect(amrOf(result.AuthenticationResult?.AccessToken)).toEqual(signInMethods.passkey);

    // PASSWORD, chosen up front: the password itself, then tokens saying so.
    const byPassword = await t.sdk.send(
      new InitiateAuthCommand({
        ClientId: t.cognito.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: address, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
      }),
    );
    expect(amrOf(byPassword.AuthenticationResult?.AccessToken)).toEqual(signInMethods.password);
  });

  test('an unknown name is answered as a user with no passkey, and fails as one', async () => {
    const known = uniqueAddress('known');
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, known, PASSWORD);
    const ghost = uniqueAddress('ghost');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    authenticator.create(await startRegistration(await accessTokenOf(known)));

    const offered = async (name: string) =>
      (
        await t.sdk.send(
          new InitiateAuthCommand({
            ClientId: t.cognito.clientId,
            AuthFlow: 'USER_AUTH',
            AuthParameters: { USERNAME: name },
          }),
        )
      ).AvailableChallenges;
    expect(await offered(ghost)).toEqual(await offered(known));

    for (const name of [known, ghost]) {
      const { options, session } = await passkeyChallenge(name);
      expect(options.allowCredentials).toEqual([]);
      expect(await failureOf(answer(name, session, authenticator.get(options)))).toEqual(notVerified);
    }
  });
});

describe('amr', () => {
  test('a password sign-in says pwd, and every refresh keeps what the sign-in said', async () => {
    const address = uniqueAddress('amr');
    const authenticator = softwareAuthenticator({ origin: ORIGIN });
    await userWithPasskey(address, authenticator);
    const password = (await t.signIn(address, PASSWORD)).AuthenticationResult;
    expect(amrOf(password?.AccessToken)).toEqual(signInMethods.password);
    expect(amrOf(password?.IdToken)).toEqual(signInMethods.password);

    for (const [tokens, amr] of [
      [password, signInMethods.password],
      [await passkeySignIn(address, authenticator), signInMethods.passkey],
    ] as const) {
      const refreshed = await t.sdk.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: t.cognito.clientId, RefreshToken: tokens?.RefreshToken }),
      );
      expect(amrOf(refreshed.AuthenticationResult?.AccessToken)).toEqual(amr);
      expect(amrOf(refreshed.AuthenticationResult?.IdToken)).toEqual(amr);
      const again = await t.sdk.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: t.cognito.clientId,
          RefreshToken: refreshed.AuthenticationResult?.RefreshToken,
        }),
      );
      expect(amrOf(again.AuthenticationResult?.AccessToken)).toEqual(amr);
    }
  });
});
