import { adjustmentTo } from '../../shared/growth';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { recordEntry } from '../lib/money-moves';
import { actorEmail, balanceStateOf } from '../lib/profiles';

/**
 * An admin sets the balance. The ledger stays the truth: the change is recorded as an
 * adjustment entry (none when the balance already is that).
 */
export const handler = httpHandler('updateBalance', async ({ caller, params, body, now }) => {
  const sub = params.id;
  return recordEntry({
    sub,
    now,
    note: 'Balance edited',
    adminEmail: await actorEmail(caller),
    entryFor: (profile) => {
      const adjustment = adjustmentTo(balanceStateOf(profile), body.balance, now);
      return adjustment && { type: 'adjustment', ...adjustment };
    },
    answer: ({ newBalanceCents }) => ({ body: { success: true, newBalance: centsToDollars(newBalanceCents) } }),
  });
});
