import { removePasskey } from '../lib/cognito/passkeys';
import { accountCallerOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';

/** DELETE /api/me/passkeys/{credentialId}: for a sign-in of the last minutes, one of the caller's passkeys removed; every session of the caller ends. */
export const handler = httpHandler('deletePasskey', async ({ event, caller, params, now }) => {
  await removePasskey(accountCallerOf(event, caller), params.credentialId, now);
  return { body: { success: true, signedOut: true } };
});
