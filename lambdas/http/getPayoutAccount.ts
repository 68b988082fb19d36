import { httpHandler } from '../lib/http/http';
import { getPayoutAccount, maskedPayoutAccount } from '../lib/data/payout-accounts';
import { readableProfile } from '../lib/data/profile-reads';

/** GET /api/portfolios/{uid}/payout-account: the client's payout account, masked (null while none is set); administrators may read any. */
export const handler = httpHandler('getPayoutAccount', async ({ caller, params }) => {
  await readableProfile(params.uid, caller);
  const item = await getPayoutAccount(params.uid);
  return { body: { account: item ? maskedPayoutAccount(item) : null } };
});
