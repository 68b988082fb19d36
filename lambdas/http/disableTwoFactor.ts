import { turnOffAuthenticator } from '../lib/cognito/account-security';
import { bearerTokenOf } from '../lib/http/auth';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/two-factor/disable: with a token from a sign-in of the last few minutes (password and code), the factor goes out of force. */
export const handler = httpHandler('disableTwoFactor', async ({ event, caller, now }) => {
  await turnOffAuthenticator({ ...caller, accessToken: bearerTokenOf(event) }, now);
  return { body: { success: true } };
});
