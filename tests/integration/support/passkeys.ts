/**
 * Passkeys as a browser and its authenticator use them, for the integration tests: the software
 * authenticator the emulator exports (the page's origin is the stack's own), a passkey added
 * through the API as the account page adds one, and a passkey sign-in through the gateway as
 * Amplify's USER_AUTH flow makes it.
 */
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { type SoftwareAuthenticator, softwareAuthenticator } from '@aurum/cognito-emulator';
import type { AnswerOf } from '../../../shared/api';
import type { Client, Session } from './client';

type CreationOptions = Parameters<SoftwareAuthenticator['create']>[0];
type RequestOptions = Parameters<SoftwareAuthenticator['get']>[0];

/** An authenticator on the stack's own page (its origin is the relying party's). */
export const authenticatorFor = (client: Client, userVerified = true): SoftwareAuthenticator =>
  softwareAuthenticator({ origin: client.stack.url, userVerified });

/** The creation options the API hands out for `session`, as the browser's startRegistration takes them. */
export async function creationOptions(client: Client, session: Pick<Session, 'accessToken'>): Promise<CreationOptions> {
  const res = await client.call('startPasskeyRegistration', { token: session.accessToken });
  if (res.status !== 200)
    throw new Error(`startPasskeyRegistration answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as AnswerOf<'startPasskeyRegistration'>).options as unknown as CreationOptions;
}

/**
 * A passkey added through the API for the fresh `session` (which ends with every other session of
 * the user): answers the authenticator's new credential id.
 */
export async function addPasskey(
  client: Client,
  session: Pick<Session, 'accessToken'>,
  authenticator: SoftwareAuthenticator,
  name = 'Laptop',
): Promise<string> {
  const credential = authenticator.create(await creationOptions(client, session));
  const res = await client.call('addPasskey', { token: session.accessToken, body: { name, credential } });
  if (res.status !== 200) throw new Error(`addPasskey answered ${res.status}: ${JSON.stringify(res.body)}`);
  return credential.id;
}

/** The WEB_AUTHN challenge of a USER_AUTH sign-in through the gateway: its options and session. */
export async function passkeyChallenge(
  client: Client,
  email: string,
): Promise<{ options: RequestOptions; session: string | undefined }> {
  const out = await client.cognito.send(
    new InitiateAuthCommand({
      ClientId: client.stack.cognito.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
    }),
  );
  if (out.ChallengeName !== 'WEB_AUTHN') throw new Error(`expected WEB_AUTHN, got ${out.ChallengeName ?? 'tokens'}`);
  const options = JSON.parse(out.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as RequestOptions;
  return { options, session: out.Session };
}

/** A passkey sign-in through the gateway: the challenge answered by `authenticator`; the session's tokens. */
export async function passkeySignIn(
  client: Client,
  email: string,
  authenticator: SoftwareAuthenticator,
  overrides: Parameters<SoftwareAuthenticator['get']>[1] = {},
): Promise<Session> {
  const { options, session } = await passkeyChallenge(client, email);
  const out = await client.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: client.stack.cognito.clientId,
      ChallengeName: 'WEB_AUTHN',
      Session: session,
      ChallengeResponses: { USERNAME: email, CREDENTIAL: JSON.stringify(authenticator.get(options, overrides)) },
    }),
  );
  const r = out.AuthenticationResult;
  if (!r?.AccessToken || !r.IdToken || !r.RefreshToken) throw new Error('no tokens from the passkey sign-in');
  const claims = JSON.parse(Buffer.from(r.AccessToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
  return { email, sub: claims.sub, accessToken: r.AccessToken, idToken: r.IdToken, refreshToken: r.RefreshToken };
}
