/**
 * /config.json: what the SPA needs to find Cognito, as the CDK stack writes it (shared/site-config.ts),
 * the demo firm's footer (infra/aws/demo-firm.ts) and the stack's client agreement (client-agreement.ts).
 */
import { siteConfig } from '../../../shared/site-config';
import type { ClientAgreement } from '../../../shared/client-agreement';
import { DEMO_FIRM } from '../../aws/demo-firm';
import { send } from './send';
import type { CognitoTarget, GatewayRoute } from './types';

/** `host` is one of allowedHosts (checked before any route), so the SPA is sent back to this gateway. */
function configJson(cognito: CognitoTarget, host: string, agreement: ClientAgreement | undefined) {
  const origin = `http://${host}`;
  return siteConfig({
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
    userPoolEndpoint: `${origin}/cognito`,
    // Google through the local hosted UI, when the stack runs one (its TLS port on this machine).
    oauthDomain: cognito.hostedUi?.domain ?? null,
    googleSignIn: cognito.hostedUi !== undefined,
    // The demo firm's footer, marked as a demo on every page.
    firm: { ...DEMO_FIRM },
    ...(agreement ? { agreement } : {}),
  });
}

export function configJsonRoute(cognito: CognitoTarget, agreement?: ClientAgreement): GatewayRoute {
  return {
    matches: (pathname) => pathname === '/config.json',
    handle: async (req, res) => send(res, 200, configJson(cognito, String(req.headers.host), agreement)),
  };
}
