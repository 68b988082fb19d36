import { httpHandler } from '../lib/http/http';
import { listTransactions } from '../lib/data/ledger';
import { readableProfile } from '../lib/data/profile-reads';

/** A client's ledger, a closed account's too (kept read-only for administrators). */
export const handler = httpHandler('listClientTransactions', async ({ caller, params }) => {
  const sub = params.id;
  // Both reads at once: an unknown client still gets its 404, a known one waits one round trip, not two.
  const [, transactions] = await Promise.all([readableProfile(sub, caller), listTransactions(sub, true)]);
  return { body: transactions };
});
