import { changePassword } from '../lib/cognito/account-security';
import { bearerTokenOf } from '../lib/http/auth';
import { httpHandler } from '../lib/http/http';

/** POST /api/me/password: Cognito checks the password in force and takes the new one; every session of the caller ends. Neither password is logged. */
export const handler = httpHandler('changeMyPassword', async ({ event, caller, body, now }) => {
  await changePassword(
    { ...caller, accessToken: bearerTokenOf(event) },
    body.previousPassword,
    body.proposedPassword,
    now,
  );
  return { body: { success: true, signedOut: true } };
});
