/**
 * The local Cognito's hosted UI: the OAuth 2.0 endpoints the product uses for "Continue with
 * Google", as Cognito's domain answers them (served over TLS by hosted-ui-server.ts).
 *
 *   GET  /oauth2/authorize    the code flow (PKCE when the app sends a challenge, as Amplify does;
 *                             S256 only), `identity_provider=Google`: checks the app
 *                             client, its callback URLs and scopes, then sends the browser to Google
 *   GET  /oauth2/idpresponse  Google's answer: its code is exchanged and its ID token verified; a
 *                             first sign-in makes the federated user `Google_<sub>` (the mapped
 *                             attributes, PreSignUp_ExternalProvider and PostConfirmation
 *                             triggers), later ones update its mapped attributes; then the app
 *                             gets a one-time code (5 minutes) at its redirect URI
 *   POST /oauth2/token        authorization_code (the code once, its client, redirect URI and PKCE
 *                             verifier) and refresh_token grants
 *   GET  /logout              back to one of the client's sign-out URLs
 *   GET  /error               where Cognito shows what it cannot redirect (a redirect_mismatch)
 *
 * Errors are Cognito's: a redirect URI it cannot trust goes to /error, others to the redirect
 * URI with `error` and `error_description`; the token endpoint answers `{ "error": ... }`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { userPoolDefinition as def } from '../../../shared/user-pool';
import { attributesToRecord, type AppClient, type User } from './cognito-local-internals';
import { assertClientMayWrite } from './operations/attributes';
import { appClient } from './operations/checks';
import type { OperationContext } from './operations/context';
import { refreshTokens } from './operations/sessions';
import type { HostedUiOptions } from './types';
import { EXTERNAL_PROVIDER } from './users';

/** What the app client may ask for: the CDK stack's client grants these (infra/aws/auth.ts). */
const ALLOWED_SCOPES = new Set(['openid', 'email', 'profile', def.apiScope]);
/** How long the browser has at Google, and the app to redeem its code (Cognito's codes last 5 minutes). */
const PENDING_MS = 10 * 60_000;
const CODE_MS = 5 * 60_000;

interface PendingSignIn {
  clientId: string;
  redirectUri: string;
  appState: string | undefined;
  codeChallenge: string | undefined;
  scopes: string[];
  /** Our own PKCE verifier and nonce with Google. */
  googleVerifier: string;
  nonce: string;
  expiresAt: number;
}

interface IssuedCode {
  username: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  scopes: string[];
  expiresAt: number;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  return target.toString();
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store', pragma: 'no-cache', ...headers });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export function createHostedUi(env: OperationContext, options: HostedUiOptions, origin: () => string) {
  const pending = new Map<string, PendingSignIn>();
  const codes = new Map<string, IssuedCode>();
  const { google } = options;
  let discovery: Promise<Discovery> | null = null;
  const discover = () =>
    (discovery ??= fetch(`${google.issuer}/.well-known/openid-configuration`).then(async (res) => {
      if (!res.ok) throw new Error(`Google stand-in discovery answered ${res.status}`);
      return (await res.json()) as Discovery;
    }).catch((error: unknown) => {
      discovery = null;
      throw error;
    }));
  let verifier: ReturnType<typeof JwtRsaVerifier.create<{ issuer: string; audience: string; jwksUri: string }>> | null = null;
  const idpResponseUrl = () => `${origin()}/oauth2/idpresponse`;

  /** One use: a state or code is gone once it is read, whatever happens next. */
  function take<T extends { expiresAt: number }>(map: Map<string, T>, key: string | null): T | null {
    if (!key) return null;
    const found = map.get(key) ?? null;
    map.delete(key);
    return found && found.expiresAt > env.now() ? found : null;
  }

  function errorPage(res: ServerResponse, error: string, clientId?: string): void {
    redirect(res, withParams(`${origin()}/error`, { error, client_id: clientId }));
  }

  async function clientNamed(id: string | null): Promise<AppClient | null> {
    if (!id) return null;
    try {
      return (await appClient(env, id)).client;
    } catch {
      return null;
    }
  }

