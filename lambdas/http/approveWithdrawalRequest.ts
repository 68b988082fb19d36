/**
 * An admin approves a pending request: the withdrawal entry, the lower balance, the request's new
 * status and the client's count of waiting requests are one transaction. 409 if the balance or
 * the eligible profit no longer covers it, or the request was decided meanwhile. Above the
 * four-eyes threshold the approval waits for a second administrator (202).
 */
import { apiMessages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { runMove } from '../lib/money/admin-moves';
import { Conflict, NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { toTransactionDto } from '../lib/data/ledger';
import { actorEmail } from '../lib/http/actor';
import { decided, getRequest, toRequestDto } from '../lib/data/withdrawal-requests';
import { refusals } from '../../shared/refusals';

export const handler = httpHandler('approveWithdrawalRequest', async ({ caller, params, now }) => {
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(refusals.requestNotFound);
  if (request.status !== 'pending') throw new Conflict(apiMessages.requestAlreadyDecided);
  const by = await actorEmail(caller);
  return runMove(
    { kind: 'approveRequest', request },
    {
      actor: { sub: caller.sub, email: by },
      now,
      answer: ({ newBalanceCents, entry }) => ({
        body: {
          success: true,
          newBalance: centsToDollars(newBalanceCents),
          request: toRequestDto(decided(request, { status: 'approved', by, now }), { forAdmin: true }),
          transaction: toTransactionDto(entry!, { forAdmin: true }),
        },
      }),
    },
  );
});
