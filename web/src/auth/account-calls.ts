/**
 * The account page's calls to Cognito's user pool API, made with the signed-in user's access
 * token from Amplify's session: reading the second factor, proving it is the user (a fresh
 * sign-in with the password and a code) and signing out everywhere. Changing the password or the
 * second factor goes through the API (/api/me/...), never to Cognito from here: the API records
 * the change, ends the other sessions and e-mails the user, and the pool refuses those calls from
 * browsers. Only the account page imports this module: it is part of that page's chunk.
 *
 * Why not Amplify's `fetchMFAPreference` and `signOut({ global: true })`: each is one such call,
 * but they come from the same `aws-amplify/auth` module as the sign-in page's `signIn`, so esbuild
 * bundles them with the first screen however they are imported (about 1.6 KB gzip of it).
 * And `signOut({ global: true })` swallows a failed GlobalSignOut and signs this device out
 * anyway, so the page would report every device signed out when none but this one was.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { passwordVerifierResponses, srpStart } from '../../../shared/cognito-srp';
import { cognitoClient } from './amplify';
import type { AccountBackend } from './session';

export interface CognitoSession {
  /** Cognito's endpoint, as Amplify is configured to call it (cognito-local on this machine). */
  endpoint: string;
  /** The pool's id: its name is part of the SRP proof of a password. */
  userPoolId: string;
  clientId: string;
  accessToken: string;
  /** The user's Cognito username (the sub, here: users sign in by e-mail). */
  username: string;
}

/** An error as Amplify passes Cognito's on: `name` is Cognito's exception name. */
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

async function call<T>(endpoint: string, operation: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return answer as T;
  // Cognito names the error in `__type`, at times after its namespace ("...#NotAuthorizedException"),
  // and in the x-amzn-errortype header ("NotAuthorizedException:http://...").
  const type = (typeof answer.__type === 'string' && answer.__type) || res.headers.get('x-amzn-errortype') || '';
  const name = type.split('#').pop()?.split(':')[0] || `${operation}Failed`;
  throw cognitoError(name, typeof answer.message === 'string' ? answer.message : `${operation}: ${res.status}`);
}

/** A call as the signed-in user. */
const userCall = <T>(session: CognitoSession, operation: string, body: Record<string, unknown> = {}) =>
  call<T>(session.endpoint, operation, { AccessToken: session.accessToken, ...body });

export async function mfaStatus(session: CognitoSession): Promise<{ totp: boolean }> {
  const user = await userCall<{ UserMFASettingList?: string[] }>(session, 'GetUser');
  return { totp: user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false };
}

interface SignInStep {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { AccessToken?: string; RefreshToken?: string };
}

/**
 * Cognito's sign-in with the password, over SRP as the app client requires (the password itself
 * never leaves the browser): InitiateAuth USER_SRP_AUTH, then the PASSWORD_VERIFIER challenge
 * answered with the proof (shared/cognito-srp.ts, loaded with this page only). Answers what comes
 * after the password: tokens, or the next challenge.
 */
async function passwordSignIn(session: CognitoSession, password: string): Promise<SignInStep> {
  const { endpoint, userPoolId, clientId: ClientId, username } = session;
  const { secret, SRP_A } = srpStart();
  const verifier = await call<SignInStep>(endpoint, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId, AuthParameters: { USERNAME: username, SRP_A } });
  if (verifier.ChallengeName !== 'PASSWORD_VERIFIER') throw cognitoError('UnsupportedStep', `Unexpected sign-in step ${verifier.ChallengeName ?? 'none'}`);
  const ChallengeResponses = await passwordVerifierResponses({ userPoolId, password, secret, challenge: verifier.ChallengeParameters ?? {} });
  return call<SignInStep>(endpoint, 'RespondToAuthChallenge', {
    ClientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses,
    ...(verifier.Session ? { Session: verifier.Session } : {}),
  });
}

/**
 * A sign-in with the password (over SRP) and a current code from the app, as the user shows them
 * now, for a change that asks for proof it is them (turning the factor off: the API takes a token
 * whose sign-in is minutes old). Cognito has no call that checks a code of the factor in force
 * (VerifySoftwareToken checks a newly associated secret), so the check is Cognito's own sign-in:
 * the password, after which a user with the factor on gets the SOFTWARE_TOKEN_MFA challenge, and
 * RespondToAuthChallenge with the code. Answers the new session's tokens.
 */
export async function freshSignIn(session: CognitoSession, password: string, code: string): Promise<{ accessToken: string; refreshToken?: string }> {
  const { endpoint, clientId: ClientId, username } = session;
  const started = await passwordSignIn(session, password);
  let result = started.AuthenticationResult;
  // Without the challenge Cognito no longer asks for codes at sign-in: nothing to check the code against.
  if (started.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const done = await call<SignInStep>(endpoint, 'RespondToAuthChallenge', {
      ClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? username, SOFTWARE_TOKEN_MFA_CODE: code },
    });
    result = done.AuthenticationResult;
  } else if (!started.AuthenticationResult) {
    throw cognitoError('UnsupportedStep', `Unexpected sign-in step ${started.ChallengeName ?? 'none'}`);
  }
  if (!result?.AccessToken) throw cognitoError('UnsupportedStep', 'The sign-in gave no access token');
  return { accessToken: result.AccessToken, ...(result.RefreshToken ? { refreshToken: result.RefreshToken } : {}) };
}

/** Ends the session a refresh token keeps (best effort: a refresh token left over lapses on its own, and a global sign-out ends it). */
export async function revokeRefreshToken(session: CognitoSession, refreshToken: string): Promise<void> {
  await call(session.endpoint, 'RevokeToken', { ClientId: session.clientId, Token: refreshToken }).catch(() => undefined);
}

/** GlobalSignOut: every refresh token of the user is revoked, this device's too. */
export async function globalSignOut(session: CognitoSession): Promise<void> {
  await userCall(session, 'GlobalSignOut');
}

/** The signed-in user's session for these calls (Amplify refreshes the tokens when they have expired). */
async function currentSession(): Promise<CognitoSession> {
  const { tokens } = await fetchAuthSession();
  const client = cognitoClient();
  const username = tokens?.accessToken.payload.username;
  if (!tokens || !client || typeof username !== 'string') {
    throw cognitoError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.');
  }
  return { ...client, accessToken: tokens.accessToken.toString(), username };
}

/** The account page's actions against Cognito, as the signed-in user. */
export const cognitoAccount: AccountBackend = {
  mfaStatus: async () => mfaStatus(await currentSession()),
  freshSignIn: async (password, code) => {
    const session = await currentSession();
    const { accessToken, refreshToken } = await freshSignIn(session, password, code.trim());
    return { accessToken, end: async () => (refreshToken ? revokeRefreshToken(session, refreshToken) : undefined) };
  },
  signOutEverywhere: async () => globalSignOut(await currentSession()),
};
