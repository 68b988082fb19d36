import { httpHandler } from '../lib/http';
import { listTransactions } from '../lib/ledger';
import { requireProfile } from '../lib/profiles';

export const handler = httpHandler('listClientTransactions', undefined, async ({ params }) => {
  const sub = params.id ?? '';
  await requireProfile(sub);
  return { body: await listTransactions(sub, true) };
});
