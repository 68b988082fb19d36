/**
 * The local gateway: ONE origin for the browser, as CloudFront gives in AWS. Its routes (gateway/):
 *   /api/*            verifies the access token as the HTTP API JWT authorizer does, builds the
 *                     same APIGatewayProxyEventV2 and calls the route's handler (api-route.ts)
 *   /cognito          the local Cognito, for the calls a browser may make (cognito-forwarder.ts)
 *   /config.json      what the SPA needs to find Cognito, the demo funding instructions and agreement (config-json.ts)
 *   /__local/*        the local helpers, answering only same-origin callers (local-helpers.ts):
 *                     the mailbox (mailbox-helper.ts) and the weekly growth run (weekly-growth-helper.ts)
 *   anything else     the built SPA, when there is one (web-server.ts)
 * It answers only requests addressed to its own loopback host and port (a DNS-rebinding page
 * could otherwise read the mailbox), and every answer carries the security headers CloudFront
 * adds in AWS.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { apiRoute } from './gateway/api-route';
import { cognitoForwarder } from './gateway/cognito-forwarder';
import { configJsonRoute } from './gateway/config-json';
import { localHelpers } from './gateway/local-helpers';
import { send } from './gateway/send';
import type { GatewayOptions, GatewayRoute } from './gateway/types';
import { closeNow, listen } from './http/listen';
import { allowedHosts, hostAllowed } from './loopback-host';
import { localSecurityHeaders } from './web-server';

export type { ApiHandler, CognitoTarget, GatewayOptions } from './gateway/types';

export function createGateway(options: GatewayOptions) {
  const routes: GatewayRoute[] = [
    apiRoute(options),
    cognitoForwarder(options.cognito.endpoint),
    configJsonRoute(options.cognito, options.clientAgreement),
    localHelpers(options),
  ];
  const dispatch = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = routes.find((r) => r.matches(url.pathname));
    if (route) return route.handle(req, res, url);
    if (options.staticFiles && (await options.staticFiles(req, res))) return;
    return send(res, 404, { error: 'Not Found' });
  };

  const securityHeaders = localSecurityHeaders(options.cognito.hostedUi?.origin);
  const listenHost = options.host ?? '127.0.0.1';
  let hosts = allowedHosts(options.port, listenHost);
  const server: Server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (!hostAllowed(req.headers.host, hosts))
      return send(res, 421, { error: `This server answers only ${[...hosts].join(', ')}` });
    dispatch(req, res).catch((error: unknown) => {
      console.error('gateway error', error);
      if (!res.headersSent) send(res, 500, { error: 'Internal gateway error' });
      else res.end();
    });
  });

  // Node closes a keep-alive socket after 5 s idle. A client whose next request is still queued
  // behind other work then writes to a closed socket (ECONNRESET; seen in the bench at 16
  // concurrent admin lists): keep idle sockets a minute, far longer than such a lag.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  return {
    server,
    async listen(): Promise<number> {
      const port = await listen(server, options.port, listenHost);
      hosts = allowedHosts(port, listenHost);
      return port;
    },
    close: () => closeNow(server),
  };
}
