/** Amplify v6, auth only, configured from /config.json. */
import { Amplify } from 'aws-amplify';
import type { AppConfig } from '../config';

/** The API requires this scope on access tokens; hosted-UI (Google) sign-ins must ask for it. */
const API_SCOPE = 'aws.cognito.signin.user.admin';

export function configureAmplify(config: AppConfig, origin: string = window.location.origin): void {
  const google = config.googleSignIn && config.oauthDomain;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(google
            ? {
                oauth: {
                  domain: config.oauthDomain as string,
                  scopes: ['openid', 'email', 'profile', API_SCOPE],
                  redirectSignIn: [`${origin}/`],
                  redirectSignOut: [`${origin}/`],
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  });
}
