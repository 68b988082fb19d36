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
import { CHANGED } from '../data/profile-pass';
import type { Profile } from '../data/profile-item';
import { setClientListKeys } from './profile-migration-writes';
import { queryPages } from '../data/query';
import { keys } from '../data/table';
import { type MigrationStep, migrateProfiles, type ProfileMigrationCounts } from './profile-migration';

/** `skipped`: deleted when read again. */
export interface ClientListKeysMigration extends ProfileMigrationCounts {
  /** Live profiles read. */
  live: number;
}

type Keyed = Profile & { GSI4SK?: string; GSI5SK?: string };

const keysOf = (p: Profile) => ({ ...keys.emailOrder(p.sub, p.email), ...keys.balanceOrder(p.sub, p.balanceCents) });

/** Gives the profile its keys, unless it has them; reads nothing more of it. */
async function migrateOne(profile: Profile): Promise<MigrationStep> {
  const wanted = keysOf(profile);
  const had = profile as Keyed;
  if (had.GSI4SK === wanted.GSI4SK && had.GSI5SK === wanted.GSI5SK) return 'current';
  // Changed since it was read (a money move, a deletion): read it again.
  return (await setClientListKeys(profile, wanted)) === 'written' ? 'migrated' : CHANGED;
}

/** Runs the migration over every live profile (GSI1, shard by shard, page by page). */
export async function migrateClientListKeys(): Promise<ClientListKeysMigration> {
  const counts = { live: 0, migrated: 0, skipped: 0, failed: 0 };
  for (const pk of keys.allClientShards()) {
    for await (const page of queryPages<Keyed>({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    })) {
      counts.live += page.length;
      await migrateProfiles(page, counts, migrateOne, async () => null);
    }
  }
  return counts;
}
