/**
 * /api/*: what the HTTP API does in AWS. The route is found in the shared route table, the access
 * token verified as its JWT authorizer verifies it, and the route's handler called with the same
 * event, its DynamoDB client held to the route's table use as its IAM role holds it.
 */
import { routeTableUse } from '../../../lambdas/table-uses';
import { matchPath, type RouteDef, routes } from '../../../shared/api';
import { readBody } from '../http/read-body';
import { runAs } from '../table-permissions';
import { accessTokenVerifier } from './access-token';
import { apiEvent } from './api-event';
import { send } from './send';
import type { GatewayOptions, GatewayRoute } from './types';

/** API Gateway HTTP API's own payload limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

function findRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

export function apiRoute(
  options: Pick<GatewayOptions, 'cognito' | 'handlers' | 'originSecret' | 'tableUseOf'>,
): GatewayRoute {
  const verify = accessTokenVerifier(options.cognito);
  const tableUseOf = options.tableUseOf ?? routeTableUse;
  return {
    matches: (pathname) => pathname.startsWith('/api/'),
    async handle(req, res, url) {
      res.setHeader('cache-control', 'no-store');
      const found = findRoute(req.method ?? 'GET', url.pathname);
      if (!found) return send(res, 404, { message: 'Not Found' });
      const claims = await verify(req.headers.authorization ?? '');
      // Exactly what the HTTP API JWT authorizer answers.
      if (!claims) return send(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
      const body = await readBody(req, MAX_REQUEST_BYTES);
      if (body === 'too-large') return send(res, 413, { message: 'Request Entity Too Large' });
      const handler = options.handlers.get(found.route.name);
      if (!handler) return send(res, 500, { message: `no handler for ${found.route.name}` });
      const event = apiEvent(req, url, { ...found, claims, body, originSecret: options.originSecret });
      const result = await runAs(found.route.name, tableUseOf(found.route), () => handler(event));
      res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
      // As API Gateway does: a base64 answer goes out as the bytes it encodes.
      res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
    },
  };
}
