/**
 * A DynamoDB Local table for running the handlers' data code as one function would: the runtime
 * is configured as the local stack configures it, so every DynamoDB client the handlers make is
 * held to the table use of the function it runs as (infra/local/table-permissions.ts, runAs).
 * The test's own reader stands outside any function, unchecked, as seeding does.
 */
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, localCredentials } from '../../../infra/local/dynamo';
import { enforceTablePermissions } from '../../../infra/local/table-permissions';
import { configureRuntime, resetRuntime } from '../../../lambdas/lib/runtime/runtime';
import { useLocalDynamo } from './local-dynamo';

export interface CheckedTable {
  /** The test's own, unchecked client. */
  readonly reader: DynamoDBDocumentClient;
  /** The item at `key` as stored now (a consistent read), or undefined. */
  stored(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined>;
}

/** Starts the table before the file's tests and stops it after them. */
export function useCheckedTable(table: string): CheckedTable {
  const local = useLocalDynamo(table);
  beforeAll(async () => {
    await ensureTable(local.dynamo.client, table);
    configureRuntime(
      { tableName: table, region: 'us-east-1', dynamoEndpoint: local.dynamo.endpoint, credentials: localCredentials() },
      { onDynamoClient: enforceTablePermissions },
    );
  });
  afterAll(() => {
    resetRuntime();
  });
  const checked: CheckedTable = {
    get reader() {
      return local.doc;
    },
    stored: async (key) =>
      (await checked.reader.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item,
  };
  return checked;
}
