import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { refuseOwnAccount } from '../lib/money/account-owners';
import { markSent } from '../lib/data/payouts';
import { getRequest, toRequestDto } from '../lib/data/withdrawal-requests';
import { refusals } from '../../shared/refusals';

/**
 * POST /api/admin/withdrawal-requests/{id}/sent: an approved request was paid, on `sentAt` with the
 * bank's `reference`. Once (409 after); not before its approval's day nor in the future (400);
 * never a payout to the administrator's own account (403).
 */
export const handler = httpHandler('markRequestSent', async ({ caller, params, body, now }) => {
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(refusals.requestNotFound);
  const by = await actorEmail(caller);
  refuseOwnAccount({ sub: caller.sub, email: by }, { sub: request.sub, email: request.userEmail }, 'mark payout sent');
  const sent = await markSent(request, { reference: body.reference, sentAt: body.sentAt, by, now });
  return { body: { success: true, request: toRequestDto(sent, { forAdmin: true }) } };
});
