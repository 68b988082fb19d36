import { setUpAuthenticator } from '../lib/cognito/account-security';
import { bearerTokenOf } from '../lib/http/auth';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/two-factor/setup: a new authenticator secret for the caller, to confirm with a code (409 while one is in force). */
export const handler = httpHandler('setUpTwoFactor', async ({ event, caller, now }) => {
  const secretCode = await setUpAuthenticator({ ...caller, accessToken: bearerTokenOf(event) }, now);
  return { body: { secretCode } };
});
