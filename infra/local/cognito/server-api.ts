/**
 * POST /, the Cognito API: the operation the `x-amz-target` header names (exactly one, target.ts),
 * the body as JSON, run by the operations (operations/), answered as Cognito answers
 * (server-replies.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { readBody } from '../http/read-body';
import { cognitoError } from './errors';
import type { Dispatch } from './operations';
import { recordOf } from './request';
import { replyError, send, sendError } from './server-replies';
import { parseCognitoTarget } from './target';

/** The largest body read: what the local gateway forwards to this port at most (its Cognito proxy's limit). */
const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * In AWS a WAF web ACL on the user pool blocks the DeleteUser target for every caller: a client
 * account ends only through the administrators' Delete Client, which also removes its data.
 * Cognito answers a request its web ACL blocks with ForbiddenException, HTTP 403 (the API
 * reference lists it for DeleteUser: "thrown when WAF doesn't allow your request based on a web
 * ACL that's associated with your user pool"), before it looks at the token or the body.
 */
const WAF_BLOCKED_TARGETS = new Set(['DeleteUser']);
const wafBlocked = () => cognitoError('ForbiddenException', 'Request not allowed due to WAF block.');

/** The request's JSON body (an empty body is `{}`), or undefined when it is not JSON. */
function parsedBody(body: Buffer): unknown {
  try {
    const text = body.toString('utf8');
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

export function apiHandler(dispatch: Dispatch, logger: Logger) {
  return async function api(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (body === 'too-large') return sendError(res, 413, 'InvalidParameterException', 'Request too large');
    const header = req.headers['x-amz-target'];
    const target = parseCognitoTarget(header);
    if (!target) {
      const shown = typeof header === 'string' ? header.slice(0, 200) : '';
      return sendError(res, 400, 'UnknownOperationException', `Invalid x-amz-target header "${shown}"`);
    }
    // The web ACL looks at the target before Cognito sees the request.
    if (WAF_BLOCKED_TARGETS.has(target)) return replyError(res, logger, target, wafBlocked());
    const input = parsedBody(body);
    if (input === undefined) return sendError(res, 400, 'SerializationException', 'Request body is not valid JSON');
    try {
      const output = await dispatch(target, recordOf(input));
      logger.info({ target }, 'ok');
      send(res, 200, output ?? {});
    } catch (e) {
      replyError(res, logger, target, e);
    }
  };
}
