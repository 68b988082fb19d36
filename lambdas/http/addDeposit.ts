import { centsToDollars } from '../../shared/money';
import { checkDepositDate } from '../../shared/validation';
import { runMove } from '../lib/money/admin-moves';
import { BadRequest } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { toTransactionDto } from '../lib/data/ledger';
import { actorEmail } from '../lib/http/actor';

/** An admin records a deposit; above the four-eyes threshold it waits for a second administrator (202). */
export const handler = httpHandler('addDeposit', async ({ caller, params, body, now, idempotencyScope }) => {
  const sub = params.id;
  const at = body.timestamp ?? now;
  const dateProblem = checkDepositDate(at, now);
  if (dateProblem) throw new BadRequest(dateProblem);
  return runMove(
    { kind: 'deposit', sub, amountCents: body.amount, at, note: body.note },
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
