/**
 * A DynamoDB Local table for running the handlers' data code as one function would: the runtime
 * is configured as the local stack configures it, so every DynamoDB client the handlers make is
 * held to the table use of the function it runs as (infra/local/table-permissions.ts, runAs).
 * The test's own reader stands outside any function, unchecked, as seeding does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, type LocalDynamo, localCredentials, startLocalDynamo } from '../../../infra/local/dynamo';
import { enforceTablePermissions } from '../../../infra/local/table-permissions';
import { configureRuntime, resetRuntime } from '../../../lambdas/lib/runtime/runtime';

export interface CheckedTable {
  /** The test's own, unchecked client. */
  readonly reader: DynamoDBDocumentClient;
  /** The item at `key` as stored now (a consistent read), or undefined. */
  stored(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined>;
}

/** Starts the table before the file's tests and stops it after them. */
export function useCheckedTable(table: string): CheckedTable {
  let dataDir: string;
  let dynamo: LocalDynamo | undefined;
  let reader: DynamoDBDocumentClient | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `aurum-${table}-`));
    dynamo = await startLocalDynamo({ dataDir, inMemory: true });
    await ensureTable(dynamo.client, table);
    reader = DynamoDBDocumentClient.from(dynamo.client);
    configureRuntime({ tableName: table, region: 'us-east-1', dynamoEndpoint: dynamo.endpoint, credentials: localCredentials() }, { onDynamoClient: enforceTablePermissions });
  });
  afterAll(async () => {
    resetRuntime();
    await dynamo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const checked: CheckedTable = {
    get reader() {
      if (!reader) throw new Error('the checked table is not started yet');
      return reader;
    },
    stored: async (key) => (await checked.reader.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item,
  };
  return checked;
}
