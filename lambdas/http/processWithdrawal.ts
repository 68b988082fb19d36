import { apiMessages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { Conflict } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { toTransactionDto } from '../lib/ledger';
import { recordEntry } from '../lib/money-moves';
import { actorEmail } from '../lib/profiles';

/** An admin pays money out. It may not exceed the balance (409, nothing written). */
export const handler = httpHandler('processWithdrawal', async ({ caller, params, body, now, idempotencyScope }) => {
  const sub = params.id;
  return recordEntry({
    sub,
    now,
    note: body.note,
    adminEmail: await actorEmail(caller),
    entryFor: () => ({ type: 'withdrawal', amountCents: body.amount, at: now }),
    check: (profile) => {
      if (body.amount > profile.balanceCents) throw new Conflict(apiMessages.insufficientBalance);
    },
    answer: ({ newBalanceCents, entry }) => ({
      body: { success: true, newBalance: centsToDollars(newBalanceCents), transaction: toTransactionDto(entry, { forAdmin: true }) },
    }),
    idempotency: idempotencyScope ? { key: idempotencyScope, request: { sub, ...body } } : undefined,
  });
});