  async function authorize(url: URL, res: ServerResponse): Promise<void> {
    const q = url.searchParams;
    const clientId = q.get('client_id');
    const redirectUri = q.get('redirect_uri');
    const client = await clientNamed(clientId);
    // A redirect URI Cognito cannot trust is never redirected to.
    if (!client || !redirectUri || !options.callbackUrls.includes(redirectUri)) return errorPage(res, 'redirect_mismatch', clientId ?? undefined);
    const appState = q.get('state') ?? undefined;
    const back = (error: string, description: string) => redirect(res, withParams(redirectUri, { error_description: description, state: appState, error }));
    if (q.get('response_type') !== 'code') return back('unsupported_response_type', 'Only the authorization code grant is enabled for this client');
    // No scope asked: Cognito grants every scope the client allows.
    const scopes = (q.get('scope') ?? [...ALLOWED_SCOPES].join(' ')).split(/\s+/).filter(Boolean);
    if (scopes.some((s) => !ALLOWED_SCOPES.has(s))) return back('invalid_scope', 'invalid_scope');
    const challenge = q.get('code_challenge') ?? undefined;
    if (challenge !== undefined && (q.get('code_challenge_method') !== 'S256' || !/^[\w-]{43,128}$/.test(challenge))) return back('invalid_request', 'invalid code_challenge');
    if (q.get('identity_provider') !== 'Google') {
      return back('invalid_request', 'The local hosted UI signs in with identity_provider=Google only; e-mail and password sign in on the site.');
    }
    // Sign-ins abandoned at Google are forgotten once they expire.
    for (const [key, waiting] of pending) if (waiting.expiresAt <= env.now()) pending.delete(key);
    for (const [key, issued] of codes) if (issued.expiresAt <= env.now()) codes.delete(key);
    const state = base64url(randomBytes(24));
    const googleVerifier = base64url(randomBytes(32));
    const nonce = base64url(randomBytes(16));
    pending.set(state, { clientId: client.ClientId, redirectUri, appState, codeChallenge: challenge, scopes, googleVerifier, nonce, expiresAt: env.now() + PENDING_MS });
    const { authorization_endpoint } = await discover();
    redirect(
      res,
      withParams(authorization_endpoint, {
        client_id: google.clientId,
        redirect_uri: idpResponseUrl(),
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: s256(googleVerifier),
        code_challenge_method: 'S256',
      }),
    );
  }

