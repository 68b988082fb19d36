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
import { forEachLimited } from '../data/for-each-limited';
import { CHANGED, passOverProfile } from '../data/profile-pass';
import { type Profile, setClientListKeys } from '../data/profiles';
import { queryPages } from '../data/query';
import { keys } from '../data/table';

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
      // Changed since it was read (a money move, a deletion): read it again.
      return (await setClientListKeys(profile, wanted)) === 'written' ? 'migrated' : CHANGED;
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
      await forEachLimited(page, CONCURRENCY, async (profile) => {
        const outcome = await migrateOne(profile);
        if (outcome !== 'current') counts[outcome] += 1;
      });
    }
  }
  return counts;
}
