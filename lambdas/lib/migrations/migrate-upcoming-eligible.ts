/**
 * The one-off migration that gives every live profile written before `upcomingEligibleAt`
 * existed its list, so no request path has to rebuild it (infra/tools/migrate-upcoming-eligible.ts
 * runs it, locally or in AWS).
 *
 * Each list is computed from the client's ledger as the weekly job and (before this migration)
 * the deposit path computed it, and written only if the profile still lacks it, is not deleted,
 * and is at the version its ledger was read at. So it is idempotent and safe to re-run (or to run
 * while the API serves): a profile that has a list is never touched, and one that changed
 * meanwhile is read again.
 */
import type { LedgerEntry } from '../../../shared/growth';
import { listProfiles } from '../data/indexes';
import { upcomingEligibilityOf } from '../data/ledger';
import { CHANGED } from '../data/profile-pass';
import type { Profile } from '../data/profile-item';
import { setMissingUpcomingEligibleAt } from './profile-migration-writes';
import { type MigrationStep, migrateProfiles, type ProfileMigrationCounts } from './profile-migration';

/** `skipped`: found with a list (written meanwhile) or deleted when read again. */
export interface UpcomingEligibleMigration extends ProfileMigrationCounts {
  /** Live profiles listed. */
  live: number;
  /** Of those, listed without the list. */
  lacking: number;
}

/** Gives the profile the list its ledger makes at `now`, unless it has one. */
const migrateOne =
  (now: number) =>
  async (profile: Profile, ledger: LedgerEntry[]): Promise<MigrationStep> => {
    if (profile.upcomingEligibleAt) return 'skipped';
    // Changed since it was read (a deposit, the weekly job, a deletion): read it again.
    return (await setMissingUpcomingEligibleAt(profile, upcomingEligibilityOf(ledger, now))) === 'written'
      ? 'migrated'
      : CHANGED;
  };

/** Runs the migration at `now` over every live profile (GSI1; tombstones are on no index). */
export async function migrateUpcomingEligible(now: number): Promise<UpcomingEligibleMigration> {
  const profiles = await listProfiles();
  const lacking = profiles.filter((p) => !p.upcomingEligibleAt);
  const counts = { migrated: 0, skipped: 0, failed: 0 };
  await migrateProfiles(lacking, counts, migrateOne(now));
  return { live: profiles.length, lacking: lacking.length, ...counts };
}
