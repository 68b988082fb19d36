/**
 * What the admin pages' tests share of the server's data: a deposit above the four-eyes threshold
 * that another administrator proposed for Alice, waiting for a decision.
 */
import type { PendingActionDto } from '../api/admin-types';

export const othersDeposit: PendingActionDto = {
  id: 'a1',
  kind: 'deposit',
  status: 'pending',
  clientId: 'c1',
  clientEmail: 'alice@example.com',
  clientName: 'Alice Example',
  amount: 25_000,
  change: 25_000,
  balanceAtProposal: 1500.5,
  proposedBy: 'other-admin@example.com',
  proposedAt: '2025-03-01T10:00:00.000Z',
};
