/**
 * /config.json: what the SPA needs to find Cognito, the firm's words every page's footer shows
 * and the client agreement a sign-up accepts. Public, so nothing only a client may read (the
 * funding instructions come with the portfolio, lambdas/http/getPortfolio.ts). Written
 * by the CDK stack from its outputs and settings (infra/aws/portal-stack.ts) and by the local
 * gateway (infra/local/gateway.ts), both through siteConfig(); read by the web (web/src/config.ts)
 * with parseSiteConfig(). So one build runs anywhere. Checked by hand rather than with zod, which
 * would triple the first screen's download.
 */
import { type ClientAgreement, isAgreementUrl, isAgreementVersion } from './client-agreement';

/**
 * The firm's words at the foot of every page (the stage's `firm` setting, checked at synth by
 * infra/aws/stage-config.ts): who the firm is, the risk it asks clients to accept, where its terms
 * and privacy notice are, and how to reach it.
 */
export interface FirmDetails {
  legalName: string;
  /** Says past performance is no guide and the growth target is not guaranteed. */
  riskDisclosure: string;
  termsUrl: string;
  privacyUrl: string;
  supportEmail: string;
  supportPhone?: string;
  /** A line saying the firm is a demo (the local stack, sample stages); a deployable stage has none. */
  demoNotice?: string;
  /** The firm's postal address, a line each, at the top of clients' statements and confirmations. */
  address?: string[];
}

const FIRM_TEXTS = ['legalName', 'riskDisclosure', 'termsUrl', 'privacyUrl', 'supportEmail'] as const;
const FIRM_OPTIONAL = ['supportPhone', 'demoNotice'] as const;

export interface SiteConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Locally, cognito-local behind the gateway; absent in AWS. */
  userPoolEndpoint?: string;
  /** The hosted UI's domain (no scheme), for Google sign-in; null where there is none (a stage without Google, or LOCAL_GOOGLE=off). */
  oauthDomain: string | null;
  googleSignIn: boolean;
  /** The footer's words; absent where the stage gives none (a sample stage may leave them out, a deployable one may not). */
  firm?: FirmDetails;
  /** The client agreement a new client accepts (the stage's clientAgreement), public as it is read before an account exists; absent where the stage has none. */
  agreement?: ClientAgreement;
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
    ...(fields.firm === undefined ? {} : { firm: firmDetails(fields.firm) }),
    ...(fields.agreement === undefined
      ? {}
      : { agreement: { version: fields.agreement.version, url: fields.agreement.url } }),
  };
}

/** The agreement as config.json carries it; throws when its version or page is not well formed. */
function parseAgreement(value: unknown): ClientAgreement {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!isAgreementVersion(v.version)) throw new Error('config.json: agreement.version is not a version');
  if (!isAgreementUrl(v.url)) throw new Error('config.json: agreement.url is not a URL');
  return { version: v.version, url: v.url };
}

/** Exactly the known fields of the firm's words (an absent phone or notice is left out). */
function firmDetails(firm: FirmDetails): FirmDetails {
  const details: Record<string, string> = {};
  for (const key of [...FIRM_TEXTS, ...FIRM_OPTIONAL]) if (firm[key] !== undefined) details[key] = firm[key];
  return { ...(details as unknown as FirmDetails), ...(firm.address ? { address: [...firm.address] } : {}) };
}

/** The footer's words as config.json carries them; throws naming the first field that is not text (the links not web addresses). */
function parseFirm(value: unknown): FirmDetails {
  if (typeof value !== 'object' || value === null) throw new Error('config.json: firm must be an object');
  const v = value as Record<string, unknown>;
  for (const key of [...FIRM_TEXTS, ...FIRM_OPTIONAL]) {
    const text = v[key];
    if (
      (text !== undefined || !(FIRM_OPTIONAL as readonly string[]).includes(key)) &&
      (typeof text !== 'string' || text === '')
    )
      throw new Error(`config.json: firm.${key} must be text`);
  }
  for (const key of ['termsUrl', 'privacyUrl'] as const)
    if (!/^https?:\/\/\S+$/.test(v[key] as string)) throw new Error(`config.json: firm.${key} is not a URL`);
  if (v.address !== undefined && !isAddress(v.address))
    throw new Error('config.json: firm.address must be lines of text');
  return firmDetails(v as unknown as FirmDetails);
}

const isAddress = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((line) => typeof line === 'string' && line.trim() !== '');

/** The firm's details as a function's setting holds them (FIRM_DETAILS, JSON); undefined when not whole. */
export function firmDetailsOf(value: unknown): FirmDetails | undefined {
  try {
    return parseFirm(value);
  } catch {
    return undefined;
  }
}

/** Reads config.json; throws naming the first field that is missing or of the wrong kind. */
export function parseSiteConfig(value: unknown): SiteConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('config.json: not an object');
  const v = value as Record<string, unknown>;
  const text = (key: string): string => {
    const x = v[key];
    if (typeof x !== 'string' || x === '') throw new Error(`config.json: ${key} is missing`);
    return x;
  };
  const endpoint = v.userPoolEndpoint;
  if (endpoint !== undefined && (typeof endpoint !== 'string' || !/^https?:\/\/\S+$/.test(endpoint)))
    throw new Error('config.json: userPoolEndpoint is not a URL');
  const oauthDomain = v.oauthDomain;
  if (oauthDomain !== null && (typeof oauthDomain !== 'string' || oauthDomain === ''))
    throw new Error('config.json: oauthDomain must be a domain or null');
  if (typeof v.googleSignIn !== 'boolean') throw new Error('config.json: googleSignIn must be true or false');
  if (v.googleSignIn && oauthDomain === null) throw new Error('config.json: googleSignIn needs oauthDomain');
  return siteConfig({
    region: text('region'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    ...(typeof endpoint === 'string' ? { userPoolEndpoint: endpoint } : {}),
    oauthDomain,
    googleSignIn: v.googleSignIn,
    ...(v.firm === undefined ? {} : { firm: parseFirm(v.firm) }),
    ...(v.agreement === undefined ? {} : { agreement: parseAgreement(v.agreement) }),
  });
}
