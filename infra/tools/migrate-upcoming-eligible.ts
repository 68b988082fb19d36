/**
 * `npx tsx infra/tools/migrate-upcoming-eligible.ts`: the one-off migration that gives every live
 * client profile written before `upcomingEligibleAt` existed its list of eligibility dates, from
 * its ledger (lambdas/lib/migrations/migrate-upcoming-eligible.ts). Idempotent: re-running it writes nothing
 * more, and a profile that has the list is never touched.
 *   locally (default): the table of DATA_DIR (default .local), whether `npm start` runs or not;
 *   in AWS: `--table <name> [--region <region>]`, with the operator's AWS credentials.
 * Run it on a table whose profiles predate the list: no request path rebuilds it for them.
 */
import { migrateUpcomingEligible } from '../../lambdas/lib/migrations/migrate-upcoming-eligible';
import { runMigration } from './tool-table';

await runMigration(
  'migrate-upcoming-eligible.ts',
  () => migrateUpcomingEligible(Date.now()),
  (s) =>
    `${s.live} live profiles, ${s.lacking} without upcomingEligibleAt: ${s.migrated} migrated, ${s.skipped} skipped (written or deleted meanwhile), ${s.failed} failed`,
);
