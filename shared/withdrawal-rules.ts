/**
 * Limits on clients' withdrawal requests. Every request e-mails every administrator and joins
 * their queue, so a client must not be able to flood either: a request is for at least
 * MIN_WITHDRAWAL_REQUEST_CENTS, and a client has at most MAX_PENDING_WITHDRAWAL_REQUESTS waiting
 * for a decision at once. The API enforces both (validation.ts for the amount; the cap inside the
 * request's own transaction, lambdas/lib/data/withdrawal-requests.ts); the web's dialog checks the
 * amount before sending and states both.
 */
import type { Notice } from './messages';
import { type Cents, formatUsd } from './money';

/** $100.00: below it a request is not worth an administrator's review. */
export const MIN_WITHDRAWAL_REQUEST_CENTS: Cents = 10_000;

/** Requests a client may have waiting for a decision at once. */
export const MAX_PENDING_WITHDRAWAL_REQUESTS = 3;

/**
 * The limits' words, in the voice of the amount messages. They live beside the limits, not
 * in messages.ts: the first screen loads messages.ts whole, within its gzip budget (web/build.ts),
 * and only the dashboard's dialog and the API ever say these.
 */
export const withdrawalLimitMessages = {
  belowMinimum: {
    title: 'Amount Too Low',
    description: `The minimum withdrawal request is ${formatUsd(MIN_WITHDRAWAL_REQUEST_CENTS)}`,
  } satisfies Notice,
  tooManyPending: `You already have ${MAX_PENDING_WITHDRAWAL_REQUESTS} withdrawal requests waiting for a decision. Please wait until one of them is decided before requesting again.`,
} as const;
