/**
 * The one Cognito client of a Lambda, made from the runtime's settings on first use and kept for
 * the container's life (lambdas/lib/runtime/runtime.ts). Where the function calls Cognito with a
 * user's token it carries the user pool firewall's pass (cognito-backend-header.ts): given by the
 * local stack, or read at run time from the secret the stack names (cognito-backend-secret.ts).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { secretsClient } from '../runtime/clients';
import { type Kept, keptValue } from '../runtime/runtime';
import { sendBackendHeader } from './cognito-backend-header';
import { cachedSecretValue } from './cognito-backend-secret';

const COGNITO: Kept<CognitoIdentityProviderClient> = {
  make: ({ settings: { region, cognitoEndpoint, credentials, cognitoBackendSecret, cognitoBackendSecretArn } }) => {
    const client = new CognitoIdentityProviderClient({ region, endpoint: cognitoEndpoint, credentials });
    if (cognitoBackendSecret) sendBackendHeader(client, cognitoBackendSecret);
    else if (cognitoBackendSecretArn)
      sendBackendHeader(client, cachedSecretValue(secretsClient(), cognitoBackendSecretArn));
    return client;
  },
  release: (client) => client.destroy(),
};

/** The one Cognito client, created on first use. */
export function cognitoClient(): CognitoIdentityProviderClient {
  return keptValue(COGNITO);
}
