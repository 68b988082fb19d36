/** What the hosted UI's endpoints share: the running pool, the app client's URLs, Google, and the one-time grants. */
import type { ServerResponse } from 'node:http';
import type { AppClient, User } from './cognito-local-internals';
import type { GoogleClient } from './hosted-ui-google';
import type { IssuedCode, OneTimeStore, PendingSignIn } from './hosted-ui-grants';
import { redirect, withParams } from './hosted-ui-replies';
import { appClient } from './operations/checks';
import type { OperationContext } from './operations/context';
import type { HostedUiOptions } from './types';

export interface HostedUiContext {
  env: OperationContext;
  options: HostedUiOptions;
  /** The hosted UI's own origin (`https://localhost:<port>`), known once it listens. */
  origin: () => string;
  google: GoogleClient;
  pending: OneTimeStore<PendingSignIn>;
  codes: OneTimeStore<IssuedCode>;
  federatedUser: (claims: Record<string, unknown>, clientId: string) => Promise<User>;
}

/** The app client `id` names, or null for none (the hosted UI answers that with its own error, not Cognito's API error). */
export async function clientNamed(ctx: HostedUiContext, id: string | null): Promise<AppClient | null> {
  if (!id) return null;
  try {
    return (await appClient(ctx.env, id)).client;
  } catch {
    return null;
  }
}

/** To Cognito's error page: for what cannot be redirected to the app (a redirect URI it does not trust). */
export function errorPage(ctx: HostedUiContext, res: ServerResponse, error: string, clientId?: string): void {
  redirect(res, withParams(`${ctx.origin()}/error`, { error, client_id: clientId }));
}
