import { centsToDollars } from '../../shared/money';
import { runMove } from '../lib/money/admin-moves';
import { httpHandler } from '../lib/http/http';
import { toTransactionDto } from '../lib/data/ledger';
import { actorEmail } from '../lib/http/actor';

/**
 * An admin pays money out. It may not exceed the balance (409, nothing written); above the
 * four-eyes threshold it waits for a second administrator (202).
 */
export const handler = httpHandler('processWithdrawal', async ({ caller, params, body, now, idempotencyScope }) => {
  const sub = params.id;
  return runMove(
    { kind: 'withdrawal', sub, amountCents: body.amount, note: body.note },
    {
      actor: { sub: caller.sub, email: await actorEmail(caller) },
      now,
      idempotency: idempotencyScope ? { key: idempotencyScope, request: { sub, ...body } } : undefined,
      answer: ({ newBalanceCents, entry }) => ({
        body: {
          success: true,
          newBalance: centsToDollars(newBalanceCents),
          transaction: toTransactionDto(entry!, { forAdmin: true }),
        },
      }),
    },
  );
});
