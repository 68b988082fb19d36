/**
 * The wrapper every HTTP handler goes through: reads and checks the body, works out the caller,
 * runs the handler, and maps every error to a JSON `{ error }` answer in one place. A malformed
 * request never reaches a handler and never becomes a 500.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { PATH_ID, type PathParams, routeByName, type RouteDef, type RouteName, type RouteOf } from '../../shared/api';
import { apiMessages } from '../../shared/messages';
import { parseBody } from '../../shared/parse-body';
import { type Caller, confirmedCaller, requireAdmin, requireOwner } from './auth';
import { compressResult } from './compression';
import { config } from './config';
import { DomainError, type DomainErrorKind } from './domain-errors';
import { BadRequest, HttpError, NotFound } from './errors';
import { logger } from './logger';
import { cameThroughFront, ORIGIN_HEADER } from './origin';

export const MAX_BODY_BYTES = 16 * 1024;

/** The data-access modules' domain errors (domain-errors.ts) get their HTTP answer here, and only here. */
const DOMAIN_ANSWERS: Record<DomainErrorKind, [HttpError['statusCode'], string]> = {
  clientNotFound: [404, apiMessages.clientNotFound],
  requestAlreadyDecided: [409, apiMessages.requestAlreadyDecided],
  idempotencyKeyReused: [409, apiMessages.idempotencyKeyReused],
  portfolioBusy: [409, apiMessages.conflictRetry],
};

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface Request<B, P = Record<string, string>> {
  event: ApiEvent;
  route: RouteDef;
  caller: Caller;
  /** The route's path parameters, each present and a possible id; the owner's already checked. */
  params: P;
  query: Record<string, string>;
  body: B;
  /**
   * On routes that honour an Idempotency-Key, the key scoped to the route (`<route>:<key>`), so
   * one key sent to two routes names two operations; absent when none was sent.
   */
  idempotencyScope: string | undefined;
  now: number;
}

export interface Answer {
  status?: number;
  body: unknown;
  /** A CSV download instead of JSON: `body` is the CSV text. */
  csv?: { filename: string };
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
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new HttpError(413, apiMessages.bodyTooLarge);
  const contentType = (header(event, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') throw new HttpError(415, apiMessages.unsupportedContentType);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequest(apiMessages.malformedJson);
  }
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

/** Path parameters that no stored id can match (too long, odd characters) are a 404 before any read. */
function checkPathIds(route: RouteDef, params: Record<string, string>): void {
  for (const value of Object.values(params)) {
    if (!PATH_ID.test(value)) throw new NotFound(route.idNames === 'withdrawal request' ? apiMessages.requestNotFound : apiMessages.clientNotFound);
  }
}

/** The client a client route is about, as the route table says: a path parameter or the body's userId. */
function ownerOf(route: RouteDef, params: Record<string, string>, body: unknown): string | undefined {
  if (!route.owner) return undefined;
  if (route.owner === 'body.userId') {
    const userId = (body as { userId?: unknown } | undefined)?.userId;
    return typeof userId === 'string' ? userId : '';
  }
  return params[route.owner] ?? '';
}

export function httpHandler<N extends RouteName, S extends z.ZodMiniType | undefined = undefined>(
  name: N,
  schema: S,
  handle: (req: Request<S extends z.ZodMiniType ? z.output<S> : undefined, PathParams<RouteOf<N>['path']>>) => Promise<Answer>,
) {
  const route = routeByName(name);
  return async (event: ApiEvent, context?: Context): Promise<ApiResult> => compressResult(await answerTo(event, context), header(event, 'accept-encoding'));

  async function answerTo(event: ApiEvent, context?: Context): Promise<ApiResult> {
    if (context) logger.addContext(context);
    logger.appendKeys({ correlationId: event.requestContext?.requestId, route: name });
    try {
      if (!cameThroughFront(config.originSecret, header(event, ORIGIN_HEADER))) throw new HttpError(403, apiMessages.notThroughSite);
      const caller = await confirmedCaller(event, route);
      if (route.auth === 'admin') requireAdmin(caller);
      const params = (event.pathParameters ?? {}) as Record<string, string>;
      checkPathIds(route, params);
      let body: unknown;
      if (schema) {
        const parsed = parseBody(schema, readJsonBody(event));
        if (!parsed.ok) throw new BadRequest(parsed.message);
        body = parsed.value;
      }
      const owner = ownerOf(route, params, body);
      if (owner !== undefined) requireOwner(caller, owner);
      const idempotencyKey = header(event, 'idempotency-key');
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new BadRequest('Idempotency-Key must be 1 to 128 visible ASCII characters');
      }
      const answer = await handle({
        event,
        route,
        caller,
        params: params as PathParams<RouteOf<N>['path']>,
        query: (event.queryStringParameters ?? {}) as Record<string, string>,
        body: body as S extends z.ZodMiniType ? z.output<S> : undefined,
        idempotencyScope: route.idempotent && idempotencyKey !== undefined ? `${name}:${idempotencyKey}` : undefined,
        now: Date.now(),
      });
      if (answer.csv) {
        return {
          statusCode: answer.status ?? 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${answer.csv.filename}"`,
            'cache-control': 'no-store',
          },
          body: String(answer.body),
        };
      }
      return json(answer.status ?? 200, answer.body);
    } catch (thrown) {
      const error = thrown instanceof DomainError ? new HttpError(...DOMAIN_ANSWERS[thrown.kind]) : thrown;
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
