/**
 * The origin secret's accepted values, read at run time from where the stage keeps them (Secrets
 * Manager in AWS, the local stack's own store locally), never from a function's environment: an
 * environment is readable by anyone allowed to read the function's configuration, and changing it
 * is a deploy.
 *
 * Rotation without a window of refusals: both the current and the previous value pass, so
 * CloudFront may still send the old one while its configuration catches up. The values are cached
 * for a few minutes; a value the cache does not know may be the rotation's new one, so it makes
 * the gate look again, at most once per MISMATCH_REFRESH_MS, which also bounds what a stream of
 * forged headers can cost.
 *
 * Powertools' Parameters caches one version of a secret per name and maximum age; what this
 * gate needs is two versions read together and a second, shorter age for unknown values, so it
 * asks freshRead for the values at one age or the other, over the SDK's GetSecretValue.
 */
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { timingSafeEqual } from 'node:crypto';
import { freshRead } from '../runtime/fresh-read';
import type { SecretSource, SecretVersions } from '../runtime/hooks';

export const SECRET_CACHE_MS = 5 * 60_000;
export const MISMATCH_REFRESH_MS = 10_000;

function same(expected: string, sent: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(sent, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Answers whether a sent header is one of the accepted values, reading the source as little as it may. */
export function originGate(
  source: SecretSource,
  now: () => number = Date.now,
): (sent: string | undefined) => Promise<boolean> {
  const values = freshRead(async () => {
    const { current, previous } = await source();
    return [current, ...(previous === undefined ? [] : [previous])].filter((v) => v !== '');
  }, now);

  return async (sent) => {
    if (sent === undefined || sent === '') return false;
    if ((await values(SECRET_CACHE_MS)).some((v) => same(v, sent))) return true;
    return (await values(MISMATCH_REFRESH_MS)).some((v) => same(v, sent));
  };
}

/** The secret's AWSCURRENT and, when there is one, AWSPREVIOUS value. */
export function secretsManagerSource(client: SecretsManagerClient, secretId: string): SecretSource {
  const version = async (VersionStage: 'AWSCURRENT' | 'AWSPREVIOUS') => {
    try {
      return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage }))).SecretString;
    } catch (e) {
      // A secret never rotated has no AWSPREVIOUS.
      if (VersionStage === 'AWSPREVIOUS' && e instanceof ResourceNotFoundException) return undefined;
      throw e;
    }
  };
  return async () => {
    const [current, previous] = await Promise.all([version('AWSCURRENT'), version('AWSPREVIOUS')]);
    if (current === undefined) throw new Error(`The origin secret ${secretId} holds no text`);
    return { current, previous };
  };
}

/** A store the local stack keeps in memory, rotated as Secrets Manager rotates: the current value becomes the previous. */
export function memorySecretStore(initial: string): { source: SecretSource; rotate: (next: string) => void } {
  let versions: SecretVersions = { current: initial };
  return {
    source: async () => versions,
    rotate: (next) => {
      versions = { current: next, previous: versions.current };
    },
  };
}
