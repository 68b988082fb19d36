/**
 * Typed errors that carry their HTTP status. Handlers throw them; the wrapper in http.ts maps
 * them to `{ error }` answers in one place. Anything else becomes a 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class Unauthorized extends HttpError {
  constructor(message: string) {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}
/** Too many attempts: Cognito's own limits on passwords and codes. */
export class TooManyAttempts extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}
/** A business rule refused the change (not enough balance or eligible profit, already decided). */
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
