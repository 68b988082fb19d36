import { passkeysOf } from '../lib/cognito/passkeys';
import { accountCallerOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';
import { config } from '../lib/runtime/config';

/** GET /api/me/passkeys: the caller's passkeys, and whether the stage gives admin power to passkey sessions only. */
export const handler = httpHandler('listPasskeys', async ({ event, caller }) => {
  const passkeys = await passkeysOf(accountCallerOf(event, caller));
  return { body: { passkeys, passkeyRequiredForAdmin: config.adminPasskeyRequired } };
});
