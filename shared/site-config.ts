/**
 * /config.json: what the SPA needs to find Cognito, and the stage's funding instructions. Written
 * by the CDK stack from its outputs and settings (infra/aws/portal-stack.ts) and by the local
 * gateway (infra/local/gateway.ts), both through siteConfig(); read by the web (web/src/config.ts)
 * with parseSiteConfig(). So one build runs anywhere. Checked by hand rather than with zod, which
 * would triple the first screen's download.
 */
export interface SiteConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Locally, cognito-local behind the gateway; absent in AWS. */
  userPoolEndpoint?: string;
  /** The hosted UI's domain (no scheme), for Google sign-in; null where there is none (a stage without Google, or LOCAL_GOOGLE=off). */
  oauthDomain: string | null;
  googleSignIn: boolean;
  /** How a client funds the account (the stage's setting, checked at synth): short lines, none where the stage gives none. */
  fundingInstructions: string[];
}

/** The config.json to write: exactly the known fields (an absent endpoint is left out, not written as null). */
export function siteConfig(fields: SiteConfig): SiteConfig {
  return {
    region: fields.region,
    userPoolId: fields.userPoolId,
    userPoolClientId: fields.userPoolClientId,
    ...(fields.userPoolEndpoint === undefined ? {} : { userPoolEndpoint: fields.userPoolEndpoint }),
    oauthDomain: fields.oauthDomain,
    googleSignIn: fields.googleSignIn,
    fundingInstructions: fields.fundingInstructions,
  };
}

/** Reads config.json; throws naming the first field that is missing or of the wrong kind. */
export function parseSiteConfig(value: unknown): SiteConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('config.json: not an object');
  const v = value as Record<string, unknown>;
  const text = (key: string): string => {
    const x = v[key];
    if (typeof x !== 'string' || x === '') throw new Error(`config.json: ${key} is missing`);
    return x;
  };
  const endpoint = v.userPoolEndpoint;
  if (endpoint !== undefined && (typeof endpoint !== 'string' || !/^https?:\/\/\S+$/.test(endpoint))) throw new Error('config.json: userPoolEndpoint is not a URL');
  const oauthDomain = v.oauthDomain;
  if (oauthDomain !== null && (typeof oauthDomain !== 'string' || oauthDomain === '')) throw new Error('config.json: oauthDomain must be a domain or null');
  if (typeof v.googleSignIn !== 'boolean') throw new Error('config.json: googleSignIn must be true or false');
  if (v.googleSignIn && oauthDomain === null) throw new Error('config.json: googleSignIn needs oauthDomain');
  const funding = v.fundingInstructions ?? [];
  if (!Array.isArray(funding) || funding.some((line) => typeof line !== 'string' || !line)) throw new Error('config.json: fundingInstructions must be lines of text');
  return siteConfig({
    region: text('region'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    ...(typeof endpoint === 'string' ? { userPoolEndpoint: endpoint } : {}),
    oauthDomain,
    googleSignIn: v.googleSignIn,
    fundingInstructions: funding,
  });
}
