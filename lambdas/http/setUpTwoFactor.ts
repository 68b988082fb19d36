import { setUpAuthenticator } from '../lib/cognito/account-security';
import { accountCallerOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/two-factor/setup: for a sign-in of the last minutes and the password, a new authenticator secret to confirm with a code (409 while one is in force). */
export const handler = httpHandler('setUpTwoFactor', async ({ event, caller, body, now }) => {
  const secretCode = await setUpAuthenticator(accountCallerOf(event, caller), body.password, now);
  return { body: { secretCode } };
});
