/**
 * The wrapper every HTTP handler goes through: reads and checks the body, works out the caller,
 * runs the handler, and maps every error to a JSON `{ error }` answer in one place. A malformed
 * request never reaches a handler and never becomes a 500.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import {
  type AnswerOf,
  type BodyOf,
  PATH_ID,
  type PathParams,
  type QueryOf,
  routeByName,
  type RouteDef,
  type RouteName,
  type RouteOf,
} from '../../../shared/api';
import { apiMessages } from '../../../shared/messages';
import { parseBody } from '../../../shared/parse-body';
import { type Caller, confirmedCaller, requireAdmin, requireOwner } from './auth';
import { compressResult } from './compression';
import { DomainError, type DomainErrorKind, type RefusalKind, Refused } from '../data/domain-errors';
import { BadRequest, HttpError, NotFound } from './errors';
import { logger } from '../runtime/logger';
import { cameThroughFront, ORIGIN_HEADER } from './origin';
import { refusals } from '../../../shared/refusals';
import { invitationRefusals } from '../../../shared/invitations';
import { documentRefusals } from '../../../shared/documents';
import { passkeyMessages } from '../../../shared/passkeys';

export const MAX_BODY_BYTES = 16 * 1024;

/** The data-access modules' domain errors (domain-errors.ts) get their HTTP answer here, and only here. */
const DOMAIN_ANSWERS: Record<DomainErrorKind, [HttpError['statusCode'], string]> = {
  clientNotFound: [404, refusals.clientNotFound],
  requestAlreadyDecided: [409, apiMessages.requestAlreadyDecided],
  idempotencyKeyReused: [409, refusals.idempotencyKeyReused],
  portfolioBusy: [409, refusals.conflictRetry],
  listCursorInvalid: [400, apiMessages.invalidListCursor],
  exportNotFound: [404, refusals.exportNotFound],
  requestNoLongerCovered: [409, refusals.requestNoLongerCovered],
  closeRefusedBalance: [409, refusals.closeRefusedBalance],
  closeRefusedRequests: [409, refusals.closeRefusedRequests],
  closeRefusedActions: [409, refusals.closeRefusedActions],
  periodInvalid: [400, apiMessages.invalidPeriod],
  statementNotFound: [404, documentRefusals.noStatement],
};

/** The status of each kind of refusal the floors below give with the caller's own words (Refused). */
const REFUSAL_STATUS: Record<RefusalKind, HttpError['statusCode']> = {
  badInput: 400,
  signedOut: 401,
  notAllowed: 403,
  notFound: 404,
  conflict: 409,
  tooManyAttempts: 429,
};

/** The HTTP answer of what a handler threw, when it is a refusal: the domain's errors mapped here, and only here. */
export function httpErrorOf(thrown: unknown): unknown {
  if (thrown instanceof DomainError) return new HttpError(...DOMAIN_ANSWERS[thrown.kind]);
  if (thrown instanceof Refused) return new HttpError(REFUSAL_STATUS[thrown.refusal], thrown.message);
  return thrown;
}

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** What a route's handler receives: every value already checked against the route table. */
export interface Request<N extends RouteName> {
  event: ApiEvent;
  route: RouteDef;
  caller: Caller;
  /** The route's path parameters, each present and a possible id; the owner's already checked. */
  params: PathParams<RouteOf<N>['path']>;
  /** The query string parsed by the route's query schema (empty for a route that reads none). */
  query: QueryOf<N>;
  /** The body parsed by the route's body schema (undefined for a route that takes none). */
  body: BodyOf<N>;
  /**
   * On routes that honour an Idempotency-Key, the key scoped to the route (`<route>:<key>`), so
   * one key sent to two routes names two operations; absent when none was sent.
   */
  idempotencyScope: string | undefined;
  now: number;
}

/** A handler's answer: `body` is the route's declared answer (for a `csv` route, the file's text). */
export interface Answer<B = unknown> {
  status?: number;
  body: B;
  /** The download's file name, on `csv` routes. */
  filename?: string;
}

function json(statusCode: number, body: unknown): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

