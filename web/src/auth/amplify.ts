/**
 * The Amplify v6 backend (auth only), configured from /config.json: its session part. Chunks of
 * their own, this and ./amplify-sign-in: the first screen loads them only when they are needed
 * (auth/lazy-backend.ts), since Amplify is the largest part of the sign-in page's JavaScript and
 * a signed-out visitor reading the page needs none of it; a signed-in page needs only this one
 * (SRP, the sign-up and reset calls and the hosted UI's code exchange are ~18 KB gzip more).
 */
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { Amplify } from 'aws-amplify';
import type { AppConfig } from '../config';
import type { AuthBackend } from './session';

export type AmplifySession = Pick<AuthBackend, 'session' | 'signOut' | 'onSignedIn'> &
  Required<Pick<AuthBackend, 'onRedirectFailed'>>;

/** The API requires this scope on access tokens; hosted-UI (Google) sign-ins must ask for it. */
const API_SCOPE = 'aws.cognito.signin.user.admin';

export function configureAmplify(config: AppConfig, origin: string = window.location.origin): void {
  const google = config.googleSignIn && config.oauthDomain;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(google
            ? {
                oauth: {
                  domain: config.oauthDomain as string,
                  scopes: ['openid', 'email', 'profile', API_SCOPE],
                  redirectSignIn: [`${origin}/`],
                  redirectSignOut: [`${origin}/`],
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  });
}

/**
 * Cognito's endpoint, the pool (its id names it in the SRP proof of a password) and the app
 * client, as Amplify is configured with them, for the account page's own calls to Cognito
 * (auth/account-calls.ts); null before Amplify is configured.
 */
export function cognitoClient(): { endpoint: string; userPoolId: string; clientId: string } | null {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = Amplify.getConfig().Auth?.Cognito ?? {};
  if (!userPoolId || !userPoolClientId) return null;
  return {
    endpoint: userPoolEndpoint ?? `https://cognito-idp.${userPoolId.split('_')[0]}.amazonaws.com/`,
    userPoolId,
    clientId: userPoolClientId,
  };
}

/**
 * What a stored session needs: its tokens (refreshed when due), sign-out, and the news of a
 * sign-in. Everything that signs someone in is in ./amplify-sign-in, which a signed-in page
 * never loads.
 */
export const amplifySession: AmplifySession = {
  async session(forceRefresh = false) {
    const { tokens } = await fetchAuthSession({ forceRefresh });
    if (!tokens?.accessToken) return null;
    return {
      accessToken: tokens.accessToken.toString(),
      accessClaims: tokens.accessToken.payload,
      idClaims: tokens.idToken?.payload ?? {},
    };
  },
  async signOut() {
    await signOut();
  },
  onSignedIn(callback) {
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedIn' || payload.event === 'signInWithRedirect') callback();
    });
  },
  onRedirectFailed(callback) {
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect_failure') callback(payload.data?.error?.message ?? '');
    });
  },
};
