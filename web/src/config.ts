/**
 * What the app needs to find Cognito, and the stage's funding instructions, read from
 * /config.json at start-up: written by the CDK stack from its outputs and the stage's settings in
 * AWS and served by the local gateway, so one build runs anywhere.
 * Its shape and its checks are shared with both writers (shared/site-config.ts).
 */
import { parseSiteConfig, type SiteConfig } from '../../shared/site-config';

export type AppConfig = SiteConfig;

export const parseConfig: (value: unknown) => AppConfig = parseSiteConfig;

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: ${res.status}`);
  return parseConfig(await res.json());
}
