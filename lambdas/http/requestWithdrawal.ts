/**
 * A client asks for a profit withdrawal. The available profit and the cap on requests waiting for
 * a decision are re-checked inside the same transaction that records the request (it is
 * conditioned on the portfolio's version and raises the count of waiting requests), so racing
 * requests can neither together exceed the profit nor get past the cap. The minimum amount is the
 * body's own rule (shared/validation.ts).
 */
import { validation } from '../../shared/messages';
import { formatUsd } from '../../shared/money';
import { MAX_PENDING_WITHDRAWAL_REQUESTS, withdrawalLimitMessages } from '../../shared/withdrawal-rules';
import { BadRequest, Conflict } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { newId } from '../lib/data/ids';
import { transactOnProfile } from '../lib/data/profile-transaction';
import { newRequestItem, newRequestWrite, requestChecks, toRequestDto } from '../lib/data/withdrawal-requests';
import { refusals } from '../../shared/refusals';

export const handler = httpHandler('requestWithdrawal', async ({ caller, body, now, idempotencyScope }) => {
  return transactOnProfile(
    caller.sub,
    async (profile) => {
      if (body.userEmail.toLowerCase() !== profile.email) throw new BadRequest(refusals.userEmailMismatch);
      const { eligibility, pending } = await requestChecks(profile, now);
      if (pending >= MAX_PENDING_WITHDRAWAL_REQUESTS) throw new Conflict(withdrawalLimitMessages.tooManyPending);
      const { totalEligibleProfitCents } = eligibility;
      if (body.amount > totalEligibleProfitCents)
        throw new Conflict(validation.amountTooHigh(formatUsd(totalEligibleProfitCents)).description);
      const item = newRequestItem(caller.sub, newId(now), profile.email, body.amount, now);
      return {
        profileSet: { pendingRequests: pending + 1 },
        writes: [newRequestWrite(item)],
        answer: { status: 201, body: { success: true, request: toRequestDto(item, { forAdmin: false }) } },
      };
    },
    { now, idempotency: idempotencyScope ? { key: idempotencyScope, request: body } : undefined },
  );
});
