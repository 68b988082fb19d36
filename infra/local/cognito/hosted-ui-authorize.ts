/**
 * The browser's legs of a Google sign-in: GET /oauth2/authorize (the app's request, checked as
 * Cognito checks it, then the browser sent to Google) and GET /oauth2/idpresponse (Google's
 * answer: its code exchanged, the federated user made or updated, and a one-time code for the
 * app at its redirect URI). A redirect URI Cognito cannot trust goes to /error; every other
 * refusal goes back to the app with `error` and `error_description`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { userPoolDefinition as def } from '../../../shared/user-pool';
import type { User } from './cognito-local-internals';
import { clientNamed, errorPage, type HostedUiContext } from './hosted-ui-context';
import { CODE_MS, PENDING_MS } from './hosted-ui-grants';
import { base64url, redirect, withParams } from './hosted-ui-replies';

/** What the app client may ask for: the CDK stack's client grants these (infra/aws/auth.ts). */
const ALLOWED_SCOPES = new Set(['openid', 'email', 'profile', def.apiScope]);

/** Why the app's request is refused (the `error` and `error_description` it hears), or null when it may go on. */
function refusalOf(q: URLSearchParams, scopes: string[], challenge: string | undefined): [string, string] | null {
  if (q.get('response_type') !== 'code')
    return ['unsupported_response_type', 'Only the authorization code grant is enabled for this client'];
  if (scopes.some((s) => !ALLOWED_SCOPES.has(s))) return ['invalid_scope', 'invalid_scope'];
  if (challenge !== undefined && (q.get('code_challenge_method') !== 'S256' || !/^[\w-]{43,128}$/.test(challenge)))
    return ['invalid_request', 'invalid code_challenge'];
  if (q.get('identity_provider') !== 'Google') {
    return [
      'invalid_request',
      'The local hosted UI signs in with identity_provider=Google only; e-mail and password sign in on the site.',
    ];
  }
  return null;
}

/** GET /oauth2/authorize: the code flow (PKCE when the app sends a challenge, as Amplify does; S256 only), `identity_provider=Google`. */
export async function authorize(ctx: HostedUiContext, url: URL, res: ServerResponse): Promise<void> {
  const q = url.searchParams;
  const clientId = q.get('client_id');
  const redirectUri = q.get('redirect_uri');
  const client = await clientNamed(ctx, clientId);
  // A redirect URI Cognito cannot trust is never redirected to.
  if (!client || !redirectUri || !ctx.options.callbackUrls.includes(redirectUri))
    return errorPage(ctx, res, 'redirect_mismatch', clientId ?? undefined);
  const appState = q.get('state') ?? undefined;
  // No scope asked: Cognito grants every scope the client allows.
  const scopes = (q.get('scope') ?? [...ALLOWED_SCOPES].join(' ')).split(/\s+/).filter(Boolean);
  const challenge = q.get('code_challenge') ?? undefined;
  const refused = refusalOf(q, scopes, challenge);
  if (refused)
    return redirect(
      res,
      withParams(redirectUri, { error_description: refused[1], state: appState, error: refused[0] }),
    );
  ctx.pending.sweep();
  ctx.codes.sweep();
  const leg = {
    state: base64url(randomBytes(24)),
    googleVerifier: base64url(randomBytes(32)),
    nonce: base64url(randomBytes(16)),
  };
  const { googleVerifier, nonce } = leg;
  ctx.pending.put(leg.state, {
    clientId: client.ClientId,
    redirectUri,
    appState,
    codeChallenge: challenge,
    scopes,
    googleVerifier,
    nonce,
    expiresAt: ctx.env.now() + PENDING_MS,
  });
  redirect(res, await ctx.google.authorizationUrl(leg));
}

/** GET /oauth2/idpresponse: Google's answer, and the app's code for it. */
export async function idpResponse(ctx: HostedUiContext, url: URL, res: ServerResponse): Promise<void> {
  const q = url.searchParams;
  const signIn = ctx.pending.take(q.get('state'));
  if (!signIn) return errorPage(ctx, res, 'invalid_request');
  const back = (params: Record<string, string | undefined>) =>
    redirect(res, withParams(signIn.redirectUri, { ...params, state: signIn.appState }));
  const googleError = q.get('error');
  if (googleError) {
    // The user cancelled at Google (access_denied), or Google refused: the app hears why.
    return back({
      error_description: q.get('error_description') ?? googleError,
      error: googleError === 'access_denied' ? 'access_denied' : 'server_error',
    });
  }
  let user: User;
  try {
    user = await ctx.federatedUser(await ctx.google.claims(q.get('code') ?? '', signIn), signIn.clientId);
  } catch (error) {
    // The detail stays in the log; the site hears only that the sign-in failed (a trigger's refusal is its own words, as in Cognito).
    ctx.env.ctx.logger.warn({ err: error }, 'hosted UI: federated sign-in failed');
    const refused = error instanceof Error && error.name === 'UserLambdaValidationException';
    return back({
      error_description: refused ? error.message : 'The sign-in with Google could not be completed.',
      error: 'server_error',
    });
  }
  if (!user.Enabled) return back({ error_description: 'User is disabled.', error: 'invalid_request' });
  const code = randomUUID();
  const { clientId, redirectUri, codeChallenge, scopes } = signIn;
  ctx.codes.put(code, {
    username: user.Username,
    clientId,
    redirectUri,
    codeChallenge,
    scopes,
    expiresAt: ctx.env.now() + CODE_MS,
  });
  back({ code });
}
