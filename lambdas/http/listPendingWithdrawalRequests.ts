import { httpHandler } from '../lib/http/http';
import { listUnsentRequests } from '../lib/data/payouts';
import { listPendingRequests, toRequestDto } from '../lib/data/withdrawal-requests';

/**
 * GET /api/admin/withdrawal-requests: ?status=pending (the default) is the admins' queue, newest
 * first; ?status=approved the approved requests not yet sent, oldest approval first.
 */
export const handler = httpHandler('listPendingWithdrawalRequests', async ({ query }) => ({
  body:
    query.status === 'approved'
      ? (await listUnsentRequests()).map((item) => toRequestDto(item, { forAdmin: true }))
      : await listPendingRequests(),
}));
