/**
 * The client withdraws its own pending request: the request, the count of waiting requests and
 * the activity log's entry are one transaction, and the reserved profit is free to request again.
 * Of a cancel and an administrator's decision at the same moment exactly one wins: each is a
 * write conditioned on the request still pending, so the other gets a 409.
 */
import { apiMessages } from '../../shared/messages';
import { Conflict, NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { requestIds } from '../lib/data/table';
import { cancelRequest, getRequest, toRequestDto } from '../lib/data/withdrawal-requests';
import { refusals } from '../../shared/refusals';

export const handler = httpHandler('cancelWithdrawalRequest', async ({ params, now }) => {
  // The id names its client: another client's request answers as one that does not exist, unread.
  if (requestIds.parse(params.id)?.sub !== params.uid) throw new NotFound(refusals.requestNotFound);
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(refusals.requestNotFound);
  if (request.status !== 'pending') throw new Conflict(apiMessages.requestAlreadyDecided);
  const cancelled = await cancelRequest(request, now);
  return { body: { success: true, request: toRequestDto(cancelled, { forAdmin: false }) } };
});
