import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { refuseOwnAccount } from '../lib/money/account-owners';
import { actorEmail } from '../lib/http/actor';
import { requireProfile } from '../lib/data/profile-reads';
import { getRequest, rejectRequest, toRequestDto } from '../lib/data/withdrawal-requests';
import { refusals } from '../../shared/refusals';

/** An admin rejects a pending request with a reason; the profit becomes available again. Never a request of their own account (403). */
export const handler = httpHandler('rejectWithdrawalRequest', async ({ caller, params, body, now }) => {
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(refusals.requestNotFound);
  const by = await actorEmail(caller);
  refuseOwnAccount({ sub: caller.sub, email: by }, await requireProfile(request.sub, true), 'reject request');
  const rejected = await rejectRequest(request, { by, now, reason: body.reason });
  return { body: { success: true, request: toRequestDto(rejected, { forAdmin: true }) } };
});
