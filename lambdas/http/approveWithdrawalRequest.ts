/**
 * An admin approves a pending request: the withdrawal entry, the lower balance, the request's new
 * status and the client's count of waiting requests are one transaction. 409 if the balance no longer covers it or the
 * request was decided meanwhile.
 */
import { apiMessages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { Conflict, NotFound } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { toTransactionDto } from '../lib/ledger';
import { recordEntry } from '../lib/money-moves';
import { actorEmail } from '../lib/profiles';
import { afterDecision, decided, decisionUpdate, getRequest, toRequestDto } from '../lib/withdrawal-requests';

export const handler = httpHandler('approveWithdrawalRequest', async ({ caller, params, now }) => {
  const request = await getRequest(params.id);
  if (!request) throw new NotFound(apiMessages.requestNotFound);
  if (request.status !== 'pending') throw new Conflict(apiMessages.requestAlreadyDecided);
  const by = await actorEmail(caller);
  const decision = { status: 'approved' as const, by, now };
  return recordEntry({
    sub: request.sub,
    now,
    note: 'Profit withdrawal request approved',
    requestId: request.requestId,
    adminEmail: by,
    entryFor: () => ({ type: 'withdrawal', amountCents: request.amountCents, at: now }),
    check: (profile) => {
      if (request.amountCents > profile.balanceCents) throw new Conflict(apiMessages.insufficientBalance);
    },
    extraWrites: () => [{ Update: decisionUpdate(request, decision) }],
    // The client has one request fewer waiting (the cap on pending requests), in the same transaction.
    extraProfileSet: afterDecision,
    onExtraConditionFailed: () => {
      throw new Conflict(apiMessages.requestAlreadyDecided);
    },
    answer: ({ newBalanceCents, entry }) => ({
      body: {
        success: true,
        newBalance: centsToDollars(newBalanceCents),
        request: toRequestDto(decided(request, decision), { forAdmin: true }),
        transaction: toTransactionDto(entry, { forAdmin: true }),
      },
    }),
  });
});
