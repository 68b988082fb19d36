import { passkeyOptions } from '../lib/cognito/passkeys';
import { accountCallerOf, enrolmentRuleOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/passkeys/options: for a sign-in of the last minutes, Cognito's creation options for a new passkey. */
export const handler = httpHandler('startPasskeyRegistration', async ({ event, caller, now }) => {
  const options = await passkeyOptions(accountCallerOf(event, caller), enrolmentRuleOf(caller), now);
  return { body: { options } };
});
