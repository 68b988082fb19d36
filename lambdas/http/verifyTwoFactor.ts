import { confirmAuthenticatorSetUp } from '../lib/cognito/account-security';
import { bearerTokenOf } from '../lib/http/auth';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/two-factor/verify: the waiting secret confirmed with a code and put in force; every session of the caller ends. */
export const handler = httpHandler('verifyTwoFactor', async ({ event, caller, body, now }) => {
  await confirmAuthenticatorSetUp({ ...caller, accessToken: bearerTokenOf(event) }, body.code, now);
  return { body: { success: true, signedOut: true } };
});
