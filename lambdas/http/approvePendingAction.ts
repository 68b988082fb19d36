/**
 * A second administrator approves a pending action: the move is applied once, atomically, and
 * re-checked as a move made now (the client still there, the balance and, for a request, the
 * eligible profit still covering it, a deposit's date still in range, a balance edit's balance
 * unchanged, nobody acting on their own account). The action's decision is a conditional write in the same
 * transaction, so of two approvers at once one applies it and the other gets a 409. The ledger
 * entry names the proposer and the approver.
 */
import { apiMessages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { samePerson } from '../lib/money/account-owners';
import { type Move, runMove } from '../lib/money/admin-moves';
import { Conflict, Forbidden, NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { toTransactionDto } from '../lib/data/ledger';
import {
  type ActionDecision,
  actionDecisionWrite,
  decidedAction,
  getAction,
  type PendingActionItem,
  toActionDto,
} from '../lib/data/pending-actions';
import { actorEmail } from '../lib/http/actor';
import { getRequest } from '../lib/data/withdrawal-requests';
import { refusals } from '../../shared/refusals';

async function moveOf(action: PendingActionItem): Promise<Move> {
  switch (action.kind) {
    case 'deposit':
      return {
        kind: 'deposit',
        sub: action.clientId,
        amountCents: action.amountCents,
        at: action.depositAt ?? Date.parse(action.proposedAt),
        note: action.note ?? '',
      };
    case 'withdrawal':
      return { kind: 'withdrawal', sub: action.clientId, amountCents: action.amountCents, note: action.note ?? '' };
    case 'balance':
      return { kind: 'balance', sub: action.clientId, targetCents: action.amountCents };
    case 'approveRequest': {
      const request = action.requestId ? await getRequest(action.requestId) : null;
      if (!request || request.status !== 'pending') throw new Conflict(apiMessages.requestAlreadyDecided);
      return { kind: 'approveRequest', request };
    }
  }
}

export const handler = httpHandler('approvePendingAction', async ({ caller, params, now }) => {
  const action = await getAction(params.id);
  if (!action) throw new NotFound(refusals.actionNotFound);
  if (action.status !== 'pending') throw new Conflict(apiMessages.actionAlreadyDecided);
  if (action.proposedBySub === caller.sub) throw new Forbidden(apiMessages.cannotApproveOwnAction);
  const approver = { sub: caller.sub, email: await actorEmail(caller) };
  // The proposer under another sign-in of the same address is still the proposer.
  if (samePerson(approver, { sub: action.proposedBySub, email: action.proposedBy }))
    throw new Forbidden(refusals.approverIsProposer);
  const decision: ActionDecision = { status: 'approved', by: approver.email, bySub: approver.sub, now };
  const answer = await runMove(await moveOf(action), {
    actor: { sub: action.proposedBySub, email: action.proposedBy },
    now,
    approval: { action, approver, extraWrites: () => [actionDecisionWrite(action, decision)] },
    answer: ({ newBalanceCents, entry }) => ({
      body: {
        success: true as const,
        action: toActionDto(decidedAction(action, decision)),
        newBalance: centsToDollars(newBalanceCents),
        ...(entry ? { transaction: toTransactionDto(entry, { forAdmin: true }) } : {}),
      },
    }),
  });
  // An approval applies the move: it is never itself proposed.
  if ('pending' in answer.body) throw new Error('an approval was proposed again');
  return { body: answer.body };
});
