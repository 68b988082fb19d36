/**
 * What the data-access modules refuse, in the domain's own words. They know nothing of HTTP:
 * the wrapper in http.ts gives each kind its status and message, in one place (its `catch`).
 * The message here is for logs only; it never reaches a caller.
 *
 * Refused, at the end, is how the floors above data (cognito, money) refuse a request with words
 * of the caller's own (a wrong code, a move the balance cannot bear): they stand below http too.
 */

export type DomainErrorKind =
  | 'clientNotFound'
  | 'requestAlreadyDecided'
  | 'idempotencyKeyReused'
  | 'portfolioBusy'
  | 'listCursorInvalid'
  | 'exportNotFound'
  | 'requestNoLongerCovered'
  | 'closeRefusedBalance'
  | 'closeRefusedRequests'
  | 'closeRefusedActions'
  | 'periodInvalid'
  | 'statementNotFound';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * A DomainError class of `kind`, named `name` (as logs show it), whose message for the logs
 * `describe` words from what its constructor is given.
 */
function domainError<A extends unknown[]>(name: string, kind: DomainErrorKind, describe: (...args: A) => string) {
  const refusal = class extends DomainError {
    readonly kind = kind;
    constructor(...args: A) {
      super(describe(...args));
    }
  };
  Object.defineProperty(refusal, 'name', { value: name });
  return refusal;
}

/** No live client by that id: never created, or deleted (a tombstone). */
export const ClientNotFound = domainError('ClientNotFound', 'clientNotFound', (sub: string) => `no live client ${sub}`);

/** The withdrawal request was approved or rejected by someone else first. */
export const RequestAlreadyDecided = domainError(
  'RequestAlreadyDecided',
  'requestAlreadyDecided',
  (requestId: string) => `withdrawal request ${requestId} is already decided`,
);

/** An idempotency key already recorded the answer to a different request. */
export const IdempotencyKeyReused = domainError(
  'IdempotencyKeyReused',
  'idempotencyKeyReused',
  (sub: string) => `idempotency key of client ${sub} reused with a different request`,
);

/** The portfolio kept changing under a change: every attempt lost its optimistic-concurrency race. */
export const PortfolioBusy = domainError(
  'PortfolioBusy',
  'portfolioBusy',
  (sub: string, attempts: number) => `portfolio of client ${sub} changed during each of ${attempts} attempts`,
);

/** A list cursor that is not one this server made for the same order and search. */
export const ListCursorInvalid = domainError('ListCursorInvalid', 'listCursorInvalid', () => 'list cursor refused');

/** No balances export by that id (never started, or expired a day after it was). */
export const ExportNotFound = domainError(
  'ExportNotFound',
  'exportNotFound',
  (exportId: string) => `no balances export ${exportId}`,
);

/** A request's approval the client's eligible profit no longer covers (a balance edit since lowered it). */
export const RequestNoLongerCovered = domainError(
  'RequestNoLongerCovered',
  'requestNoLongerCovered',
  (requestId: string) => `withdrawal request ${requestId} exceeds the eligible profit`,
);

/** What keeps an account open: money in it, a withdrawal request or a four-eyes action waiting on it. */
export type CloseRefusal = 'closeRefusedBalance' | 'closeRefusedRequests' | 'closeRefusedActions';

/** The account cannot be closed while `reason` holds: the money leaves through a recorded withdrawal first. */
export class AccountStillOpen extends DomainError {
  readonly kind: CloseRefusal;

  constructor(sub: string, reason: CloseRefusal) {
    super(`client ${sub} cannot be closed: ${reason}`);
    this.kind = reason;
  }
}

/** A statement period that ends before it starts. */
export const PeriodInvalid = domainError(
  'PeriodInvalid',
  'periodInvalid',
  (from: number, to: number) => `period from ${from} ends before it starts (${to})`,
);

/** No statement of the period to regenerate: the monthly job wrote none for the client (no activity, or not yet). */
export const StatementNotFound = domainError(
  'StatementNotFound',
  'statementNotFound',
  (sub: string, period: string) => `no statement of ${period} for client ${sub}`,
);

/**
 * What a refusal of Refused is, whatever answers it: input the caller must fix, a sign-in that
 * no longer holds, an act this caller may not do, a thing of theirs that is not there, a rule the
 * current state breaks, or too many attempts. The http layer gives each its status (http.ts).
 */
export type RefusalKind = 'badInput' | 'signedOut' | 'notAllowed' | 'notFound' | 'conflict' | 'tooManyAttempts';

/** A refusal whose message is the caller's to read, in the product's words (shared/messages.ts, shared/refusals.ts). */
export class Refused extends Error {
  constructor(
    readonly refusal: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