  /** Google's ID token for its code, verified (signature, issuer, audience, expiry, our nonce). */
  async function googleClaims(code: string, signIn: PendingSignIn): Promise<Record<string, unknown>> {
    const { token_endpoint, jwks_uri } = await discover();
    const answer = await fetch(token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(google.clientId)}:${encodeURIComponent(google.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: idpResponseUrl(), code_verifier: signIn.googleVerifier }),
    });
    const body = (await answer.json()) as { id_token?: string; error?: string };
    if (!answer.ok || !body.id_token) throw new Error(`Google refused the code: ${body.error ?? answer.status}`);
    if (!verifier) {
      const created = JwtRsaVerifier.create({ issuer: google.issuer, audience: google.clientId, jwksUri: jwks_uri });
      // aws-jwt-verify fetches keys over https only; the stand-in serves them over http: loaded here
      // (its key is made at each start of the stack, with this verifier).
      created.cacheJwks((await (await fetch(jwks_uri)).json()) as Parameters<typeof created.cacheJwks>[0]);
      verifier = created;
    }
    const claims = (await verifier.verify(body.id_token)) as Record<string, unknown>;
    if (claims.nonce !== signIn.nonce) throw new Error('Google ID token for another sign-in (nonce)');
    return claims;
  }

  /** The attributes the CDK stack maps from Google (infra/aws/auth.ts). */
  function mapped(claims: Record<string, unknown>): { Name: string; Value: string }[] {
    const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : undefined);
    const pairs: [string, string | undefined][] = [
      ['email', text('email')?.toLowerCase()],
      ['email_verified', claims.email_verified === true || claims.email_verified === 'true' ? 'true' : 'false'],
      ['given_name', text('given_name')],
      ['family_name', text('family_name')],
      ['picture', text('picture')],
    ];
    return pairs.filter((p): p is [string, string] => p[1] !== undefined).map(([Name, Value]) => ({ Name, Value }));
  }

  /** One sign-in at a time per Google account: two first sign-ins at once make one user, not two subs. */
  const signingIn = new Map<string, Promise<User>>();
  function federatedUser(claims: Record<string, unknown>, clientId: string): Promise<User> {
    const key = String(claims.sub ?? '');
    const before = signingIn.get(key) ?? Promise.resolve(null);
    const next = before.catch(() => null).then(() => federatedUserNow(claims, clientId));
    signingIn.set(key, next);
    void next.finally(() => signingIn.get(key) === next && signingIn.delete(key)).catch(() => undefined);
    return next;
  }

  /** The federated user for Google's `sub`: made (with the sign-up triggers) on the first sign-in. */
  async function federatedUserNow(claims: Record<string, unknown>, clientId: string): Promise<User> {
    const googleSub = String(claims.sub ?? '');
    if (!/^[\w-]{1,255}$/.test(googleSub)) throw new Error('Google ID token without a usable sub');
    const username = `Google_${googleSub}`;
    const attributes = mapped(claims);
    // Cognito writes the mapped attributes with the app client's write permission, and fails the
    // sign-in when one is missing from it (`email_verified` excepted: shared/user-pool.ts).
    const { client } = await appClient(env, clientId);
    assertClientMayWrite(client, attributes.map((a) => a.Name).filter((name) => name !== 'email_verified'));
    const now = env.clock.get();
    const existing = await env.pool.getUserByUsername(env.ctx, username);
    if (existing && existing.Username === username) {
      // Cognito writes the mapped attributes again at every federated sign-in.
      const kept = (existing.Attributes ?? []).filter((a) => !attributes.some((m) => m.Name === a.Name));
      const updated: User = { ...existing, Attributes: [...kept, ...attributes], UserLastModifiedDate: now };
      await env.pool.saveUser(env.ctx, updated);
      return updated;
    }
    const identities = JSON.stringify([{ userId: googleSub, providerName: 'Google', providerType: 'Google', issuer: null, primary: true, dateCreated: now.getTime() }]);
    const userAttributes = [...attributes, { Name: 'identities', Value: identities }];
    await env.triggers.preSignUp(
      { clientId, source: 'PreSignUp_ExternalProvider', userAttributes, username, userPoolId: env.userPoolId, clientMetadata: undefined, validationData: undefined },
      {},
    );
    const user: User = {
      Username: username,
      UserStatus: EXTERNAL_PROVIDER,
      // A federated user has no password in Cognito; cognito-local's record needs one: nobody knows it
      // (and password sign-in refuses EXTERNAL_PROVIDER users anyway, operations/sign-in.ts).
      Password: base64url(randomBytes(32)),
      Enabled: true,
      Attributes: [{ Name: 'sub', Value: randomUUID() }, ...userAttributes],
      UserCreateDate: now,
      UserLastModifiedDate: now,
      RefreshTokens: [],
    };
    await env.pool.saveUser(env.ctx, user);
    // As in Cognito, the portfolio's trigger runs before the first tokens are issued.
    await env.triggers.postConfirmation({ clientId, source: 'PostConfirmation_ConfirmSignUp', userAttributes: user.Attributes ?? [], username, userPoolId: env.userPoolId, clientMetadata: undefined });
    return user;
  }

  async function idpResponse(url: URL, res: ServerResponse): Promise<void> {
    const q = url.searchParams;
    const signIn = take(pending, q.get('state'));
    if (!signIn) return errorPage(res, 'invalid_request');
    const back = (params: Record<string, string | undefined>) => redirect(res, withParams(signIn.redirectUri, { ...params, state: signIn.appState }));
    const googleError = q.get('error');
    if (googleError) {
      // The user cancelled at Google (access_denied), or Google refused: the app hears why.
      return back({ error_description: q.get('error_description') ?? googleError, error: googleError === 'access_denied' ? 'access_denied' : 'server_error' });
    }
    let user: User;
    try {
      const claims = await googleClaims(q.get('code') ?? '', signIn);
      user = await federatedUser(claims, signIn.clientId);
    } catch (error) {
      // The detail stays in the log; the site hears only that the sign-in failed (a trigger's refusal is its own words, as in Cognito).
      env.ctx.logger.warn({ err: error }, 'hosted UI: federated sign-in failed');
      const refused = error instanceof Error && error.name === 'UserLambdaValidationException';
      return back({ error_description: refused ? error.message : 'The sign-in with Google could not be completed.', error: 'server_error' });
    }
    if (!user.Enabled) return back({ error_description: 'User is disabled.', error: 'invalid_request' });
    const code = randomUUID();
    codes.set(code, { username: user.Username, clientId: signIn.clientId, redirectUri: signIn.redirectUri, codeChallenge: signIn.codeChallenge, scopes: signIn.scopes, expiresAt: env.now() + CODE_MS });
    back({ code });
  }

  async function token(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>): Promise<void> {
    const fail = (error: string, status = 400) => json(res, status, { error }, cors);
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      return fail('invalid_request');
    }
    const clientId = form.get('client_id');
    const client = await clientNamed(clientId);
    if (!client) return fail('invalid_client', 400);
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const issued = take(codes, form.get('code'));
      if (!issued || issued.clientId !== client.ClientId || issued.redirectUri !== form.get('redirect_uri')) return fail('invalid_grant');
      if (issued.codeChallenge !== undefined && s256(form.get('code_verifier') ?? '') !== issued.codeChallenge) return fail('invalid_grant');
      const user = await env.pool.getUserByUsername(env.ctx, issued.username);
      if (!user || user.Username !== issued.username || !user.Enabled) return fail('invalid_grant');
      const groups = await env.pool.listUserGroupMembership(env.ctx, user);
      const tokens = await env.issueTokens(user, groups, client, { source: 'TokenGeneration_HostedAuth', scope: issued.scopes.join(' ') });
      await env.pool.storeRefreshToken(env.ctx, tokens.RefreshToken, user);
      return json(res, 200, { id_token: tokens.IdToken, access_token: tokens.AccessToken, refresh_token: tokens.RefreshToken, expires_in: tokens.ExpiresIn, token_type: 'Bearer' }, cors);
    }
    if (grant === 'refresh_token') {
      try {
        const tokens = await refreshTokens(env, form.get('refresh_token'), client, env.pool);
        return json(res, 200, { id_token: tokens.IdToken, access_token: tokens.AccessToken, expires_in: tokens.ExpiresIn, token_type: 'Bearer' }, cors);
      } catch {
        return fail('invalid_grant');
      }
    }
    return fail('unsupported_grant_type');
  }

  async function logout(url: URL, res: ServerResponse): Promise<void> {
    const client = await clientNamed(url.searchParams.get('client_id'));
    const logoutUri = url.searchParams.get('logout_uri');
    if (!client || !logoutUri || !options.logoutUrls.includes(logoutUri)) return errorPage(res, 'redirect_mismatch', url.searchParams.get('client_id') ?? undefined);
    redirect(res, logoutUri);
  }

  function errorShown(url: URL, res: ServerResponse): void {
    const error = (url.searchParams.get('error') ?? 'invalid_request').replace(/[^\w-]/g, '');
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>An error was encountered with the requested page.</h1><p>${error}</p></body></html>`);
  }

  /** The site's origins may read the token endpoint's answers (Amplify calls it with fetch). */
  const siteOrigins = new Set(options.callbackUrls.map((u) => new URL(u).origin));

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin());
    const requestOrigin = typeof req.headers.origin === 'string' ? req.headers.origin : '';
    const cors: Record<string, string> = siteOrigins.has(requestOrigin) ? { 'access-control-allow-origin': requestOrigin, vary: 'Origin' } : {};
    if (url.pathname === '/oauth2/token') {
      if (req.method === 'OPTIONS') {
        // Amplify sends its user agent in a header of its own.
        res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type, authorization, x-amz-user-agent', 'access-control-max-age': '600' });
        res.end();
        return;
      }
      if (req.method === 'POST') return token(req, res, cors);
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') return authorize(url, res);
    if (req.method === 'GET' && url.pathname === '/oauth2/idpresponse') return idpResponse(url, res);
    if (req.method === 'GET' && url.pathname === '/logout') return logout(url, res);
    if (req.method === 'GET' && url.pathname === '/error') return errorShown(url, res);
    json(res, 404, { error: 'Not Found' });
  };
}
