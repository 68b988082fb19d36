import { confirmAuthenticatorSetUp } from '../lib/cognito/account-security';
import { accountCallerOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/two-factor/verify: the secret waiting for this session confirmed with a code and put in force; every session of the caller ends. */
export const handler = httpHandler('verifyTwoFactor', async ({ event, caller, body, now }) => {
  await confirmAuthenticatorSetUp(accountCallerOf(event, caller), body.code, now);
  return { body: { success: true, signedOut: true } };
});
