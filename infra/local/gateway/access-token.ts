/**
 * The check the HTTP API's JWT authorizer makes in AWS: a Cognito access token of the app client,
 * with the API's scope, signed by the user pool's key.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { userPoolDefinition } from '../../../shared/user-pool';
import type { CognitoTarget } from './types';

/** The token's claims, or null when the authorizer would answer 401. */
export type VerifyAccessToken = (authorization: string) => Promise<Record<string, unknown> | null>;

export function accessTokenVerifier(cognito: CognitoTarget): VerifyAccessToken {
  const verifier = JwtRsaVerifier.create({
    issuer: cognito.issuer,
    audience: null,
    jwksUri: cognito.jwksUri,
    // What the HTTP API authorizer checks for a Cognito access token: the app client and the scope.
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== cognito.clientId) throw new Error('wrong client');
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(userPoolDefinition.apiScope)) throw new Error('missing scope');
    },
  });

  // aws-jwt-verify fetches keys over https only; cognito-local serves them over http, so the
  // gateway loads them itself once (the key is fixed for a data folder).
  let jwksLoaded: Promise<void> | undefined;
  const loadJwks = () =>
    (jwksLoaded ??= fetch(cognito.jwksUri)
      .then((r) => r.json())
      .then((jwks) => verifier.cacheJwks(jwks as Parameters<typeof verifier.cacheJwks>[0]))
      .catch((error: unknown) => {
        jwksLoaded = undefined;
        throw error;
      }));

  return async (authorization) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    try {
      if (!token) throw new Error('no token');
      await loadJwks();
      return await verifier.verify(token);
    } catch {
      return null;
    }
  };
}
