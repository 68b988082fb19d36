/**
 * The local gateway: ONE origin for the browser, as CloudFront gives in AWS.
 *   /api/*            verifies the access token as the HTTP API JWT authorizer does, builds the
 *                     same APIGatewayProxyEventV2 and calls the route's handler
 *   /cognito          cognito-local, for the calls a browser may make (no Admin* operations)
 *   /config.json      what the SPA needs to find Cognito (as the CDK stack writes it), and the
 *                     demo funding instructions (funding-instructions.ts)
 *   /__local/mailbox  the e-mails Cognito and the notifier would have sent to one address (local only);
 *                     /__local/mailbox/latest shows the newest one as a mail app would
 *   /__local/run/weekly-growth   runs the weekly job's state machine now (local only)
 *                     (every /__local/ helper answers only same-origin callers: local-helper-guard.ts)
 *   anything else     the built SPA, when there is one
 * It answers only requests addressed to its own loopback host and port (a DNS-rebinding page
 * could otherwise read the mailbox), and every answer carries the security headers CloudFront
 * adds in AWS.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { ORIGIN_HEADER } from '../../lambdas/lib/http/origin';
import { routeTableUse } from '../../lambdas/table-uses';
import { matchPath, type RouteDef, routes, type TableUse } from '../../shared/api';
import { siteConfig } from '../../shared/site-config';
import { userPoolDefinition } from '../../shared/user-pool';
import type { LocalCognito } from './cognito';
import { parseCognitoTarget } from './cognito/target';
import { LOCAL_FUNDING_INSTRUCTIONS } from './funding-instructions';
import { allowedHosts, hostAllowed } from './loopback-host';
import { escapeHtml } from '../../lambdas/notifications/email-format';
import { localHelperRefusal } from './local-helper-guard';
import type { Mail, Mailbox } from './mailbox';
import { runAs } from './table-permissions';
import { localSecurityHeaders } from './web-server';

export type ApiHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyStructuredResultV2>;

/** What the gateway needs to know of the local user pool. */
export type CognitoTarget = Omit<LocalCognito, 'stop'>;

export interface GatewayOptions {
  host?: string;
  port: number;
  cognito: CognitoTarget;
  handlers: ReadonlyMap<string, ApiHandler>;
  mailbox: Mailbox;
  runWeeklyGrowth: (now: number) => Promise<unknown>;
  /** Added to every API request as CloudFront adds it in AWS (a viewer's own copy is replaced). */
  originSecret: string;
  /** The table actions a route's function may issue (as its IAM role allows in AWS); default its grant (lambdas/table-uses.ts). */
  tableUseOf?: (route: RouteDef) => TableUse;
  /** Serves everything that is not API, Cognito or local (the SPA). */
  staticFiles?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

/** API Gateway HTTP API's own payload limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/**
 * What a browser may ask Cognito for; user management stays with the Admin APIs of the backend.
 * Not DeleteUser: a client account ends only through the admins' Delete Client (in AWS the user
 * pool's WAF blocks it), or the client's money would be left without a login. Not the password
 * and second-factor changes (ChangePassword, AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference): they go through the API's /api/me routes, which record them, end the
 * other sessions and e-mail the user (in AWS the user pool's WAF blocks them too).
 */
const BROWSER_COGNITO_OPERATIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
]);


function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/**
 * An e-mail is shown on the app's own origin, so it runs in a sandbox: an opaque origin without
 * scripts, which can neither read the signed-in user's tokens nor call the API, as a mail app
 * isolates a message. Inline styles only (the notifier's HTML part is styled inline).
 */
const MAIL_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
};

