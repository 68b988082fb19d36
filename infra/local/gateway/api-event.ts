/** The APIGatewayProxyEventV2 the HTTP API hands a route's Lambda, built from a request to the gateway. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { ORIGIN_HEADER } from '../../../lambdas/lib/http/origin';
import type { RouteDef } from '../../../shared/api';

/** What the event is made of besides the request itself. */
export interface EventParts {
  route: RouteDef;
  params: Record<string, string>;
  /** The verified access token's claims. */
  claims: Record<string, unknown>;
  body: Buffer;
  originSecret: string;
}

/** HTTP API hands claims to Lambda as strings; arrays become "[a b]". */
function flattenClaims(payload: Record<string, unknown>): Record<string, string | number | boolean | string[]> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    claims[name] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

/** Lower-case names, repeated headers joined by commas; the origin header is the gateway's, whatever the viewer sent. */
function headersOf(req: IncomingMessage, originSecret: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  headers[ORIGIN_HEADER] = originSecret;
  return headers;
}

/** A parameter given more than once: its values joined by commas. */
function queryOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  url.searchParams.forEach((value, key) => {
    query[key] = key in query ? `${query[key]},${value}` : value;
  });
  return query;
}

export function apiEvent(req: IncomingMessage, url: URL, parts: EventParts): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers = headersOf(req, parts.originSecret);
  const query = queryOf(url);
  const now = new Date();
  const routeKey = `${parts.route.method} ${parts.route.path}`;
  const scopes = typeof parts.claims.scope === 'string' ? parts.claims.scope.split(' ') : [];
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(parts.params).length ? parts.params : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: flattenClaims(parts.claims), scopes } },
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: parts.body.length ? parts.body.toString('utf8') : undefined,
    isBase64Encoded: false,
    stageVariables: undefined,
  };
}
