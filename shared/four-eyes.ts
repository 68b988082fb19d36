/**
 * The four-eyes rule: a money move larger than the stage's threshold is not applied by the
 * administrator who asks for it; it waits as a pending action until a different administrator
 * approves it. The size of a move is what it changes the balance by (a balance edit: the
 * difference between the balance and the one asked for). At the threshold a move still applies at once.
 */
import type { Cents } from './money';

export function needsSecondApproval(changeCents: Cents, thresholdCents: Cents): boolean {
  return Math.abs(changeCents) > thresholdCents;
}

/** The threshold a stage without its own setting would use: the local stack's default ($10,000). */
export const LOCAL_FOUR_EYES_THRESHOLD_CENTS = 1_000_000;
