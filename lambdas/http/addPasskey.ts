import { addPasskey } from '../lib/cognito/passkeys';
import { accountCallerOf, enrolmentRuleOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/passkeys: for a sign-in of the last minutes, the browser's new passkey registered and named; every session of the caller ends. */
export const handler = httpHandler('addPasskey', async ({ event, caller, body, now }) => {
  await addPasskey(accountCallerOf(event, caller), body, enrolmentRuleOf(caller), now);
  return { body: { success: true, signedOut: true } };
});
