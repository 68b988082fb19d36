import { httpHandler } from '../lib/http/http';
import { listTransactions } from '../lib/data/ledger';
import { requireProfile } from '../lib/data/profiles';

export const handler = httpHandler('listClientTransactions', async ({ params }) => {
  const sub = params.id;
  // Both reads at once: an unknown client still gets its 404, a known one waits one round trip, not two.
  const [, transactions] = await Promise.all([requireProfile(sub), listTransactions(sub, true)]);
  return { body: transactions };
});
