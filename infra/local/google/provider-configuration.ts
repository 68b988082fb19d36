/**
 * The Google stand-in's oidc-provider configuration: its one client (the local hosted UI), the
 * demo accounts and the claims Google's ID token carries, an account chosen at every sign-in,
 * and no consent asked after it, as Google does. Its cookie keys are made at each start.
 */
import { randomBytes } from 'node:crypto';
import { type Configuration, interactionPolicy } from 'oidc-provider';
import type { DemoGoogleAccount } from './demo-accounts';
import { memoryAdapter } from './memory-adapter';

export interface ProviderSetUp {
  clientId: string;
  clientSecret: string;
  /** The only redirect URI its one client may use. */
  redirectUri: string;
  accounts: readonly DemoGoogleAccount[];
  /** The signing key, as a private JWK. */
  jwk: Record<string, unknown>;
}

/**
 * Google shows its account chooser at each sign-in from the app, even to a browser signed in to
 * Google: so does the stand-in (a sign-in request not yet answered by a choice asks for one).
 */
function accountChooserEveryTime() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('choose_account', 'an account is chosen at every sign-in', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
      0,
    );
  return policy;
}

/** The demo account by its `sub`, with the claims Google's ID token gives it. */
function findDemoAccount(accounts: readonly DemoGoogleAccount[]): Configuration['findAccount'] {
  return async (_ctx, id) => {
    const account = accounts.find((a) => a.sub === id);
    if (!account) return undefined;
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        email: account.email,
        email_verified: true,
        name: `${account.givenName} ${account.familyName}`,
        given_name: account.givenName,
        family_name: account.familyName,
      }),
    };
  };
}

/** Google asks for no consent for these scopes after the account is chosen. */
const grantWithoutConsent: Configuration['loadExistingGrant'] = async (ctx) => {
  const accountId = ctx.oidc.session?.accountId;
  const clientId = ctx.oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;
  const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
};

export function providerConfiguration(options: ProviderSetUp): Configuration {
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: 'Aurum',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [options.jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Google's ID token carries the profile itself: Cognito maps it from there.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: findDemoAccount(options.accounts),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: accountChooserEveryTime() },
    features: { devInteractions: { enabled: false } },
    loadExistingGrant: grantWithoutConsent,
  };
}
