import { httpHandler } from '../lib/http/http';
import { listPendingRequests } from '../lib/data/withdrawal-requests';

/** The admins' queue: GET /api/admin/withdrawal-requests?status=pending (the route's query schema refuses any other status). */
export const handler = httpHandler('listPendingWithdrawalRequests', async () => ({
  body: await listPendingRequests(),
}));
