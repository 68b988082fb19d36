/**
 * The local stand-in for Google as the user pool's identity provider: a real OpenID Connect
 * provider (npm `oidc-provider`), started by the local stack on its own port, whose sign-in page
 * lists a few demo Google accounts and a Cancel that answers `access_denied`, as Google's does.
 * It knows one client: the local Cognito's hosted UI, redirecting to its /oauth2/idpresponse.
 *
 * Its signing key and cookie keys are made at each start: nothing it signs outlives the stack,
 * and nothing outside the stack trusts it.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider';
import { allowedHosts, hostAllowed } from '../loopback-host';
import { closeNow, listen } from '../http/listen';
import { freePort } from '../ports';
import { DEMO_GOOGLE_ACCOUNTS, type DemoGoogleAccount } from './demo-accounts';
import { memoryAdapter } from './memory-adapter';

export interface GoogleStandInOptions {
  /** The only redirect URI its one client may use (the hosted UI's /oauth2/idpresponse). */
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  port?: number;
  accounts?: readonly DemoGoogleAccount[];
}

export interface GoogleStandIn {
  /** `http://localhost:<port>`: its issuer, and where its discovery document is. */
  issuer: string;
  stop(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function accountPicker(uid: string, accounts: readonly DemoGoogleAccount[], clientName: string): string {
  const rows = accounts
    .map(
      (a) => `<li><button type="submit" name="account" value="${escapeHtml(a.sub)}"><span class="name">${escapeHtml(`${a.givenName} ${a.familyName}`)}</span><span class="email">${escapeHtml(a.email)}</span></button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in - Google Accounts (local stand-in)</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f4f9;margin:0;display:flex;justify-content:center;padding:48px 16px}main{background:#fff;border-radius:24px;padding:36px;max-width:420px;width:100%}h1{font-size:24px;font-weight:400;margin:0 0 8px}p{color:#444;margin:0 0 24px}ul{list-style:none;padding:0;margin:0 0 24px}li{border-top:1px solid #ddd}button{font:inherit;cursor:pointer}li button{display:flex;flex-direction:column;align-items:flex-start;gap:2px;width:100%;padding:14px 8px;background:none;border:0;text-align:left}li button:hover,li button:focus{background:#f2f2f2}.name{font-weight:500}.email{color:#555;font-size:14px}.cancel{background:none;border:0;color:#0b57d0;padding:8px 0}.note{font-size:12px;color:#666;margin-top:24px}</style></head>
<body><main><h1>Choose an account</h1><p>to continue to ${escapeHtml(clientName)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><ul aria-label="Demo Google accounts">${rows}</ul></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="cancel">Cancel</button></form>
<p class="note">A local stand-in for Google: these demo accounts exist only on this machine.</p></main></body></html>`;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 4096) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });
}

/**
 * Google shows its account chooser at each sign-in from the app, even to a browser signed in to
 * Google: so does the stand-in (a sign-in request not yet answered by a choice asks for one).
 */
function accountChooserEveryTime() {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check('choose_account', 'an account is chosen at every sign-in', (ctx) => (ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT)),
    0,
  );
  return policy;
}

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const accounts = options.accounts ?? DEMO_GOOGLE_ACCOUNTS;
  const port = options.port || (await freePort());
  const issuer = `http://localhost:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };

  const configuration: Configuration = {
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
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Google's ID token carries the profile itself: Cognito maps it from there.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: async (_ctx, id) => {
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
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: accountChooserEveryTime() },
    features: { devInteractions: { enabled: false } },
    // Google asks for no consent for these scopes after the account is chosen.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const oidc = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && action === undefined) {
      // No form-action: the choice is posted here, then redirected on to the hosted UI (another origin), which form-action would stop.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" });
      res.end(accountPicker(uid, accounts, 'Aurum'));
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const chosen = (await readForm(req)).get('account') ?? '';
      if (!accounts.some((a) => a.sub === chosen)) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Choose one of the accounts listed.');
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: chosen } }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      return;
    }
    res.writeHead(405).end();
  }

  // Like every local port, it answers only requests addressed to it by a loopback name (loopback-host.ts).
  let hosts: ReadonlySet<string> = new Set();
  const server: Server = createServer((req, res) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected Request: this port answers only loopback hosts');
      return;
    }
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!match) {
      oidc(req, res);
      return;
    }
    interaction(req, res, match[1] ?? '', match[2]).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`This sign-in has expired or is not valid: ${(error as Error).message}`);
    });
  });
  await listen(server, port, '127.0.0.1');
  hosts = allowedHosts(port, '127.0.0.1');
  return { issuer, stop: () => closeNow(server) };
}
