/**
 * Where a one-off tool (infra/tools/migrate-*.ts, init-*.ts, admin.ts) works: the local table of a data
 * folder (default .local; DynamoDB Local is started if `npm start` is not running), or a table in
 * AWS (`--table <name> --region <region>`, with the operator's AWS credentials), never a mix.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configureRuntime } from '../../lambdas/lib/runtime/runtime';
import { TABLE_NAME_DEFAULT } from '../../lambdas/lib/runtime/settings';
import { localCredentials, startLocalDynamo } from '../local/dynamo';
import { stackFile } from '../local/stack';

/** Where a tool works: an AWS table (`table` with its `region`), or the local one of `dataDir` (default DATA_DIR or .local). */
export interface TableTarget {
  table?: string;
  region?: string;
  dataDir?: string;
}

/** The table a tool reaches, with what a client needs to reach it (a local endpoint and its credentials, or none in AWS). */
export interface OpenTable {
  tableName: string;
  region: string;
  endpoint?: string;
  credentials?: ReturnType<typeof localCredentials>;
}

/**
 * Runs `run` with the target's table: an AWS table as named, the table of a running `npm start`
 * for the data folder, or the data folder's DynamoDB Local started for the run (and stopped after).
 */
export async function withTableAt<T>(target: TableTarget, run: (open: OpenTable) => Promise<T>): Promise<T> {
  if (target.table) {
    if (!target.region) throw new Error('an AWS table needs its region');
    return run({ tableName: target.table, region: target.region });
  }
  const dataDir = resolve(target.dataDir ?? process.env.DATA_DIR ?? '.local');
  if (existsSync(stackFile(dataDir))) {
    const { dynamoEndpoint, tableName } = JSON.parse(readFileSync(stackFile(dataDir), 'utf8')) as {
      dynamoEndpoint: string;
      tableName: string;
    };
    return run({ tableName, region: 'us-east-1', endpoint: dynamoEndpoint, credentials: localCredentials() });
  }
  if (!existsSync(join(dataDir, 'dynamodb'))) throw new Error(`no local table in ${dataDir}: run npm start once first`);
  const dynamo = await startLocalDynamo({ dataDir });
  try {
    return await run({
      tableName: TABLE_NAME_DEFAULT,
      region: 'us-east-1',
      endpoint: dynamo.endpoint,
      credentials: localCredentials(),
    });
  } finally {
    await dynamo.stop();
  }
}

/** Runs `work` against the table the command line names; exits with the usage on bad arguments. */
export async function withToolTable<T>(tool: string, work: () => Promise<T>): Promise<T> {
  const usage = `usage: npx tsx infra/tools/${tool} [--table <name> --region <region>] [--data-dir <folder>]`;
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
  const target = values.table === undefined ? { dataDir: values['data-dir'] } : { table: values.table, region };
  return withTableAt(target, ({ tableName, region: at, endpoint, credentials }) => {
    // Points the data-access code (lambdas/lib/runtime/runtime.ts) at the table: a local one, or AWS with the operator's credentials.
    configureRuntime(
      endpoint ? { tableName, region: at, dynamoEndpoint: endpoint, credentials } : { tableName, region: at },
    );
    return work();
  });
}

/**
 * A migration's command: runs it on the command line's table and prints its summary; exits 1
 * when some profiles kept changing (running it again finishes them) or when it broke.
 */
export async function runMigration<S extends { failed: number }>(
  tool: string,
  migrate: () => Promise<S>,
  summarize: (summary: S) => string,
): Promise<void> {
  try {
    const summary = await withToolTable(tool, migrate);
    console.log(summarize(summary));
    if (summary.failed > 0) {
      console.error('some profiles kept changing: run it again');
      process.exit(1);
    }
  } catch (error) {
    const e = error as Error;
    console.error(`${e.name}: ${e.message}`);
    process.exit(1);
  }
}
