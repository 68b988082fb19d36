/**
 * What the site answers, defined once for CloudFront (infra/aws/site.ts) and for the local
 * server (infra/local/web-server.ts and gateway.ts): the security headers with the content
 * security policy, which paths are routes of the SPA, and how files are cached.
 *
 * AWS and local differ only in the origins the SPA talks to besides its own (Cognito's regional
 * endpoints and hosted UI in AWS; locally cognito-local is reached through the gateway on the
 * same origin) and in HTTPS (so Strict-Transport-Security is sent by CloudFront only).
 * infra/aws/portal-stack.test.ts and infra/local/web-server.test.ts hold each side to this file.
 */

import { createHash } from 'node:crypto';
import { HEAD_SCRIPT } from './head-script';

export interface SiteOrigins {
  /** Origins the SPA may call besides its own (connect-src). */
  connect: readonly string[];
  /** Origins a form may be sent to besides the site's own (form-action). */
  formAction: readonly string[];
  /** Served over HTTPS, where Strict-Transport-Security applies (browsers ignore it on plain http). */
  https: boolean;
}

/**
 * In AWS, Amplify talks to Cognito directly, and Google sign-in goes through the hosted UI: at
 * Cognito's prefix domain in the region, or at the stage's own auth name (a host name, no scheme)
 * when the stage has a custom domain.
 */
export function awsSiteOrigins(region: string, hostedUiName?: string): SiteOrigins {
  if (hostedUiName !== undefined && !/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(hostedUiName))
    throw new Error(`The hosted UI's name must be a host name, not ${hostedUiName}`);
  const hostedUi = hostedUiName ? `https://${hostedUiName}` : `https://*.auth.${region}.amazoncognito.com`;
  return { connect: [`https://cognito-idp.${region}.amazonaws.com`, hostedUi], formAction: [hostedUi], https: true };
}

/**
 * Locally, cognito-local is behind the gateway's /cognito (the site's own origin), and the site
 * has no TLS; the local hosted UI ("Continue with Google") is the one other origin, when it runs.
 */
export function localSiteOrigins(hostedUiOrigin?: string): SiteOrigins {
  const hostedUi = hostedUiOrigin ? [hostedUiOrigin] : [];
  return { connect: hostedUi, formAction: hostedUi, https: false };
}

export const LOCAL_SITE_ORIGINS: SiteOrigins = localSiteOrigins();

/** The one inline script the site runs (shared/site/head-script.ts), allowed by its hash and nothing else inline. */
export const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT, 'utf8').digest('base64')}'`;

export function contentSecurityPolicy(origins: SiteOrigins): string {
  const self = (extra: readonly string[]) => ["'self'", ...extra].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${HEAD_SCRIPT_HASH}`,
    // Chakra UI (emotion) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://*.googleusercontent.com",
    "font-src 'self' data:",
    `connect-src ${self(origins.connect)}`,
    `form-action ${self(origins.formAction)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The security headers as settings (what CloudFront's response headers policy takes): every
 * answer of the site carries them, the API's included.
 */
export function securityHeaderRules(origins: SiteOrigins) {
  return {
    contentSecurityPolicy: contentSecurityPolicy(origins),
    contentTypeOptions: 'nosniff' as const,
    frameOptions: 'DENY' as const,
    referrerPolicy: 'strict-origin-when-cross-origin' as const,
    strictTransportSecurity: origins.https
      ? { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true, preload: true }
      : undefined,
  };
}

export type SecurityHeaderRules = ReturnType<typeof securityHeaderRules>;

/** The same headers as the browser receives them (lower-case names). */
export function securityHeaders(origins: SiteOrigins): Record<string, string> {
  const rules = securityHeaderRules(origins);
  const hsts = rules.strictTransportSecurity;
  return {
    'content-security-policy': rules.contentSecurityPolicy,
    'x-content-type-options': rules.contentTypeOptions,
    'x-frame-options': rules.frameOptions,
    'referrer-policy': rules.referrerPolicy,
    ...(hsts
      ? {
          'strict-transport-security': [
            `max-age=${hsts.maxAgeSeconds}`,
            ...(hsts.includeSubdomains ? ['includeSubDomains'] : []),
            ...(hsts.preload ? ['preload'] : []),
          ].join('; '),
        }
      : {}),
  };
}

/**
 * A path is a route of the SPA (answered with index.html) when its last segment has no dot; a
 * path with one names a file. Tested on the path as sent (not percent-decoded), as CloudFront
 * sees it. A regular expression so that CloudFront's function embeds this very rule.
 */
export const SPA_ROUTE = /(?:^|\/)[^/.]*$/;
/** What every route of the SPA gets unless it is prerendered: the app's empty shell. */
export const SPA_INDEX = '/app.html';

/**
 * The signed-out pages, prerendered at build time (web/src/prerender.tsx): each route gets its
 * own document, with the page's HTML in it. `/` is index.html, CloudFront's default root object.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/index.html',
  '/signup': '/signup.html',
  '/forgot-password': '/forgot-password.html',
};

export function isSpaRoute(path: string): boolean {
  return SPA_ROUTE.test(path);
}

/** The document a route of the SPA is answered with (a trailing slash is the same route). */
export function spaDocument(path: string): string {
  return PRERENDERED_PAGES[path.replace(/(.)\/+$/, '$1')] ?? SPA_INDEX;
}

/** Paths and whether each is a route of the SPA: both sides are tested on this table. */
export const SPA_ROUTE_EXAMPLES: readonly (readonly [path: string, isRoute: boolean])[] = [
  ['/', true],
  ['/signup', true],
  ['/forgot-password/', true],
  ['/signup/extra', true],
  ['/app.html', false],
  ['/dashboard', true],
  ['/admin/withdrawal-alerts', true],
  ['/no/such/page', true],
  ['/dashboard/', true],
  ['/v1.2/notes', true],
  ['/reset%2Epassword', true],
  ['/index.html', false],
  ['/config.json', false],
  ['/favicon.svg', false],
  ['/assets/app-3F2A.js', false],
  ['/assets/app-3F2A.js.map', false],
  ['/.env', false],
  ['/missing.txt', false],
];

/** Content-hashed files live here, and only these may be cached for a year. */
export const HASHED_ASSETS_DIR = 'assets';
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Every other file (the documents, the favicon, config.json) is revalidated. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';
