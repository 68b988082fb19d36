/**
 * An administrator rejects a pending action with a reason: nothing moves. The proposer may
 * withdraw their own proposal this way (refusing a move needs no second pair of eyes). The
 * decision, its activity entry and (for a request's approval) freeing the request are one
 * transaction; a decision made first by someone else is a 409.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { apiMessages } from '../../shared/messages';
import { activityPut } from '../lib/data/activity-log';
import { cancellationReasons, ddb } from '../lib/runtime/db';
import { Conflict, NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import {
  type ActionDecision,
  actionCountedOutWrite,
  actionDecisionWrite,
  decidedAction,
  getAction,
  toActionDto,
} from '../lib/data/pending-actions';
import { actorEmail } from '../lib/http/actor';
import { requestAwaitingClear } from '../lib/money/proposals';
import { keys, requestIds } from '../lib/data/table';
import { refusals } from '../../shared/refusals';

export const handler = httpHandler('rejectPendingAction', async ({ caller, params, body, now }) => {
  const action = await getAction(params.id);
  if (!action) throw new NotFound(refusals.actionNotFound);
  if (action.status !== 'pending') throw new Conflict(apiMessages.actionAlreadyDecided);
  const by = await actorEmail(caller);
  const decision: ActionDecision = { status: 'rejected', by, bySub: caller.sub, now, reason: body.reason };
  const request = action.requestId ? requestIds.parse(action.requestId) : null;
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          actionDecisionWrite(action, decision),
          activityPut({
            kind: 'action-rejected',
            actor: by,
            at: now,
            clientId: action.clientId,
            clientEmail: action.clientEmail,
            amountCents: action.amountCents,
            actionKind: action.kind,
            actionId: action.actionId,
            proposedBy: action.proposedBy,
            requestId: action.requestId,
            reason: body.reason,
          }),
          ...(request ? [requestAwaitingClear(keys.request(request.sub, request.requestKey), action.actionId)] : []),
          // One pending action fewer on the client's profile, which closing the account checks.
          ...actionCountedOutWrite(action),
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)[0] === 'ConditionalCheckFailed')
      throw new Conflict(apiMessages.actionAlreadyDecided);
    throw error;
  }
  return { body: { success: true, action: toActionDto(decidedAction(action, decision)) } };
});
