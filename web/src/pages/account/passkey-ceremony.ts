/**
 * The browser's part of adding a passkey: the options Cognito gave (through the API) handed to
 * the browser, which makes the passkey with the person's verification, and its failures in the
 * product's words. @simplewebauthn/browser loads only when a passkey is added.
 */
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { errorName } from '../../auth/errors';
import { passkeyWords } from './passkey-words';

/** A failure of the browser's part, already in the product's words (`message`). */
export class PasskeyCeremonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyCeremonyError';
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** The browser's refusal in the product's words (@simplewebauthn/browser's codes, else the DOMException's name). */
export function ceremonyMessage(error: unknown): string {
  const code = codeOf(error);
  const name = errorName(error);
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return passkeyWords.alreadyOnDevice;
  if (code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') return passkeyWords.noVerification;
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return passkeyWords.wrongAddress;
  if (name === 'NotSupportedError') return passkeyWords.notSupported;
  return passkeyWords.notCreated;
}

/** Has the browser make a passkey from Cognito's options; a refusal becomes a PasskeyCeremonyError. */
export async function createPasskey(options: unknown): Promise<RegistrationResponseJSON> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError(passkeyWords.notSupported);
  try {
    // As Cognito gave them: the API hands them on untouched.
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error));
  }
}
