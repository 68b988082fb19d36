/**
 * Where a one-off tool (infra/tools/migrate-*.ts, init-*.ts) works: the local table of a data
 * folder (default .local; DynamoDB Local is started if `npm start` is not running), or a table in
 * AWS (`--table <name> --region <region>`, with the operator's AWS credentials), never a mix.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configureRuntime } from '../../lambdas/lib/runtime';
import { TABLE_NAME_DEFAULT } from '../../lambdas/lib/table';
import { localCredentials, startLocalDynamo } from '../local/dynamo';
import { stackFile } from '../local/stack';

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

  /** Points the data-access code (lambdas/lib/runtime.ts) at the table: a local one, or AWS with the operator's credentials. */
  function target(tableName: string, region: string, localEndpoint?: string): void {
    configureRuntime(localEndpoint ? { tableName, region, dynamoEndpoint: localEndpoint, credentials: localCredentials() } : { tableName, region });
  }

  async function withTable(run: () => Promise<T>): Promise<T> {
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
  return withTable(work);
}

/**
 * A migration's command: runs it on the command line's table and prints its summary; exits 1
 * when some profiles kept changing (running it again finishes them) or when it broke.
 */
export async function runMigration<S extends { failed: number }>(tool: string, migrate: () => Promise<S>, summarize: (summary: S) => string): Promise<void> {
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