function readJsonBody(event: ApiEvent): unknown {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new HttpError(413, refusals.bodyTooLarge);
  const contentType = (header(event, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') throw new HttpError(415, refusals.unsupportedContentType);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest(apiMessages.malformedJson);
  }
}

/** What a path id that cannot exist answers, by what the route's id names. */
const ID_NOT_FOUND: Record<NonNullable<RouteDef['idNames']> | 'client', string> = {
  client: refusals.clientNotFound,
  'withdrawal request': refusals.requestNotFound,
  'balances export': refusals.exportNotFound,
  'pending action': refusals.actionNotFound,
  invitation: invitationRefusals.notFound,
  document: documentRefusals.notFound,
  passkey: passkeyMessages.notFound,
};

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

/** Path parameters that no stored id can match (too long, odd characters) are a 404 before any read. */
function checkPathIds(route: RouteDef, params: Record<string, string>): void {
  for (const value of Object.values(params)) {
    if (!PATH_ID.test(value)) throw new NotFound(ID_NOT_FOUND[route.idNames ?? 'client']);
  }
}

/** The body's `userId` on routes whose owner it names ('' when missing: nobody's). */
function bodyUserId(body: unknown): string {
  const userId = (body as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? userId : '';
}

/**
 * The route's body and query schemas. Imported on first use, so a route that takes neither does
 * not load zod at cold start (esbuild inlines the module and runs it only when this is called).
 */
async function schemasOf(route: RouteDef) {
  if (!route.body && !route.query) return {};
  const { bodySchemas, querySchemas } = await import('../../../shared/validation');
  return { body: route.body && bodySchemas[route.body], query: route.query && querySchemas[route.query] };
}

/** A route's handler, wrapped: `handle` gets the route's checked values and must give its declared answer. */
export function httpHandler<N extends RouteName>(name: N, handle: (req: Request<N>) => Promise<Answer<AnswerOf<N>>>) {
  const route = routeByName(name);
  return async (event: ApiEvent, context?: Context): Promise<ApiResult> =>
    compressResult(await answerTo(event, context), header(event, 'accept-encoding'));

  async function answerTo(event: ApiEvent, context?: Context): Promise<ApiResult> {
    if (context) logger.addContext(context);
    logger.appendKeys({ correlationId: event.requestContext?.requestId, route: name });
    try {
      if (!(await cameThroughFront(header(event, ORIGIN_HEADER)))) throw new HttpError(403, refusals.notThroughSite);
      // An id no item can have is a 404 before anything is read, the admin check's reads included.
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      checkPathIds(route, params);
      const caller = await confirmedCaller(event, route);
      if (route.auth === 'admin') requireAdmin(caller);
      // Another client's path is refused before its body is read; a body's userId once it is. A
      // route of the caller's own account (`self`) names nobody else to refuse.
      if (route.owner && route.owner !== 'body.userId' && route.owner !== 'self')
        requireOwner(caller, params[route.owner] ?? '');
      const schemas = await schemasOf(route);
      let body: unknown;
      if (schemas.body) {
        const parsed = parseBody(schemas.body, readJsonBody(event));
        if (!parsed.ok) throw new BadRequest(parsed.message);
        body = parsed.value;
      }
      let query: unknown = {};
      if (schemas.query) {
        const parsed = parseBody(schemas.query, event.queryStringParameters ?? {});
        if (!parsed.ok) throw new BadRequest(parsed.message);
        query = parsed.value;
      }
      if (route.owner === 'body.userId') requireOwner(caller, bodyUserId(body));
      const idempotencyKey = header(event, 'idempotency-key');
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new BadRequest('Idempotency-Key must be 1 to 128 visible ASCII characters');
      }
      const answer = await handle({
        event,
        route,
        caller,
        params: params as PathParams<RouteOf<N>['path']>,
        query: query as QueryOf<N>,
        body: body as BodyOf<N>,
        idempotencyScope: route.idempotent && idempotencyKey !== undefined ? `${name}:${idempotencyKey}` : undefined,
        now: Date.now(),
      });
      if (route.answer === 'csv') {
        return {
          statusCode: answer.status ?? 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${answer.filename ?? 'statement.csv'}"`,
            'cache-control': 'no-store',
          },
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a csv route's declared answer is the file's text; String() keeps the body text whatever a handler gives
          body: String(answer.body),
        };
      }
      return json(answer.status ?? 200, answer.body);
    } catch (thrown) {
      const error = httpErrorOf(thrown);
      if (error instanceof HttpError) {
        logger.info('request refused', { status: error.statusCode, reason: error.message });
        return json(error.statusCode, { error: error.message });
      }
      logger.error('unexpected error', error as Error);
      return json(500, { error: apiMessages.unexpected });
    } finally {
      logger.removeKeys(['correlationId', 'route']);
    }
  }
}
