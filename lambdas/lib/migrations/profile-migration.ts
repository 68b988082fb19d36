/**
 * What the one-off migrations over the live profiles share: each profile is a pass of its own
 * (passOverProfile: read again and redone when it changed meanwhile, up to five attempts),
 * sixteen at a time, and what became of each is counted.
 */
import type { LedgerEntry } from '../../../shared/growth';
import { forEachLimited } from '../data/for-each-limited';
import { type CHANGED, passOverProfile } from '../data/profile-pass';
import type { Profile } from '../data/profile-item';

export interface ProfileMigrationCounts {
  /** Given what the migration writes, by this run. */
  migrated: number;
  /** Left alone: deleted when read again (or, for some migrations, found done meanwhile). */
  skipped: number;
  /** Still changing after every attempt: run again. */
  failed: number;
}

/** What became of a profile: written, already current (not counted), or left alone. */
type Outcome = 'migrated' | 'current' | 'skipped';
/** What one attempt at a profile answers: an outcome, or that the profile changed meanwhile. */
export type MigrationStep = Outcome | typeof CHANGED;

const MAX_ATTEMPTS = 5;
const CONCURRENCY = 16;

/**
 * Runs `attempt` over `profiles` (given what `read` reads of each: its whole ledger unless said
 * otherwise), and adds what became of each to `counts`.
 */
export async function migrateProfiles<Read = LedgerEntry[]>(
  profiles: readonly Profile[],
  counts: ProfileMigrationCounts,
  attempt: (profile: Profile, read: Read) => Promise<MigrationStep>,
  read?: (profile: Profile) => Promise<Read>,
): Promise<void> {
  await forEachLimited(profiles, CONCURRENCY, async (listed) => {
    const outcome = await passOverProfile<Outcome, Read>(listed, MAX_ATTEMPTS, attempt, read);
    if (outcome !== 'current') counts[outcome] += 1;
  });
}
