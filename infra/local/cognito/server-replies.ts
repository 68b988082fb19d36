/**
 * Answers in Cognito's JSON protocol (application/x-amz-json-1.1): the error type in the body's
 * `__type` and in the `x-amzn-errortype` header, dates as epoch seconds, and Cognito's status and
 * wording for each error the operations throw.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { CognitoError, UnsupportedError } from './cognito-local-internals';
import { messageOf, realError } from './errors';

/** The HTTP status of an error type where it is not Cognito's usual 400. */
const ERROR_STATUS: Record<string, number> = {
  ForbiddenException: 403,
  MissingAuthenticationTokenException: 403,
  UnrecognizedClientException: 403,
};

/** Cognito's JSON has dates as epoch seconds; `this[key]` is the Date before its toJSON ran. */
function epochSecondDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, epochSecondDates);
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  send(res, status, { __type: type, message }, { 'x-amzn-errortype': type, 'x-amzn-errormessage': message });
}

/** Plain JSON, for what is not the Cognito API (the issuer's documents, refusals of the port). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** An operation's failure as Cognito answers it: its errors in its words, an unsupported one as such, anything else a 500. */
export function replyError(res: ServerResponse, logger: Logger, target: string, e: unknown): void {
  if (e instanceof CognitoError) {
    const mapped = realError(e);
    const type = String(mapped.code);
    logger.info({ target, type, message: mapped.message }, 'error');
    sendError(res, ERROR_STATUS[type] ?? 400, type, mapped.message);
  } else if (e instanceof UnsupportedError) {
    logger.warn({ target, message: e.message }, 'unsupported');
    sendError(res, 400, 'UnsupportedOperationException', `Cognito Local unsupported feature: ${e.message}`);
  } else {
    logger.error({ target, err: e }, 'internal error');
    sendError(res, 500, 'InternalErrorException', String(messageOf(e) ?? 'Internal error'));
  }
}
