/**
 * POST /oauth2/token: the authorization_code grant (the code once, for its client, redirect URI
 * and PKCE verifier) and the refresh_token grant, answered as Cognito's token endpoint answers:
 * the tokens, or `{ "error": ... }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readForm } from '../http/read-body';
import type { AppClient } from './cognito-local-internals';
import { clientNamed, type HostedUiContext } from './hosted-ui-context';
import { json, s256 } from './hosted-ui-replies';
import { rotateRefreshToken } from './operations/sessions';

/** A token request is a short form; anything longer is refused unread. */
const MAX_FORM_BYTES = 16 * 1024;

type TokenAnswer = { status: number; body: Record<string, unknown> };
const failed = (error: string): TokenAnswer => ({ status: 400, body: { error } });

/** The tokens for a code the app was given at its redirect URI. */
async function codeGrant(ctx: HostedUiContext, form: URLSearchParams, client: AppClient): Promise<TokenAnswer> {
  const { env } = ctx;
  const issued = ctx.codes.take(form.get('code'));
  if (!issued || issued.clientId !== client.ClientId || issued.redirectUri !== form.get('redirect_uri'))
    return failed('invalid_grant');
  if (issued.codeChallenge !== undefined && s256(form.get('code_verifier') ?? '') !== issued.codeChallenge)
    return failed('invalid_grant');
  const user = await env.pool.getUserByUsername(env.ctx, issued.username);
  if (!user || user.Username !== issued.username || !user.Enabled) return failed('invalid_grant');
  const groups = await env.pool.listUserGroupMembership(env.ctx, user);
  const tokens = await env.issueTokens(user, groups, client, {
    source: 'TokenGeneration_HostedAuth',
    scope: issued.scopes.join(' '),
  });
  await env.pool.storeRefreshToken(env.ctx, tokens.RefreshToken, user);
  return {
    status: 200,
    body: {
      id_token: tokens.IdToken,
      access_token: tokens.AccessToken,
      refresh_token: tokens.RefreshToken,
      expires_in: tokens.ExpiresIn,
      token_type: 'Bearer',
    },
  };
}

/**
 * New access, ID and refresh tokens for a refresh token: the app client rotates refresh tokens
 * (shared/user-pool.ts), and Cognito's token endpoint rotates them as GetTokensFromRefreshToken does.
 */
async function refreshGrant(ctx: HostedUiContext, form: URLSearchParams, client: AppClient): Promise<TokenAnswer> {
  try {
    const tokens = await rotateRefreshToken(ctx.env, form.get('refresh_token'), client, ctx.env.pool);
    return {
      status: 200,
      body: {
        id_token: tokens.IdToken,
        access_token: tokens.AccessToken,
        refresh_token: tokens.RefreshToken,
        expires_in: tokens.ExpiresIn,
        token_type: 'Bearer',
      },
    };
  } catch {
    return failed('invalid_grant');
  }
}

async function tokenAnswer(ctx: HostedUiContext, req: IncomingMessage): Promise<TokenAnswer> {
  let form: URLSearchParams | 'too-large';
  try {
    form = await readForm(req, MAX_FORM_BYTES);
  } catch {
    return failed('invalid_request');
  }
  if (form === 'too-large') return failed('invalid_request');
  const client = await clientNamed(ctx, form.get('client_id'));
  if (!client) return failed('invalid_client');
  const grant = form.get('grant_type');
  if (grant === 'authorization_code') return codeGrant(ctx, form, client);
  if (grant === 'refresh_token') return refreshGrant(ctx, form, client);
  return failed('unsupported_grant_type');
}

/** `cors`: the headers that let the site's origin read the answer. */
export async function token(
  ctx: HostedUiContext,
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string>,
): Promise<void> {
  const { status, body } = await tokenAnswer(ctx, req);
  json(res, status, body, cors);
}
