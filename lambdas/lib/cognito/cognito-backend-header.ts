/**
 * The header that tells the user pool's firewall a Cognito call comes from the API's functions.
 * The firewall (infra/aws/user-pool-firewall.ts) refuses the operations that change a password
 * or the second factor unless it carries the stack's secret: those changes go through the API's
 * routes, which record them, end the other sessions and e-mail the user. Cognito evaluates the
 * firewall for every call made with a user's token, the API's too, hence the header.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export const COGNITO_BACKEND_HEADER = 'x-aurum-backend';

/**
 * The operations the user pool's firewall refuses outright: self-service account deletion (a
 * client account ends only through the admins' Delete Client, which keeps the books).
 */
export const ALWAYS_REFUSED_OPERATIONS = ['DeleteUser'] as const;

/**
 * A password change, the second factor's life and the passkeys': only through the API's /api/me routes, which
 * record the change, end the other sessions and e-mail the user. Cognito would take them from any
 * holder of an access token (a stolen one could quietly switch codes off by associating a new
 * secret), so the firewall refuses them unless the backend header carries the stack's secret.
 * The one list both the AWS firewall (infra/aws/user-pool-firewall.ts) and the local Cognito's own
 * port (infra/local/cognito/server-api.ts) refuse by.
 */
export const ACCOUNT_CHANGE_OPERATIONS = [
  'ChangePassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  // A passkey signs in without the password: added or removed only through /api/me/passkeys.
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'DeleteWebAuthnCredential',
] as const;

/**
 * Adds the header with `secret` to every request the client sends: the value itself, or where to
 * read it at the moment of each request (cognito-backend-secret.ts), so it is never held in an environment.
 */
export function sendBackendHeader(
  client: CognitoIdentityProviderClient,
  secret: string | (() => Promise<string>),
): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers)
        request.headers[COGNITO_BACKEND_HEADER] = typeof secret === 'string' ? secret : await secret();
      return next(args);
    },
    { step: 'build', name: 'aurumBackendHeader' },
  );
}
