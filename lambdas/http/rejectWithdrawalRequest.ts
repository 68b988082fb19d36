import { apiMessages } from '../../shared/messages';
import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/data/profiles';
import { getRequest, rejectRequest, toRequestDto } from '../lib/data/withdrawal-requests';

/** An admin rejects a pending request with a reason; the profit becomes available again. */
export const handler = httpHandler('rejectWithdrawalRequest', async ({ caller, params, body, now }) => {
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(apiMessages.requestNotFound);
  const rejected = await rejectRequest(request, { by: await actorEmail(caller), now, reason: body.reason });
  return { body: { success: true, request: toRequestDto(rejected, { forAdmin: true }) } };
});
