/** The four money moves an administrator makes, as data (admin-moves.ts runs them, proposals.ts proposes them). */
import type { Cents } from '../../../shared/money';
import type { RequestItem } from '../data/withdrawal-requests';

export type Move =
  | { kind: 'deposit'; sub: string; amountCents: Cents; at: number; note: string }
  | { kind: 'withdrawal'; sub: string; amountCents: Cents; note: string }
  | { kind: 'balance'; sub: string; targetCents: Cents }
  | { kind: 'approveRequest'; request: RequestItem };
