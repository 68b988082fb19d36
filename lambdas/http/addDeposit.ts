import { centsToDollars } from '../../shared/money';
import { checkDepositDate } from '../../shared/validation';
import { BadRequest } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { toTransactionDto } from '../lib/ledger';
import { recordEntry } from '../lib/money-moves';
import { actorEmail } from '../lib/profiles';

export const handler = httpHandler('addDeposit', async ({ caller, params, body, now, idempotencyScope }) => {
  const sub = params.id;
  const at = body.timestamp ?? now;
  const dateProblem = checkDepositDate(at, now);
  if (dateProblem) throw new BadRequest(dateProblem);
  return recordEntry({
    sub,
    now,
    note: body.note,
    adminEmail: await actorEmail(caller),
    entryFor: () => ({ type: 'deposit', amountCents: body.amount, at: Math.min(at, now) }),
    answer: ({ newBalanceCents, entry }) => ({
      body: { success: true, newBalance: centsToDollars(newBalanceCents), transaction: toTransactionDto(entry, { forAdmin: true }) },
    }),
    idempotency: idempotencyScope ? { key: idempotencyScope, request: { sub, ...body } } : undefined,
  });
});
