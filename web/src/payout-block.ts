/**
 * Whether a withdrawal can be paid to the client's payout account now: none set, or one changed
 * so recently that its cooling-off still runs, stops a request (the server refuses it, 409). Apart
 * from the words (payout-words.ts) so that the dashboard's first chunk, which hides the request
 * button by it, carries no more than this.
 */
import type { MaskedPayoutAccountDto } from '../../shared/api';

/** Whether the account was changed too recently for a withdrawal to be paid to it (its cooling-off runs). */
export const inCoolingOff = (account: Pick<MaskedPayoutAccountDto, 'usableFrom'>, now = Date.now()): boolean =>
  now < Date.parse(account.usableFrom);

/** Why no withdrawal can be paid yet: no payout account (`none`), or one still in its cooling-off. */
export type PayoutBlock = { kind: 'none' } | { kind: 'coolingOff'; usableFrom: string };

/** What stops a request now, or null (also while the account is not known: the server checks it again). */
export function payoutBlock(account: MaskedPayoutAccountDto | null | undefined, now = Date.now()): PayoutBlock | null {
  if (account === null) return { kind: 'none' };
  return account && inCoolingOff(account, now) ? { kind: 'coolingOff', usableFrom: account.usableFrom } : null;
}
