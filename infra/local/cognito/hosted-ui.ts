/**
 * The local Cognito's hosted UI: the OAuth 2.0 endpoints the product uses for "Continue with
 * Google", as Cognito's domain answers them (served over TLS by hosted-ui-server.ts).
 *
 *   GET  /oauth2/authorize    the code flow, checked, then the browser sent to Google  (hosted-ui-authorize.ts)
 *   GET  /oauth2/idpresponse  Google's answer: the federated user `Google_<sub>` made or updated
 *                             (hosted-ui-federated-user.ts), then the app gets a one-time code
 *                             (5 minutes) at its redirect URI                          (hosted-ui-authorize.ts)
 *   POST /oauth2/token        authorization_code and refresh_token grants               (hosted-ui-token.ts)
 *   GET  /logout              back to one of the client's sign-out URLs
 *   GET  /error               where Cognito shows what it cannot redirect (a redirect_mismatch)
 *
 * Errors are Cognito's: a redirect URI it cannot trust goes to /error, others to the redirect
 * URI with `error` and `error_description`; the token endpoint answers `{ "error": ... }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorize, idpResponse } from './hosted-ui-authorize';
import { clientNamed, errorPage, type HostedUiContext } from './hosted-ui-context';
import { federatedUsers } from './hosted-ui-federated-user';
import { createGoogleClient } from './hosted-ui-google';
import { createOneTimeStore, type IssuedCode, type PendingSignIn } from './hosted-ui-grants';
import { errorShown, json, redirect } from './hosted-ui-replies';
import { token } from './hosted-ui-token';
import type { OperationContext } from './operations/context';
import type { HostedUiOptions } from './types';

export type HostedUiHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** GET /logout: back to the `logout_uri` asked for, when it is one of the client's sign-out URLs. */
async function logout(ctx: HostedUiContext, url: URL, res: ServerResponse): Promise<void> {
  const clientId = url.searchParams.get('client_id');
  const client = await clientNamed(ctx, clientId);
  const logoutUri = url.searchParams.get('logout_uri');
  if (!client || !logoutUri || !ctx.options.logoutUrls.includes(logoutUri))
    return errorPage(ctx, res, 'redirect_mismatch', clientId ?? undefined);
  redirect(res, logoutUri);
}

/** The token endpoint's CORS headers for a request from `requestOrigin`: the site's origins may read its answers (Amplify calls it with fetch). */
function corsFor(siteOrigins: ReadonlySet<string>, requestOrigin: unknown): Record<string, string> {
  return typeof requestOrigin === 'string' && siteOrigins.has(requestOrigin)
    ? { 'access-control-allow-origin': requestOrigin, vary: 'Origin' }
    : {};
}

export function createHostedUi(env: OperationContext, options: HostedUiOptions, origin: () => string): HostedUiHandler {
  const ctx: HostedUiContext = {
    env,
    options,
    origin,
    google: createGoogleClient(options.google, () => `${origin()}/oauth2/idpresponse`),
    pending: createOneTimeStore<PendingSignIn>(env.now),
    codes: createOneTimeStore<IssuedCode>(env.now),
    federatedUser: federatedUsers(env),
  };
  const siteOrigins = new Set(options.callbackUrls.map((u) => new URL(u).origin));

  return async function handle(req, res) {
    const url = new URL(req.url ?? '/', origin());
    if (url.pathname === '/oauth2/token') {
      const cors = corsFor(siteOrigins, req.headers.origin);
      if (req.method === 'OPTIONS') {
        // Amplify sends its user agent in a header of its own.
        res.writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type, authorization, x-amz-user-agent',
          'access-control-max-age': '600',
        });
        res.end();
        return;
      }
      if (req.method === 'POST') return token(ctx, req, res, cors);
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') return authorize(ctx, url, res);
    if (req.method === 'GET' && url.pathname === '/oauth2/idpresponse') return idpResponse(ctx, url, res);
    if (req.method === 'GET' && url.pathname === '/logout') return logout(ctx, url, res);
    if (req.method === 'GET' && url.pathname === '/error') return errorShown(url, res);
    json(res, 404, { error: 'Not Found' });
  };
}
