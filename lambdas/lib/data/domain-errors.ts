/**
 * What the data-access modules refuse, in the domain's own words. They know nothing of HTTP:
 * the wrapper in http.ts gives each kind its status and message, in one place (its `catch`).
 * The message here is for logs only; it never reaches a caller.
 */

export type DomainErrorKind = 'clientNotFound' | 'requestAlreadyDecided' | 'idempotencyKeyReused' | 'portfolioBusy' | 'listCursorInvalid' | 'exportNotFound' | 'requestNoLongerCovered';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** No live client by that id: never created, or deleted (a tombstone). */
export class ClientNotFound extends DomainError {
  readonly kind = 'clientNotFound';
  constructor(readonly sub: string) {
    super(`no live client ${sub}`);
  }
}

/** The withdrawal request was approved or rejected by someone else first. */
export class RequestAlreadyDecided extends DomainError {
  readonly kind = 'requestAlreadyDecided';
  constructor(readonly requestId: string) {
    super(`withdrawal request ${requestId} is already decided`);
  }
}

/** An idempotency key already recorded the answer to a different request. */
export class IdempotencyKeyReused extends DomainError {
  readonly kind = 'idempotencyKeyReused';
  constructor(readonly sub: string) {
    super(`idempotency key of client ${sub} reused with a different request`);
  }
}

/** The portfolio kept changing under a change: every attempt lost its optimistic-concurrency race. */
export class PortfolioBusy extends DomainError {
  readonly kind = 'portfolioBusy';
  constructor(
    readonly sub: string,
    readonly attempts: number,
  ) {
    super(`portfolio of client ${sub} changed during each of ${attempts} attempts`);
  }
}

/** A list cursor that is not one this server made for the same order and search. */
export class ListCursorInvalid extends DomainError {
  readonly kind = 'listCursorInvalid';
  constructor() {
    super('list cursor refused');
  }
}

/** No balances export by that id (never started, or expired a day after it was). */
export class ExportNotFound extends DomainError {
  readonly kind = 'exportNotFound';
  constructor(readonly exportId: string) {
    super(`no balances export ${exportId}`);
  }
}

/** A request's approval the client's eligible profit no longer covers (a balance edit since lowered it). */
export class RequestNoLongerCovered extends DomainError {
  readonly kind = 'requestNoLongerCovered';
  constructor(readonly requestId: string) {
    super(`withdrawal request ${requestId} exceeds the eligible profit`);
  }
}
