/**
 * A client asks for a profit withdrawal. The available profit and the cap on requests waiting for
 * a decision are re-checked inside the same transaction that records the request (it is
 * conditioned on the portfolio's version and raises the count of waiting requests), so racing
 * requests can neither together exceed the profit nor get past the cap. The minimum amount is the
 * body's own rule (shared/validation.ts). The request pays to the client's payout account as it
 * is now, recorded on it; none, or one still in its cooling-off, refuses it (409). A change of the
 * account moves the profile's version, so a request planned on the account before it fails and
 * plans again. A client who has not accepted the current client agreement is refused (403).
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
import { payoutMessages } from '../../shared/payout-account';
import { formatUtcDateTime } from '../../shared/utc-format';
import { getPayoutAccount, type PayoutAccountItem } from '../lib/data/payout-accounts';
import { requireCurrentAgreement } from '../lib/data/client-agreement';
import { config } from '../lib/runtime/config';

/** The client's payout account, if a request may pay to it now. */
async function usablePayoutAccount(sub: string, now: number): Promise<PayoutAccountItem> {
  const account = await getPayoutAccount(sub, true);
  if (!account) throw new Conflict(payoutMessages.none);
  if (now < Date.parse(account.usableFrom))
    throw new Conflict(payoutMessages.coolingOff(formatUtcDateTime(account.usableFrom)));
  return account;
}

export const handler = httpHandler('requestWithdrawal', async ({ caller, body, now, idempotencyScope }) => {
  return transactOnProfile(
    caller.sub,
    async (profile) => {
      if (body.userEmail.toLowerCase() !== profile.email) throw new BadRequest(refusals.userEmailMismatch);
      requireCurrentAgreement(profile, config.clientAgreement);
      const { eligibility, pending } = await requestChecks(profile, now);
      if (pending >= MAX_PENDING_WITHDRAWAL_REQUESTS) throw new Conflict(withdrawalLimitMessages.tooManyPending);
      const { totalEligibleProfitCents } = eligibility;
      if (body.amount > totalEligibleProfitCents)
        throw new Conflict(validation.amountTooHigh(formatUsd(totalEligibleProfitCents)).description);
      const payTo = await usablePayoutAccount(caller.sub, now);
      const item = newRequestItem(caller.sub, newId(now), profile.email, body.amount, now, payTo);
      return {
        profileSet: { pendingRequests: pending + 1 },
        writes: [newRequestWrite(item)],
        answer: { status: 201, body: { success: true, request: toRequestDto(item, { forAdmin: false }) } },
      };
    },
    { now, idempotency: idempotencyScope ? { key: idempotencyScope, request: body } : undefined },
  );
});
