import { centsToDollars } from '../../shared/money';
import { runMove } from '../lib/money/admin-moves';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';

/**
 * An admin sets the balance. The ledger stays the truth: the change is recorded as an
 * adjustment entry (none when the balance already is that). A change larger than the four-eyes
 * threshold waits for a second administrator (202).
 */
export const handler = httpHandler('updateBalance', async ({ caller, params, body, now }) =>
  runMove(
    { kind: 'balance', sub: params.id, targetCents: body.balance },
    {
      actor: { sub: caller.sub, email: await actorEmail(caller) },
      now,
      answer: ({ newBalanceCents }) => ({ body: { success: true, newBalance: centsToDollars(newBalanceCents) } }),
    },
  ),
);
