import { turnOffAuthenticator } from '../lib/cognito/account-security';
import { accountCallerOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/two-factor/disable: for a sign-in of the last minutes, the password and a current code, the factor goes out of force. */
export const handler = httpHandler('disableTwoFactor', async ({ event, caller, body, now }) => {
  await turnOffAuthenticator(accountCallerOf(event, caller), { password: body.password, code: body.code }, now);
  return { body: { success: true } };
});
