/**
 * POST /, the Cognito API: the operation the `x-amz-target` header names (exactly one, target.ts),
 * refused as IAM and the user pool's firewall would refuse it (backend-gate.ts), the body as JSON, run by the operations (operations/), answered as Cognito answers
 * (server-replies.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { readBody } from '../http/read-body';
import type { CognitoError } from './cognito-local-internals';
import type { Dispatch } from './operations';
import { recordOf } from './request';
import { replyError, send, sendError } from './server-replies';
import { parseCognitoTarget } from './target';

/** The largest body read: what the local gateway forwards to this port at most (its Cognito proxy's limit). */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** The request's JSON body (an empty body is `{}`), or undefined when it is not JSON. */
function parsedBody(body: Buffer): unknown {
  try {
    const text = body.toString('utf8');
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

/** The refusal of `operation` to this request before anything runs (backend-gate.ts), or null. */
export type Gate = (operation: string, req: IncomingMessage) => CognitoError | null;

export function apiHandler(dispatch: Dispatch, logger: Logger, gate: Gate) {
  return async function api(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (body === 'too-large') return sendError(res, 413, 'InvalidParameterException', 'Request too large');
    const header = req.headers['x-amz-target'];
    const target = parseCognitoTarget(header);
    if (!target) {
      const shown = typeof header === 'string' ? header.slice(0, 200) : '';
      return sendError(res, 400, 'UnknownOperationException', `Invalid x-amz-target header "${shown}"`);
    }
    // The web ACL and IAM look at the target and the caller before Cognito sees the request.
    const refused = gate(target, req);
    if (refused) return replyError(res, logger, target, refused);
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
