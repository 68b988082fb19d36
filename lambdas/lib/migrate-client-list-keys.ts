/**
 * The one-off migration that puts every live profile written before the admin list's indexes
 * existed on them: GSI4SK (its place in the e-mail order) and GSI5SK (in the balance order).
 * infra/tools/migrate-client-list-keys.ts runs it, locally or in AWS; the local stack runs it
 * itself when it gives an older data folder's table the indexes.
 *
 * Each key is written only if the profile is live and still has the e-mail and balance it was
 * computed from, so it is idempotent and safe while the API serves: a money move meanwhile
 * writes GSI5SK itself, and the profile is read again. Shards are read a page at a time, so
 * the migration holds one page of profiles, not the book.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './db';
import { CHANGED, passOverProfile } from './profile-pass';
import type { Profile } from './profiles';
import { queryPages } from './query';
import { keys } from './table';

export interface ClientListKeysMigration {
  /** Live profiles read. */
  live: number;
  /** Given their keys by this run. */
  migrated: number;
  /** Deleted when read again: left alone. */
  skipped: number;
  /** Still changing after every attempt: run again. */
  failed: number;
}

const MAX_ATTEMPTS = 5;
const CONCURRENCY = 16;

type Outcome = 'migrated' | 'current' | 'skipped' | 'failed';

type Keyed = Profile & { GSI4SK?: string; GSI5SK?: string };

const keysOf = (p: Profile) => ({ ...keys.emailOrder(p.sub, p.email), ...keys.balanceOrder(p.sub, p.balanceCents) });

async function migrateOne(listed: Keyed): Promise<Outcome> {
  return passOverProfile<Outcome, null>(
    listed,
    MAX_ATTEMPTS,
    async (profile) => {
      const wanted = keysOf(profile);
      const had = profile as Keyed;
      if (had.GSI4SK === wanted.GSI4SK && had.GSI5SK === wanted.GSI5SK) return 'current';
      try {
        await ddb().send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.profile(profile.sub),
            UpdateExpression: 'SET GSI4SK = :e, GSI5SK = :b',
            ConditionExpression: 'attribute_not_exists(deleted) AND email = :email AND balanceCents = :cents',
            ExpressionAttributeValues: { ':e': wanted.GSI4SK, ':b': wanted.GSI5SK, ':email': profile.email, ':cents': profile.balanceCents },
          }),
        );
        return 'migrated';
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') return CHANGED;
        throw error;
      }
    },
    async () => null,
  );
}

/** Runs the migration over every live profile (GSI1, shard by shard, page by page). */
export async function migrateClientListKeys(): Promise<ClientListKeysMigration> {
  const counts = { live: 0, migrated: 0, skipped: 0, failed: 0 };
  for (const pk of keys.allClientShards()) {
    for await (const page of queryPages<Keyed>({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk } })) {
      counts.live += page.length;
      let next = 0;
      const worker = async () => {
        while (next < page.length) {
          const outcome = await migrateOne(page[next++] as Keyed);
          if (outcome !== 'current') counts[outcome] += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, page.length) }, worker));
    }
  }
  return counts;
}
