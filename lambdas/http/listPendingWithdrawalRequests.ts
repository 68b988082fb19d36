import { apiMessages } from '../../shared/messages';
import { BadRequest } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { listPendingRequests } from '../lib/withdrawal-requests';

/** The admins' queue: GET /api/admin/withdrawal-requests?status=pending */
export const handler = httpHandler('listPendingWithdrawalRequests', undefined, async ({ query }) => {
  if (query.status !== undefined && query.status !== 'pending') throw new BadRequest(apiMessages.unsupportedStatus);
  return { body: await listPendingRequests() };
});
