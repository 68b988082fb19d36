import { httpHandler } from '../lib/http/http';
import { readableProfile } from '../lib/data/profile-reads';
import { listRequests } from '../lib/data/withdrawal-requests';

/** A client's own withdrawal requests with their status, newest first. */
export const handler = httpHandler('listMyWithdrawalRequests', async ({ caller, params }) => {
  const uid = params.uid;
  await readableProfile(uid, caller);
  return { body: await listRequests(uid, caller.isAdmin) };
});
