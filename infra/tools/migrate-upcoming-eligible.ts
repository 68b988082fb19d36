/**
 * `npx tsx infra/tools/migrate-upcoming-eligible.ts`: the one-off migration that gives every live
 * client profile written before `upcomingEligibleAt` existed its list of eligibility dates, from
 * its ledger (lambdas/lib/migrate-upcoming-eligible.ts). Idempotent: re-running it writes nothing
 * more, and a profile that has the list is never touched.
 *   locally (default): the table of DATA_DIR (default .local), whether `npm start` runs or not;
 *   in AWS: `--table <name> [--region <region>]`, with the operator's AWS credentials.
 * Run it before deploying the version whose code no longer rebuilds the list for such profiles.
 */
import '../local/quiet-sdk';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrateUpcomingEligible } from '../../lambdas/lib/migrate-upcoming-eligible';
import { configureRuntime } from '../../lambdas/lib/runtime';
import { TABLE_NAME_DEFAULT } from '../../lambdas/lib/table';
import { localCredentials, startLocalDynamo } from '../local/dynamo';
import { stackFile } from '../local/stack';

const usage = 'usage: npx tsx infra/tools/migrate-upcoming-eligible.ts [--table <name> --region <region>] [--data-dir <folder>]';

let values: { table?: string; region?: string; 'data-dir'?: string };
try {
  ({ values } = parseArgs({
    allowPositionals: false,
    options: { table: { type: 'string' }, region: { type: 'string' }, 'data-dir': { type: 'string' } },
  }));
} catch {
  console.error(usage);
  process.exit(2);
}
const region = values.region ?? process.env.AWS_REGION;
// Either the local table (of a data folder) or an AWS table with its region, never a mix.
if (values.table === undefined ? values.region !== undefined : values['data-dir'] !== undefined || !region) {
  console.error(usage);
  process.exit(2);
}

/** Points the data-access code (lambdas/lib/runtime.ts) at the table: a local one, or AWS with the operator's credentials. */
function target(tableName: string, region: string, localEndpoint?: string): void {
  configureRuntime(localEndpoint ? { tableName, region, dynamoEndpoint: localEndpoint, credentials: localCredentials() } : { tableName, region });
}

async function withTable<T>(run: () => Promise<T>): Promise<T> {
  // The usage check has made sure an AWS table comes with its region.
  if (values.table && region) {
    target(values.table, region);
    return run();
  }
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.local');
  if (existsSync(stackFile(dataDir))) {
    const { dynamoEndpoint, tableName } = JSON.parse(readFileSync(stackFile(dataDir), 'utf8')) as { dynamoEndpoint: string; tableName: string };
    target(tableName, 'us-east-1', dynamoEndpoint);
    return run();
  }
  if (!existsSync(join(dataDir, 'dynamodb'))) throw new Error(`no local table in ${dataDir}: run npm start once first`);
  const dynamo = await startLocalDynamo({ dataDir });
  try {
    target(TABLE_NAME_DEFAULT, 'us-east-1', dynamo.endpoint);
    return await run();
  } finally {
    await dynamo.stop();
  }
}

try {
  const summary = await withTable(() => migrateUpcomingEligible(Date.now()));
  console.log(
    `${summary.live} live profiles, ${summary.lacking} without upcomingEligibleAt: ${summary.migrated} migrated, ${summary.skipped} skipped (written or deleted meanwhile), ${summary.failed} failed`,
  );
  if (summary.failed > 0) {
    console.error('some profiles kept changing: run it again');
    process.exit(1);
  }
} catch (error) {
  const e = error as Error;
  console.error(`${e.name}: ${e.message}`);
  process.exit(1);
}
