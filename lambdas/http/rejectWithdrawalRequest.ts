import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiMessages } from '../../shared/messages';
import { rejectBody } from '../../shared/validation';
import { ddb } from '../lib/db';
import { Conflict, NotFound } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { actorEmail } from '../lib/profiles';
import { decided, decisionUpdate, getRequest, toRequestDto } from '../lib/withdrawal-requests';

/** An admin rejects a pending request with a reason; the profit becomes available again. */
export const handler = httpHandler('rejectWithdrawalRequest', rejectBody, async ({ caller, params, body, now }) => {
  const request = await getRequest(params.id ?? '');
  if (!request) throw new NotFound(apiMessages.requestNotFound);
  const decision = { status: 'rejected' as const, by: await actorEmail(caller), now, reason: body.reason };
  try {
    await ddb.send(new UpdateCommand(decisionUpdate(request, decision)));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new Conflict(apiMessages.requestAlreadyDecided);
    throw error;
  }
  return { body: { success: true, request: toRequestDto(decided(request, decision), { forAdmin: true }) } };
});
