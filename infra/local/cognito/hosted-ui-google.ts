/**
 * The hosted UI's side of Google (the stack's Google stand-in, infra/local/google/): its
 * discovery document, where the browser is sent with our state, nonce and PKCE challenge, and
 * the exchange of its code for an ID token that is verified (signature, issuer, audience,
 * expiry, our nonce).
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { s256, withParams } from './hosted-ui-replies';
import type { GoogleProvider } from './types';

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** What one sign-in at Google is held to: our PKCE verifier and nonce. */
export interface GoogleLeg {
  state: string;
  googleVerifier: string;
  nonce: string;
}

export interface GoogleClient {
  /** Google's authorization endpoint for this sign-in. */
  authorizationUrl(leg: GoogleLeg): Promise<string>;
  /** The verified claims of Google's ID token for `code`. */
  claims(code: string, leg: Omit<GoogleLeg, 'state'>): Promise<Record<string, unknown>>;
}

type Verifier = ReturnType<typeof JwtRsaVerifier.create<{ issuer: string; audience: string; jwksUri: string }>>;

export function createGoogleClient(google: GoogleProvider, idpResponseUrl: () => string): GoogleClient {
  let discovery: Promise<Discovery> | null = null;
  const discover = () =>
    (discovery ??= fetch(`${google.issuer}/.well-known/openid-configuration`)
      .then(async (res) => {
        if (!res.ok) throw new Error(`Google stand-in discovery answered ${res.status}`);
        return (await res.json()) as Discovery;
      })
      .catch((error: unknown) => {
        discovery = null;
        throw error;
      }));

  let verifier: Verifier | null = null;
  async function verifierFor(jwksUri: string): Promise<Verifier> {
    if (verifier) return verifier;
    const created = JwtRsaVerifier.create({ issuer: google.issuer, audience: google.clientId, jwksUri });
    // aws-jwt-verify fetches keys over https only; the stand-in serves them over http: loaded here
    // (its key is made at each start of the stack, with this verifier).
    created.cacheJwks((await (await fetch(jwksUri)).json()) as Parameters<typeof created.cacheJwks>[0]);
    verifier = created;
    return created;
  }

  async function idTokenFor(code: string, googleVerifier: string, tokenEndpoint: string): Promise<string> {
    const answer = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(google.clientId)}:${encodeURIComponent(google.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: idpResponseUrl(),
        code_verifier: googleVerifier,
      }),
    });
    const body = (await answer.json()) as { id_token?: string; error?: string };
    if (!answer.ok || !body.id_token) throw new Error(`Google refused the code: ${body.error ?? answer.status}`);
    return body.id_token;
  }

  return {
    async authorizationUrl(leg) {
      const { authorization_endpoint } = await discover();
      return withParams(authorization_endpoint, {
        client_id: google.clientId,
        redirect_uri: idpResponseUrl(),
        response_type: 'code',
        scope: 'openid email profile',
        state: leg.state,
        nonce: leg.nonce,
        code_challenge: s256(leg.googleVerifier),
        code_challenge_method: 'S256',
      });
    },

    async claims(code, leg) {
      const { token_endpoint, jwks_uri } = await discover();
      const idToken = await idTokenFor(code, leg.googleVerifier, token_endpoint);
      const claims = (await (await verifierFor(jwks_uri)).verify(idToken)) as Record<string, unknown>;
      if (claims.nonce !== leg.nonce) throw new Error('Google ID token for another sign-in (nonce)');
      return claims;
    },
  };
}
