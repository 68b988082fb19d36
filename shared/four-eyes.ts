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

/** How far back the sums of moved money reach: a rolling day (docs/decisions, "A rolling day of moves"). */
export const MOVES_WINDOW_MS = 24 * 3600 * 1000;

/** A deposit dated further back than this always waits for a second administrator, whatever its size. */
export const BACKDATE_NEEDS_APPROVAL_MS = 31 * 24 * 3600 * 1000;

/** The daily limit a stage without its own setting would use: the local stack's default ($100,000). */
export const LOCAL_ADMIN_DAILY_LIMIT_CENTS = 10_000_000;

/** One applied move in a rolling sum: when it was recorded and how much it moved the balance (always >= 0). */
export interface MovedCents {
  at: number;
  cents: Cents;
}

/**
 * The moves still inside the window at `now`: what is kept, so the list never grows past a day's
 * moves. A move recorded after `now` counts too: a concurrent request that arrived a moment later
 * committed first, and this one, planned again, must see it.
 */
export function withinWindow(moves: readonly MovedCents[] | undefined, now: number): MovedCents[] {
  return (moves ?? []).filter((move) => move.at > now - MOVES_WINDOW_MS);
}

/** What the moves inside the window at `now` add up to. */
export function windowSum(moves: readonly MovedCents[] | undefined, now: number): Cents {
  return withinWindow(moves, now).reduce((sum, move) => sum + move.cents, 0);
}

/** Why a move waits for a second administrator (secondApprovalReason: null when one may apply it alone). */
export const APPROVAL_REASONS = ['threshold', 'adminDailyLimit', 'backdated', 'adminAccount'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

export interface MoveSizes {
  /** What the client's balance moved in the window, this move included. */
  clientWindowCents: Cents;
  /** What the administrator applied alone in the window, this move included. */
  adminDayCents: Cents;
  /** How far back the move is dated (0 for one dated now). */
  backdatedMs: number;
  /** The client account is an administrator's own. */
  adminAccount: boolean;
}

export function secondApprovalReason(
  sizes: MoveSizes,
  limits: { thresholdCents: Cents; adminDailyLimitCents: Cents },
): ApprovalReason | null {
  if (sizes.adminAccount) return 'adminAccount';
  if (sizes.backdatedMs > BACKDATE_NEEDS_APPROVAL_MS) return 'backdated';
  if (needsSecondApproval(sizes.clientWindowCents, limits.thresholdCents)) return 'threshold';
  if (sizes.adminDayCents > limits.adminDailyLimitCents) return 'adminDailyLimit';
  return null;
}
