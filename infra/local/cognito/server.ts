/**
 * The local Cognito's port. It is for the local gateway and backend processes only: no CORS, and
 * only loopback Host headers (see loopback-host.ts). POST / is the Cognito API (x-amz-target),
 * answered as Cognito answers: its error names and messages in the body and the
 * `x-amzn-errortype` header, dates as epoch seconds. The user pool's JWKS and OpenID
 * configuration are served as Cognito's issuer serves them. GET /health and the OAuth2 routes go
 * to cognito-local's own express app (with its CORS headers removed); every other request gets a 404.
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { allowedHosts, hostAllowed } from '../loopback-host';
import { CognitoError, UnsupportedError } from './cognito-local-internals';
import { cognitoError, messageOf, realError } from './errors';
import type { Dispatch } from './operations';
import { recordOf } from './request';
import { parseCognitoTarget } from './target';

export interface ServerOptions {
  host: string;
  port: number;
  logger: Logger;
  dispatch: Dispatch;
  /** cognito-local's express app, for /health and /oauth2/. */
  cognitoLocalApp: http.RequestListener;
  jwk: Record<string, unknown>;
  issuerOf: (userPoolId: string) => string;
  /** The hosted UI's origin once it listens, if the pool has one. */
  hostedUiOrigin?: () => string | undefined;
}

export interface RunningServer {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * In AWS a WAF web ACL on the user pool blocks the DeleteUser target for every caller: a client
 * account ends only through the administrators' Delete Client, which also removes its data.
 * Cognito answers a request its web ACL blocks with ForbiddenException, HTTP 403 (the API
 * reference lists it for DeleteUser: "thrown when WAF doesn't allow your request based on a web
 * ACL that's associated with your user pool"), before it looks at the token or the body.
 */
const WAF_BLOCKED_TARGETS = new Set(['DeleteUser']);
const wafBlocked = () => cognitoError('ForbiddenException', 'Request not allowed due to WAF block.');
/** The HTTP status of an error type where it is not Cognito's usual 400. */
const ERROR_STATUS: Record<string, number> = { ForbiddenException: 403 };

/** Cognito's JSON has dates as epoch seconds; `this[key]` is the Date before its toJSON ran. */
function epochSecondDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body, epochSecondDates);
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...headers });
  res.end(text);
}

function sendError(res: http.ServerResponse, status: number, type: string, message: string) {
  send(res, status, { __type: type, message }, { 'x-amzn-errortype': type, 'x-amzn-errormessage': message });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** cognito-local's express app sets `access-control-*` on everything (cors({ origin: '*' })): drop them. */
function withoutCors(res: http.ServerResponse): http.ServerResponse {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    /^access-control-/i.test(name) ? res : setHeader(name, value)) as typeof res.setHeader;
  return res;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { host, logger, dispatch, cognitoLocalApp, jwk, issuerOf } = options;

  function replyError(res: http.ServerResponse, target: string, e: unknown) {
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

  async function api(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const header = req.headers['x-amz-target'];
    const target = parseCognitoTarget(header);
    if (!target) {
      const shown = typeof header === 'string' ? header.slice(0, 200) : '';
      return sendError(res, 400, 'UnknownOperationException', `Invalid x-amz-target header "${shown}"`);
    }
    // The web ACL looks at the target before Cognito sees the request.
    if (WAF_BLOCKED_TARGETS.has(target)) return replyError(res, target, wafBlocked());
    let body: unknown;
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      body = text ? JSON.parse(text) : {};
    } catch {
      return sendError(res, 400, 'SerializationException', 'Request body is not valid JSON');
    }
    try {
      const output = await dispatch(target, recordOf(body));
      logger.info({ target }, 'ok');
      send(res, 200, output ?? {});
    } catch (e) {
      replyError(res, target, e);
    }
  }

  /** Cognito's OpenID configuration names its domain's endpoints. */
  function hostedUiEndpoints() {
    const origin = options.hostedUiOrigin?.();
    if (!origin) return {};
    return {
      authorization_endpoint: `${origin}/oauth2/authorize`,
      token_endpoint: `${origin}/oauth2/token`,
      end_session_endpoint: `${origin}/logout`,
      scopes_supported: ['openid', 'email', 'phone', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
    };
  }

  function wellKnown(res: http.ServerResponse, poolId: string, document: string) {
    const issuer = issuerOf(poolId);
    sendJson(
      res,
      200,
      document === 'jwks.json'
        ? { keys: [jwk] }
        : {
            issuer,
            jwks_uri: `${issuer}/.well-known/jwks.json`,
            id_token_signing_alg_values_supported: ['RS256'],
            subject_types_supported: ['public'],
            response_types_supported: ['code', 'token'],
            ...hostedUiEndpoints(),
          },
    );
  }

  /** Set once the server listens (the port may be chosen by the OS). */
  let hosts: ReadonlySet<string> = new Set();

  const server = http.createServer((req, res) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      sendJson(res, 421, { message: 'Misdirected Request: this port answers only loopback hosts' });
      return;
    }
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
    const document = /^\/([^/]+)\/\.well-known\/(jwks\.json|openid-configuration)$/.exec(path);
    if (req.method === 'GET' && document) {
      wellKnown(res, document[1] ?? '', document[2] ?? '');
      return;
    }
    // Only these paths reach express: its own POST / would run any target behind every check here
    // (it takes the second segment of x-amz-target), e.g. for an absolute-form request line.
    if (path === '/health' || path.startsWith('/oauth2/')) {
      cognitoLocalApp(req, withoutCors(res));
      return;
    }
    sendJson(res, 404, { message: 'Not Found' });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts = allowedHosts(port, host);

  let stopped: Promise<void> | null = null;
  return {
    endpoint: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
