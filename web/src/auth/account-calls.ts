/**
 * The account page's calls to Cognito's user pool API, made with the signed-in user's access
 * token from Amplify's session: reading the second factor and signing out everywhere. Changing the
 * password or the second factor goes through the API (/api/me/...), never to Cognito from here:
 * the API checks the password (and a code) with Cognito itself, records the change, ends the other
 * sessions and e-mails the user, and the pool refuses those calls from browsers. Only the account
 * page imports this module: it is part of that page's chunk.
 *
 * Why not Amplify's `fetchMFAPreference` and `signOut({ global: true })`: each is one such call,
 * but they come from the same `aws-amplify/auth` module as the sign-in page's `signIn`, so esbuild
 * bundles them with the first screen however they are imported (about 1.6 KB gzip of it).
 * And `signOut({ global: true })` swallows a failed GlobalSignOut and signs this device out
 * anyway, so the page would report every device signed out when none but this one was.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { cognitoClient } from './amplify';
import type { AccountBackend } from './session';

export interface CognitoSession {
  /** Cognito's endpoint, as Amplify is configured to call it (cognito-local on this machine). */
  endpoint: string;
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
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
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
  signOutEverywhere: async () => globalSignOut(await currentSession()),
};
