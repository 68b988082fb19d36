/**
 * The local Cognito's port. It is for the local gateway and backend processes only: no CORS, and
 * only loopback Host headers (see loopback-host.ts). POST / is the Cognito API (server-api.ts);
 * the user pool's JWKS and OpenID configuration are served as Cognito's issuer serves them
 * (server-well-known.ts); every other request gets a 404. cognito-local's own express app (its
 * /health, its OAuth2 password form, its POST / that would run any target behind none of these
 * checks) is not served.
 */
import * as http from 'node:http';
import type { Logger } from 'pino';
import { closeNow, listen } from '../http/listen';
import { allowedHosts, hostAllowed } from '../loopback-host';
import type { Dispatch } from './operations';
import { apiHandler, type Gate } from './server-api';
import { sendJson } from './server-replies';
import { sendWellKnown, wellKnownPath, type IssuerDocuments } from './server-well-known';

export interface ServerOptions extends IssuerDocuments {
  host: string;
  port: number;
  logger: Logger;
  dispatch: Dispatch;
  /** Who may call what (backend-gate.ts). */
  gate: Gate;
}

export interface RunningServer {
  endpoint: string;
  stop(): Promise<void>;
}

/** Which handler answers a request that passed the Host check. */
function router(options: ServerOptions): http.RequestListener {
  const api = apiHandler(options.dispatch, options.logger, options.gate);
  return (req, res) => {
    // No CORS preflight answer: a browser's cross-origin call (every Cognito call, for its
    // x-amz-target header) is never sent. Browsers reach Cognito through the local gateway.
    if (req.method === 'OPTIONS') {
      res.writeHead(405, { allow: 'GET, POST' });
      res.end();
      return;
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/') {
      void api(req, res);
      return;
    }
    const document = wellKnownPath(path);
    if (req.method === 'GET' && document) return sendWellKnown(res, options, document);
    sendJson(res, 404, { message: 'Not Found' });
  };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { host } = options;
  /** Set once the server listens (the port may be chosen by the OS). */
  let hosts: ReadonlySet<string> = new Set();
  const route = router(options);
  const server = http.createServer((req, res) => {
    if (!hostAllowed(req.headers.host, hosts))
      return sendJson(res, 421, { message: 'Misdirected Request: this port answers only loopback hosts' });
    route(req, res);
  });
  const port = await listen(server, options.port, host);
  hosts = allowedHosts(port, host);

  let stopped: Promise<void> | null = null;
  return {
    endpoint: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    stop: () => (stopped ??= closeNow(server)),
  };
}
