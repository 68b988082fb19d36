import { httpHandler } from '../lib/http/http';
import { listTransactions } from '../lib/data/ledger';
import { readableProfile } from '../lib/data/profile-reads';

/** A client's own transactions, newest first; the recording admin's e-mail only for admins (docs/product.md, "Sign-in and roles"). */
export const handler = httpHandler('listTransactions', async ({ caller, params }) => {
  const uid = params.uid;
  // Both reads at once: an unknown client still gets its 404, a known one waits one round trip, not two.
  const [, transactions] = await Promise.all([readableProfile(uid, caller), listTransactions(uid, caller.isAdmin)]);
  return { body: transactions };
});
