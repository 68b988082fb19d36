/**
 * `npx tsx infra/tools/migrate-client-list-keys.ts`: the one-off migration that puts every live
 * client written before the admin list's indexes (GSI4, GSI5) on them
 * (lambdas/lib/migrate-client-list-keys.ts). Idempotent: re-running it writes nothing more.
 *   locally (default): the table of DATA_DIR (default .local); `npm start` also runs it itself
 *   when it adds the indexes to an older data folder;
 *   in AWS: `--table <name> [--region <region>]`, with the operator's AWS credentials, once the
 *   deploy that adds the indexes is done (until then such clients are missing from the list).
 */
import '../local/quiet-sdk';
import { migrateClientListKeys } from '../../lambdas/lib/migrate-client-list-keys';
import { withToolTable } from './tool-table';

try {
  const summary = await withToolTable('migrate-client-list-keys.ts', () => migrateClientListKeys());
  console.log(`${summary.live} live profiles: ${summary.migrated} given their list keys, ${summary.skipped} skipped (deleted meanwhile), ${summary.failed} failed`);
  if (summary.failed > 0) {
    console.error('some profiles kept changing: run it again');
    process.exit(1);
  }
} catch (error) {
  const e = error as Error;
  console.error(`${e.name}: ${e.message}`);
  process.exit(1);
}
