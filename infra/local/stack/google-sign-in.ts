/**
 * "Continue with Google": a stand-in for Google, and what the local Cognito needs to put its
 * hosted UI in front of it over TLS (Amplify reaches a hosted UI only over https), on ports kept
 * across restarts with the data folder's certificate.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { hostedUiCertificate, type LocalCognitoOptions } from '@aurum/cognito-emulator';
import { keptPort } from '../ports';

export type HostedUiSetUp = NonNullable<LocalCognitoOptions['hostedUi']>;

export interface GoogleSignIn {
  /** What the local Cognito's hosted UI is started with. */
  hostedUi: HostedUiSetUp;
  /** Stops the Google stand-in. */
  stop(): Promise<void>;
}

/** `siteUrls`: the site's own origins, as the browser may name them (Amplify redirects back to the page's origin). */
export async function startGoogleSignIn(dataDir: string, siteUrls: readonly string[]): Promise<GoogleSignIn> {
  const hostedUiPort = await keptPort(join(dataDir, 'hosted-ui.port'));
  const googleClient = { clientId: 'aurum-local-hosted-ui', clientSecret: randomBytes(24).toString('base64url') };
  const tls = await hostedUiCertificate(join(dataDir, 'hosted-ui-tls'));
  // Loaded only here: the tools that read the stack's file need no identity provider.
  const { startGoogleStandIn } = await import('../google/stand-in');
  const google = await startGoogleStandIn({
    ...googleClient,
    redirectUri: `https://localhost:${hostedUiPort}/oauth2/idpresponse`,
  });
  return {
    hostedUi: {
      google: { issuer: google.issuer, ...googleClient },
      callbackUrls: siteUrls,
      logoutUrls: siteUrls,
      tls,
      port: hostedUiPort,
    },
    stop: () => google.stop(),
  };
}
