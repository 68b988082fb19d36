/**
 * The user pool's issuer documents, as Cognito's issuer
 * (`https://cognito-idp.<region>.amazonaws.com/<pool id>`) serves them: the JWKS the tokens'
 * verifiers load, and the OpenID configuration, which names the hosted UI's endpoints when the
 * pool has one.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from './server-replies';

export interface IssuerDocuments {
  jwk: Record<string, unknown>;
  issuerOf: (userPoolId: string) => string;
  /** The hosted UI's origin once it listens, if the pool has one. */
  hostedUiOrigin?: (() => string | undefined) | undefined;
}

const DOCUMENT_PATH = /^\/([^/]+)\/\.well-known\/(jwks\.json|openid-configuration)$/;

/** The pool and document a GET path asks for, or null when it names none. */
export function wellKnownPath(path: string): { poolId: string; document: string } | null {
  const match = DOCUMENT_PATH.exec(path);
  return match ? { poolId: match[1] ?? '', document: match[2] ?? '' } : null;
}

/** Cognito's OpenID configuration names its domain's endpoints. */
function hostedUiEndpoints(origin: string | undefined) {
  if (!origin) return {};
  return {
    authorization_endpoint: `${origin}/oauth2/authorize`,
    token_endpoint: `${origin}/oauth2/token`,
    end_session_endpoint: `${origin}/logout`,
    scopes_supported: ['openid', 'email', 'phone', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
  };
}

export function sendWellKnown(
  res: ServerResponse,
  documents: IssuerDocuments,
  asked: { poolId: string; document: string },
): void {
  if (asked.document === 'jwks.json') return sendJson(res, 200, { keys: [documents.jwk] });
  const issuer = documents.issuerOf(asked.poolId);
  sendJson(res, 200, {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    response_types_supported: ['code', 'token'],
    ...hostedUiEndpoints(documents.hostedUiOrigin?.()),
  });
}
