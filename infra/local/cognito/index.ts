/**
 * The Cognito emulator's one door: everything the rest of the repository may use of it
 * (tests/emulator-boundary.test.ts holds that nothing imports past it). README.md says what it
 * emulates and what it refuses.
 *
 * The emulator itself (start.ts, with cognito-local and the aws-sdk v2 it brings) is loaded only
 * when one is started: the tests, tools and bench that only sign in over SRP, read the hosted UI's
 * certificate or parse a target header import this entry without paying for it.
 */
import type { LocalCognitoOptions, RunningLocalCognito } from './types';

export type { CapturedEmail, LocalCognito, LocalCognitoOptions, RunningLocalCognito, WebAuthnOptions } from './types';
export { hostedUiCertificate, spkiHashOf, type HostedUiCertificate } from './hosted-ui-tls';
export { srpSignIn, type SrpPool, type SrpSignInResult } from './srp-client';
export {
  softwareAuthenticator,
  type SoftwareAuthenticator,
  type SoftwareAuthenticatorOptions,
  type SoftwareAuthenticatorOverrides,
  type SoftwareCredential,
} from './software-authenticator';
export { parseCognitoTarget } from './target';

/** Starts an emulator in this process: its port, and its hosted UI when `options.hostedUi` asks for one. */
export async function startLocalCognito(options: LocalCognitoOptions): Promise<RunningLocalCognito> {
  const { startLocalCognito: start } = await import('./start');
  return start(options);
}
