import { requireOwner } from '../lib/auth';
import { httpHandler } from '../lib/http';
import { listTransactions } from '../lib/ledger';
import { requireProfile } from '../lib/profiles';

/** A client's own transactions, newest first; the recording admin's e-mail only for admins (spec section 6). */
export const handler = httpHandler('listTransactions', undefined, async ({ caller, params }) => {
  const uid = params.uid ?? '';
  requireOwner(caller, uid, { adminMayAct: true });
  await requireProfile(uid);
  return { body: await listTransactions(uid, caller.isAdmin) };
});
