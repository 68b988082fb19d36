/**
 * The Amplify v6 backend (auth only), configured from /config.json. A chunk of its own: the
 * first screen loads it only when it is needed (auth/lazy-backend.ts), since Amplify is the
 * largest part of the sign-in page's JavaScript and a signed-out visitor reading the page
 * needs none of it.
 */
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { Amplify } from 'aws-amplify';
import type { AppConfig } from '../config';
import type { AuthBackend } from './session';

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
 * Cognito's endpoint and the app client, as Amplify is configured with them, for the account
 * page's own calls to Cognito (auth/account-calls.ts); null before Amplify is configured.
 */
export function cognitoClient(): { endpoint: string; clientId: string } | null {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = Amplify.getConfig().Auth?.Cognito ?? {};
  if (!userPoolId || !userPoolClientId) return null;
  return { endpoint: userPoolEndpoint ?? `https://cognito-idp.${userPoolId.split('_')[0]}.amazonaws.com/`, clientId: userPoolClientId };
}

export const amplifyBackend: AuthBackend = {
  async session(forceRefresh = false) {
    const { tokens } = await fetchAuthSession({ forceRefresh });
    if (!tokens?.accessToken) return null;
    return {
      accessToken: tokens.accessToken.toString(),
      accessClaims: tokens.accessToken.payload as Record<string, unknown>,
      idClaims: (tokens.idToken?.payload ?? {}) as Record<string, unknown>,
    };
  },
  async signIn(email, password) {
    const result = await signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
    if (!result.isSignedIn) throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), { name: 'UnsupportedStep' });
    return 'signedIn';
  },
  async signUp({ email, password, firstName, lastName }) {
    const result = await signUp({
      username: email.trim(),
      password,
      options: {
        userAttributes: { email: email.trim(), given_name: firstName.trim(), family_name: lastName.trim() },
        autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' },
      },
    });
    return result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? 'confirmSignUp' : 'done';
  },
  async confirmSignUp(email, code) {
    const result = await confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
    if (result.nextStep.signUpStep !== 'COMPLETE_AUTO_SIGN_IN') return { signedIn: false };
    try {
      const signedIn = await autoSignIn();
      return { signedIn: signedIn.isSignedIn };
    } catch {
      // Confirmed from a link in another tab: no sign-up in this tab to continue.
      return { signedIn: false };
    }
  },
  async resendCode(email) {
    await resendSignUpCode({ username: email.trim() });
  },
  async sendResetCode(email) {
    await resetPassword({ username: email.trim() });
  },
  async confirmReset(email, code, newPassword) {
    await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
  },
  async signInWithGoogle() {
    await signInWithRedirect({ provider: 'Google' });
  },
  async signOut() {
    await signOut();
  },
  async confirmTotp(code) {
    const result = await confirmSignIn({ challengeResponse: code.trim() });
    if (!result.isSignedIn) throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), { name: 'UnsupportedStep' });
  },
  onSignedIn(callback) {
    return Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedIn' || payload.event === 'signInWithRedirect') callback();
    });
  },
};

