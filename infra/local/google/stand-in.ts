/**
 * The local stand-in for Google as the user pool's identity provider: a real OpenID Connect
 * provider (npm `oidc-provider`), started by the local stack on its own port, whose sign-in page
 * lists a few demo Google accounts and a Cancel that answers `access_denied`, as Google's does.
 * It knows one client: the local Cognito's hosted UI, redirecting to its /oauth2/idpresponse.
 * Its configuration is in provider-configuration.ts, its sign-in page in interactions.ts.
 *
 * Its signing key and cookie keys are made at each start: nothing it signs outlives the stack,
 * and nothing outside the stack trusts it.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { closeNow, listen } from '../http/listen';
import { allowedHosts, hostAllowed } from '../loopback-host';
import { freePort } from '../ports';
import { DEMO_GOOGLE_ACCOUNTS, type DemoGoogleAccount } from './demo-accounts';
import { interaction } from './interactions';
import { providerConfiguration } from './provider-configuration';

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

const INTERACTION_PATH = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/;

export async function startGoogleStandIn(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const accounts = options.accounts ?? DEMO_GOOGLE_ACCOUNTS;
  const port = options.port || (await freePort());
  const issuer = `http://localhost:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  };
  const provider = new Provider(issuer, providerConfiguration({ ...options, accounts, jwk }));
  const oidc = provider.callback();

  // Like every local port, it answers only requests addressed to it by a loopback name (loopback-host.ts).
  let hosts: ReadonlySet<string> = new Set();
  const server: Server = createServer((req, res) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      res
        .writeHead(421, { 'content-type': 'text/plain' })
        .end('Misdirected Request: this port answers only loopback hosts');
      return;
    }
    const match = INTERACTION_PATH.exec((req.url ?? '').split('?')[0] ?? '');
    if (!match) {
      void oidc(req, res); // Koa's callback answers its own errors (a 500 page); nothing is left to catch
      return;
    }
    interaction(provider, accounts, req, res, match[1] ?? '', match[2]).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else
        res
          .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`This sign-in has expired or is not valid: ${(error as Error).message}`);
    });
  });
  await listen(server, port, '127.0.0.1');
  hosts = allowedHosts(port, '127.0.0.1');
  return { issuer, stop: () => closeNow(server) };
}
