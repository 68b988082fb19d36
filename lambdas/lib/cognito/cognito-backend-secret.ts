/**
 * The user pool firewall's pass (cognito-backend-header.ts), read at run time from Secrets
 * Manager, never from a function's environment: an environment is readable by anyone allowed to
 * read the function's configuration. Functions get the secret's ARN (COGNITO_BACKEND_SECRET_ARN)
 * and a grant to read that one secret.
 *
 * The value is kept for a minute: the firewall takes a changed value only at the deploy that
 * follows its change (infra/aws/user-pool-firewall.ts), so a short age bounds how long the
 * functions send the old one after it (docs/operations.md, "Cognito firewall secret").
 * Powertools' Parameters would serve, but the functions bundle no Powertools parameters package
 * for one value; freshRead keeps one read in flight and caches nothing that failed.
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { freshRead } from '../runtime/fresh-read';

export const BACKEND_SECRET_CACHE_MS = 60_000;

/** The secret's AWSCURRENT value, read at most once a BACKEND_SECRET_CACHE_MS while it is read successfully. */
export function cachedSecretValue(
  client: Pick<SecretsManagerClient, 'send'>,
  secretId: string,
  now: () => number = Date.now,
): () => Promise<string> {
  const value = freshRead(async () => {
    const text = (await client.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
    if (text === undefined || text === '') throw new Error(`The secret ${secretId} holds no text`);
    return text;
  }, now);
  return () => value(BACKEND_SECRET_CACHE_MS);
}
