/**
 * `npx tsx infra/tools/migrate-client-list-keys.ts`: the one-off migration that puts every live
 * client written before the admin list's indexes (GSI4, GSI5) on them
 * (lambdas/lib/migrations/migrate-client-list-keys.ts). Idempotent: re-running it writes nothing more.
 *   locally (default): the table of DATA_DIR (default .local); `npm start` also runs it itself
 *   when it adds the indexes to an older data folder;
 *   in AWS: `--table <name> [--region <region>]`, with the operator's AWS credentials, once the
 *   deploy that adds the indexes is done (until then such clients are missing from the list).
 */
import { migrateClientListKeys } from '../../lambdas/lib/migrations/migrate-client-list-keys';
import { runMigration } from './tool-table';

await runMigration(
  'migrate-client-list-keys.ts',
  migrateClientListKeys,
  (s) =>
    `${s.live} live profiles: ${s.migrated} given their list keys, ${s.skipped} skipped (deleted meanwhile), ${s.failed} failed`,
);
