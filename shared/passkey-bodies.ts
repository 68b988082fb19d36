/**
 * The body of POST /api/me/passkeys: the passkey's name and the browser's registration response
 * (RegistrationResponseJSON, as @simplewebauthn/browser's startRegistration gives it). Only its
 * shape is checked here, loosely so that fields a browser adds reach Cognito unchanged: Cognito
 * verifies the response itself (challenge, origin, relying party, user verification).
 */
import * as z from 'zod/mini';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from './passkeys';
import { hasUnsafeCharacters } from './text';

const base64url = z
  .string({ error: passkeyMessages.credentialRequired })
  .check(z.regex(/^[A-Za-z0-9_-]{1,8192}$/, { error: passkeyMessages.credentialRequired }));

const registrationResponse = z.looseObject(
  {
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key', { error: passkeyMessages.credentialRequired }),
    response: z.looseObject(
      { clientDataJSON: base64url, attestationObject: base64url },
      { error: passkeyMessages.credentialRequired },
    ),
    clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
  },
  { error: passkeyMessages.credentialRequired },
);

export const passkeyAddBody = z.strictObject({
  name: z.string({ error: passkeyMessages.nameRequired }).check(
    z.trim(),
    z.minLength(1, { error: passkeyMessages.nameRequired }),
    z.maxLength(PASSKEY_NAME_MAX_LENGTH, { error: passkeyMessages.nameTooLong }),
    z.refine((name) => !hasUnsafeCharacters(name), { error: passkeyMessages.nameUnsafe }),
  ),
  credential: registrationResponse,
});
