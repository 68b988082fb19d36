import { apiMessages } from '../../shared/messages';
import { NotFound } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { actorEmail } from '../lib/profiles';
import { getRequest, rejectRequest, toRequestDto } from '../lib/withdrawal-requests';

/** An admin rejects a pending request with a reason; the profit becomes available again. */
export const handler = httpHandler('rejectWithdrawalRequest', async ({ caller, params, body, now }) => {
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(apiMessages.requestNotFound);
  const rejected = await rejectRequest(request, { by: await actorEmail(caller), now, reason: body.reason });
  return { body: { success: true, request: toRequestDto(rejected, { forAdmin: true }) } };
});
