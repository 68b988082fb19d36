/**
 * A passkey sign-in's failures in the product's words, at the field they concern. The browser's
 * refusals reach us as Amplify names them (its PasskeyError codes); Cognito's as its exception
 * names; the sign-in part's own `NoPasskey` when Cognito offers only the other ways in.
 */
import { type AuthField, authProblems, errorName, messageOf } from './errors';
import type { Problems } from './use-auth-step';

export const passkeySignInErrors = {
  /**
   * The browser's NotAllowedError covers a cancel, a time-out, a device with no passkey for the
   * account and a failed check of the person (fingerprint, face, PIN): it does not say which.
   */
  notAllowed:
    'No passkey was used: the request was cancelled or timed out, or this device could not verify you with a passkey of this account.',
  notRecognised:
    'No passkey of this account was recognised. Sign in with your password, then add a passkey on your account page.',
  wrongAddress: "Passkeys work only on the portal's own address. Open the portal at its usual address and try again.",
  notSupported: 'This browser does not support passkeys. Sign in with your password instead.',
} as const;

const words = passkeySignInErrors;

/** A failed passkey sign-in in the product's words, at the field it concerns. */
export function passkeyProblems(error: unknown): Problems<AuthField> {
  const name = errorName(error);
  if (
    name === 'PasskeyAuthenticationCanceled' ||
    name === 'PasskeyOperationAborted' ||
    name === 'PasskeyRetrievalFailed'
  )
    return { form: words.notAllowed };
  if (name === 'RelyingPartyMismatch') return { form: words.wrongAddress };
  if (name === 'PasskeyNotSupported') return { form: words.notSupported };
  // Cognito refused the passkey (one it does not hold for the account, or no proof of the person); a lock-out keeps its own words.
  if (name === 'NoPasskey' || (name === 'NotAuthorizedException' && !/attempts exceeded/i.test(messageOf(error))))
    return { email: words.notRecognised };
  return authProblems('signIn', error);
}
