import { requireStepUp } from '../lib/cognito/account-security';
import { maskedPayoutAccount, setPayoutAccount } from '../lib/data/payout-accounts';
import { accountCallerOf } from '../lib/http/account-caller';
import { httpHandler } from '../lib/http/http';
import { config } from '../lib/runtime/config';

/**
 * PUT /api/portfolios/{uid}/payout-account: the client sets where its withdrawals are paid. Only
 * the client (no administrator), with a sign-in of the last minutes and the password (and a code
 * while two-factor sign-in is on), once the current client agreement is accepted; e-mailed at
 * once, and usable after the stage's cooling-off.
 */
export const handler = httpHandler('setPayoutAccount', async ({ event, caller, params, body, now }) => {
  await requireStepUp(accountCallerOf(event, caller), body, now);
  const item = await setPayoutAccount(
    params.uid,
    body,
    now,
    config.payoutCoolingOffHours * 3_600_000,
    config.clientAgreement,
  );
  return { body: { account: maskedPayoutAccount(item) } };
});
