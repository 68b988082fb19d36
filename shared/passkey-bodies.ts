/**
 * The body of POST /api/me/passkeys: the passkey's name and the browser's registration response
 * (RegistrationResponseJSON, as @simplewebauthn/browser's startRegistration gives it). Only its
 * shape is checked here, with the fields WebAuthn Level 3 names (others are dropped before
 * Cognito sees it): Cognito verifies the response itself (challenge, origin, relying party, user
 * verification).
 */
import * as z from 'zod/mini';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages } from './passkeys';
import { hasUnsafeCharacters } from './text';

const base64url = z
  .string({ error: passkeyMessages.credentialRequired })
  .check(z.regex(/^[A-Za-z0-9_-]{1,8192}$/, { error: passkeyMessages.credentialRequired }));

const optionalText = z.optional(z.string({ error: passkeyMessages.credentialRequired }).check(z.maxLength(8192)));

const registrationResponse = z.object(
  {
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key', { error: passkeyMessages.credentialRequired }),
    response: z.object(
      {
        clientDataJSON: base64url,
        attestationObject: base64url,
        authenticatorData: optionalText,
        transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(16))),
        publicKeyAlgorithm: z.optional(z.number()),
        publicKey: optionalText,
      },
      { error: passkeyMessages.credentialRequired },
    ),
    authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
    clientExtensionResults: z.unknown(),
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