/** The newest e-mail's envelope above its HTML part (a whole document), or above its text (Cognito's messages). */
function mailPage(mail: Mail): string {
  const envelope = `<p style="margin:0;padding:12px;font:14px sans-serif;color:#555;background:#fff">To: ${escapeHtml(mail.to)}<br>Subject: <strong>${escapeHtml(mail.subject)}</strong><br>Sent: ${escapeHtml(mail.sentAt)}</p>`;
  if (mail.html && /<body[^>]*>/.test(mail.html)) return mail.html.replace(/<body[^>]*>/, (body) => `${body}${envelope}`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body>${envelope}<pre style="white-space:pre-wrap;padding:12px">${escapeHtml(mail.body)}</pre></body></html>`;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** HTTP API hands claims to Lambda as strings; arrays become "[a b]". */
function flattenClaims(payload: Record<string, unknown>): Record<string, string | number | boolean | string[]> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    claims[name] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

function findRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

export function createGateway(options: GatewayOptions) {
  const { cognito } = options;
  const verifier = JwtRsaVerifier.create({
    issuer: cognito.issuer,
    audience: null,
    jwksUri: cognito.jwksUri,
    // What the HTTP API authorizer checks for a Cognito access token: the app client and the scope.
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== cognito.clientId) throw new Error('wrong client');
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(userPoolDefinition.apiScope)) throw new Error('missing scope');
    },
  });

  // aws-jwt-verify fetches keys over https only; cognito-local serves them over http, so the
  // gateway loads them itself once (the key is fixed for a data folder).
  let jwksLoaded: Promise<void> | undefined;
  const loadJwks = () =>
    (jwksLoaded ??= fetch(cognito.jwksUri)
      .then((r) => r.json())
      .then((jwks) => verifier.cacheJwks(jwks as Parameters<typeof verifier.cacheJwks>[0]))
      .catch((error: unknown) => {
        jwksLoaded = undefined;
        throw error;
      }));

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const found = findRoute(method, url.pathname);
    if (!found) return send(res, 404, { message: 'Not Found' });
    const authorization = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    let payload: Record<string, unknown>;
    try {
      if (!token) throw new Error('no token');
      await loadJwks();
      payload = (await verifier.verify(token)) as unknown as Record<string, unknown>;
    } catch {
      // Exactly what the HTTP API JWT authorizer answers.
      return send(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' });
    }
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (body === 'too-large') return send(res, 413, { message: 'Request Entity Too Large' });
    const handler = options.handlers.get(found.route.name);
    if (!handler) return send(res, 500, { message: `no handler for ${found.route.name}` });

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }
    headers[ORIGIN_HEADER] = options.originSecret;
    const now = new Date();
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      query[key] = key in query ? `${query[key]},${value}` : value;
    });
    const routeKey = `${found.route.method} ${found.route.path}`;
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(found.params).length ? found.params : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: flattenClaims(payload), scopes } },
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
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
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      stageVariables: undefined,
    };
    const result = await runAs(found.route.name, (options.tableUseOf ?? routeTableUse)(found.route), () => handler(event));
    res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
    // As API Gateway does: a base64 answer goes out as the bytes it encodes.
    res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
  }

  async function cognitoProxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') return send(res, 204, '');
    if (req.method !== 'POST') return send(res, 405, { __type: 'MethodNotAllowed', message: 'POST only' });
    const header = String(req.headers['x-amz-target'] ?? '');
    const operation = parseCognitoTarget(header);
    const refuse = (type: string, message: string) => send(res, 400, { __type: type, message }, { 'x-amzn-errortype': type, 'content-type': 'application/x-amz-json-1.1' });
    // The exact header is forwarded, so it must be exactly the operation that was allowed.
    if (operation === null) return refuse('UnknownOperationException', `Invalid x-amz-target header "${header.slice(0, 200)}"`);
    if (!BROWSER_COGNITO_OPERATIONS.has(operation)) return refuse('NotAuthorizedException', `${operation} is not available to browsers`);
    const body = await readBody(req, 1024 * 1024);
    if (body === 'too-large') return send(res, 413, { __type: 'InvalidParameterException', message: 'Request too large' });
    const upstream = await fetch(`${cognito.endpoint}/`, {
      method: 'POST',
      headers: {
        'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
        'x-amz-target': header,
        ...(req.headers['x-amz-user-agent'] ? { 'x-amz-user-agent': String(req.headers['x-amz-user-agent']) } : {}),
      },
      body: new Uint8Array(body),
    });
    const headers: Record<string, string> = { 'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1', 'cache-control': 'no-store' };
    const errorType = upstream.headers.get('x-amzn-errortype');
    if (errorType) headers['x-amzn-errortype'] = errorType;
    res.writeHead(upstream.status, headers);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  async function local(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // Before anything is read or run: a helper called from another site does nothing.
    const refused = localHelperRefusal(req);
    if (refused) return send(res, refused.status, { error: refused.error });
    if (url.pathname === '/__local/mailbox' && req.method === 'GET') {
      // One address at a time: a list of every code and reset link is a key to every account.
      const to = url.searchParams.get('to')?.trim();
      if (!to) return send(res, 400, { error: 'Give the address: /__local/mailbox?to=<email>' });
      return send(res, 200, options.mailbox.list(to));
    }
    if (url.pathname === '/__local/mailbox/latest' && req.method === 'GET') {
      const to = url.searchParams.get('to')?.trim();
      if (!to) return send(res, 400, { error: 'Give the address: /__local/mailbox/latest?to=<email>' });
      const mail = options.mailbox.latest(to);
      if (!mail) return send(res, 404, { error: `No e-mail to ${to}` });
      return send(res, 200, mailPage(mail), MAIL_PAGE_HEADERS);
    }
    if (url.pathname === '/__local/run/weekly-growth' && req.method === 'POST') {
      const raw = await readBody(req, 16 * 1024);
      let now = Date.now();
      if (raw !== 'too-large' && raw.length > 0) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          return send(res, 400, { error: 'Body must be JSON like {"now": "2026-11-23T00:00:00Z"}' });
        }
        const given = (parsed as { now?: unknown } | null)?.now;
        if (given !== undefined) {
          now = typeof given === 'string' ? Date.parse(given) : Number.NaN;
          if (!Number.isFinite(now)) return send(res, 400, { error: '"now" must be an ISO date-time' });
        }
      }
      try {
        return send(res, 200, await options.runWeeklyGrowth(now));
      } catch (error) {
        // A failed execution (a portfolio failed, or a step ran out of retries), as Step Functions would report it.
        const { error: name, cause } = error as { error?: string; cause?: string };
        return send(res, 500, { error: 'The weekly growth execution failed', cause: `${name ?? 'Error'}: ${cause ?? String(error)}` });
      }
    }
    return send(res, 404, { error: 'Not Found' });
  }

  /** `host` is one of allowedHosts (checked before any route), so the SPA is sent back to this gateway. */
  function configJson(host: string) {
    const origin = `http://${host}`;
    return siteConfig({
      region: cognito.region,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      userPoolEndpoint: `${origin}/cognito`,
      // Google through the local hosted UI, when the stack runs one (its TLS port on this machine).
      oauthDomain: cognito.hostedUi?.domain ?? null,
      googleSignIn: cognito.hostedUi !== undefined,
      fundingInstructions: [...LOCAL_FUNDING_INSTRUCTIONS],
    });
  }

  const securityHeaders = localSecurityHeaders(cognito.hostedUi?.origin);
  const listenHost = options.host ?? '127.0.0.1';
  let hosts = allowedHosts(options.port, listenHost);
  const server: Server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const host = req.headers.host;
    if (!hostAllowed(host, hosts)) return send(res, 421, { error: `This server answers only ${[...hosts].join(', ')}` });
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = async () => {
      if (url.pathname.startsWith('/api/')) {
        res.setHeader('cache-control', 'no-store');
        return api(req, res, url);
      }
      if (url.pathname === '/cognito' || url.pathname === '/cognito/') return cognitoProxy(req, res);
      if (url.pathname === '/config.json') return send(res, 200, configJson(String(host)));
      if (url.pathname.startsWith('/__local/')) return local(req, res, url);
      if (options.staticFiles && (await options.staticFiles(req, res))) return;
      return send(res, 404, { error: 'Not Found' });
    };
    route().catch((error: unknown) => {
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
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, listenHost, () => {
          const address = server.address();
          const port = typeof address === 'object' && address ? address.port : options.port;
          hosts = allowedHosts(port, listenHost);
          resolve(port);
        });
      });
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
