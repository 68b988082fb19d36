/**
 * A client asks for a profit withdrawal. The available profit is re-checked inside the same
 * transaction that records the request (it is conditioned on the portfolio's version), so two
 * racing requests cannot together exceed it.
 */
import { apiMessages, validation } from '../../shared/messages';
import { formatUsd } from '../../shared/money';
import { BadRequest, Conflict } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { newId } from '../lib/ids';
import { transactOnProfile } from '../lib/profile-transaction';
import { eligibilityOf, newRequestItem, newRequestWrite, toRequestDto } from '../lib/withdrawal-requests';

export const handler = httpHandler('requestWithdrawal', async ({ caller, body, now, idempotencyScope }) => {
  return transactOnProfile(
    caller.sub,
    async (profile) => {
      if (body.userEmail.toLowerCase() !== profile.email) throw new BadRequest(apiMessages.userEmailMismatch);
      const { totalEligibleProfitCents } = await eligibilityOf(profile, now, true);
      if (body.amount > totalEligibleProfitCents) throw new Conflict(validation.amountTooHigh(formatUsd(totalEligibleProfitCents)).description);
      const item = newRequestItem(caller.sub, newId(now), profile.email, body.amount, now);
      return {
        writes: [newRequestWrite(item)],
        answer: { status: 201, body: { success: true, request: toRequestDto(item, { forAdmin: false }) } },
      };
    },
    { now, idempotency: idempotencyScope ? { key: idempotencyScope, request: body } : undefined },
  );
});
