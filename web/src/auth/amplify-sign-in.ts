/**
 * The Amplify v6 backend's sign-in part: password sign-in (SRP) with its code step, sign-up and its
 * confirmation, password reset, and Google through the hosted UI. Importing it also sets up
 * Amplify's completion of a hosted-UI redirect (`signInWithRedirect`'s module does), so the lazy
 * backend loads it when a page is the end of one. Used after ./amplify has configured Amplify.
 */
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signUp,
} from 'aws-amplify/auth';
// Completes a hosted-UI redirect when Amplify is configured (signInWithRedirect's module imports it
// too; said here so the sign-in part keeps it whatever the bundler makes of that module).
import 'aws-amplify/auth/enable-oauth-listener';
import type { AuthBackend } from './session';

export type AmplifySignIn = Omit<
  AuthBackend,
  'session' | 'signOut' | 'onSignedIn' | 'account' | 'knownSignedOut' | 'prepare'
>;

export const amplifySignIn: AmplifySignIn = {
  async signIn(email, password) {
    // Amplify's default flow, USER_SRP_AUTH: the password never leaves the browser (the app client allows no other).
    const result = await signIn({ username: email.trim(), password });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
    if (!result.isSignedIn)
      throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), {
        name: 'UnsupportedStep',
      });
    return 'signedIn';
  },
  async signUp({ email, password, firstName, lastName }) {
    const result = await signUp({
      username: email.trim(),
      password,
      options: {
        userAttributes: { email: email.trim(), given_name: firstName.trim(), family_name: lastName.trim() },
        autoSignIn: true,
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
  async signInWithPasskey(email) {
    const result = await signIn({
      username: email.trim(),
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
    });
    if (result.isSignedIn) return 'signedIn';
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
    // Cognito offers the other ways in (SELECT_CHALLENGE) when the account has no passkey.
    throw Object.assign(new Error(`No passkey sign-in: ${result.nextStep.signInStep}`), { name: 'NoPasskey' });
  },
  async confirmTotp(code) {
    const result = await confirmSignIn({ challengeResponse: code.trim() });
    if (!result.isSignedIn)
      throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), {
        name: 'UnsupportedStep',
      });
  },
};
