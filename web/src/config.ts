/**
 * What the app needs to find Cognito, read from /config.json at start-up: written by the CDK
 * stack from its outputs in AWS and served by the local gateway, so one build runs anywhere.
 * (Checked by hand rather than with zod, which would triple the first screen's download.)
 */
export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Locally, cognito-local behind the gateway; absent in AWS. */
  userPoolEndpoint?: string;
  oauthDomain?: string | null;
  googleSignIn: boolean;
}

export function parseConfig(value: unknown): AppConfig {
  const v = (value ?? {}) as Record<string, unknown>;
  const text = (key: string) => {
    if (typeof v[key] !== 'string' || v[key] === '') throw new Error(`config.json: ${key} is missing`);
    return v[key] as string;
  };
  return {
    region: text('region'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    ...(typeof v.userPoolEndpoint === 'string' ? { userPoolEndpoint: v.userPoolEndpoint } : {}),
    oauthDomain: typeof v.oauthDomain === 'string' ? v.oauthDomain : null,
    googleSignIn: v.googleSignIn === true,
  };
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: ${res.status}`);
  return parseConfig(await res.json());
}
