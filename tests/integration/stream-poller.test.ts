/**
 * The local event source mapping (infra/local/stream-poller.ts) against DynamoDB Local's real
 * stream: records arrive once each, in order, shaped as Lambda delivers them, and a failing
 * handler is retried as Lambda retries it (ReportBatchItemFailures, MaximumRetryAttempts, the
 * on-failure destination). Also: a data folder whose table predates the stream gets one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AttributeValue as SdkAttributeValue,
  CreateTableCommand,
  DescribeTableCommand,
  GetItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createTableInput, ensureTable, localCredentials, startLocalDynamo } from '../../infra/local/dynamo';
import {
  type StreamBatchFailure,
  type StreamPoller,
  type StreamPollerOptions,
  startStreamPoller,
} from '../../infra/local/stream-poller';
import { eventually } from './support/eventually';
import { useLocalDynamo } from './support/local-dynamo';

const local = useLocalDynamo('stream');
const pollers: StreamPoller[] = [];

afterEach(async () => {
  for (const poller of pollers.splice(0)) await poller.stop();
});

/** A table of its own for each test: its stream holds only that test's records. */
let tables = 0;
async function freshTable(): Promise<string> {
  const name = `stream-test-${++tables}`;
  expect(await ensureTable(local.dynamo.client, name)).toEqual({ created: true });
  return name;
}

type Options = Omit<StreamPollerOptions, 'endpoint' | 'credentials' | 'tableName' | 'handler' | 'onFailure'> &
  Partial<Pick<StreamPollerOptions, 'onFailure'>>;

/** A poller on `tableName` recording each call's records and each failure. */
async function poll(
  tableName: string,
  answer: (event: DynamoDBStreamEvent, call: number) => Promise<DynamoDBBatchResponse | void>,
  options: Options = {},
) {
  const calls: DynamoDBRecord[][] = [];
  const failures: StreamBatchFailure[] = [];
  const errors: unknown[] = [];
  const poller = await startStreamPoller({
    endpoint: local.dynamo.endpoint,
    credentials: localCredentials(),
    tableName,
    handler: (event) => {
      calls.push(event.Records);
      return answer(event, calls.length);
    },
    onFailure: (failure) => void failures.push(failure),
    onError: (error) => void errors.push(error),
    pollIntervalMs: 50,
    ...options,
  });
  pollers.push(poller);
  return { poller, calls, failures, errors };
}

const put = (tableName: string, sk: string, extra: Record<string, unknown> = {}) =>
  local.doc.send(new PutCommand({ TableName: tableName, Item: { PK: 'ITEM', SK: sk, ...extra } }));
const skOf = (record: DynamoDBRecord | undefined) => record?.dynamodb?.Keys?.SK?.S;
const sksOf = (records: DynamoDBRecord[] | undefined) => (records ?? []).map(skOf);
const seqOf = (record: DynamoDBRecord | undefined) => record?.dynamodb?.SequenceNumber ?? '';
/** An image as a handler reads it (Lambda's DynamoDB JSON is the SDK's but for binary, absent here). */
const plain = (image: Record<string, AttributeValue> | undefined) =>
  unmarshall((image ?? {}) as Record<string, SdkAttributeValue>);
const succeed = async () => undefined;

it('delivers a put, an update and a delete once each, in order, as Lambda delivers them; nothing from before it started', async () => {
  const tableName = await freshTable();
  await put(tableName, 'before');
  const { poller, calls, errors } = await poll(tableName, succeed);
  const startedAt = Math.floor(Date.now() / 1000);

  await put(tableName, 'a', { amountCents: 100, tags: ['x'], note: null, blob: new Uint8Array([1, 2, 3]) });
  await local.doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { PK: 'ITEM', SK: 'a' },
      UpdateExpression: 'SET amountCents = :n',
      ExpressionAttributeValues: { ':n': 250 },
    }),
  );
  await local.doc.send(new DeleteCommand({ TableName: tableName, Key: { PK: 'ITEM', SK: 'a' } }));
  await poller.drained();

  const records = calls.flat();
  expect(records.map((r) => r.eventName)).toEqual(['INSERT', 'MODIFY', 'REMOVE']);
  const { Table } = await local.dynamo.client.send(new DescribeTableCommand({ TableName: tableName }));
  for (const record of records) {
    // Exactly Lambda's fields: plain JSON, the stream's ARN, the table's region, epoch seconds.
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
    expect(Object.keys(record).sort()).toEqual([
      'awsRegion',
      'dynamodb',
      'eventID',
      'eventName',
      'eventSource',
      'eventSourceARN',
      'eventVersion',
    ]);
    expect(record).toMatchObject({
      eventID: expect.any(String),
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: Table?.LatestStreamArn,
      dynamodb: {
        Keys: { PK: { S: 'ITEM' }, SK: { S: 'a' } },
        SequenceNumber: expect.stringMatching(/^\d+$/),
        SizeBytes: expect.any(Number),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    const created = record.dynamodb?.ApproximateCreationDateTime ?? 0;
    expect(Number.isInteger(created)).toBe(true);
    expect(Math.abs(created - startedAt)).toBeLessThan(120);
  }
  const [insert, modify, remove] = records;
  const item = { PK: 'ITEM', SK: 'a', amountCents: 100, tags: ['x'], note: null };
  // Binary is base64 in Lambda's JSON (the SDK's bytes are not).
  expect(insert?.dynamodb?.NewImage?.blob).toEqual({ B: 'AQID' });
  const withoutBlob = (image: Record<string, AttributeValue> | undefined) => {
    const { blob: _blob, ...rest } = image ?? {};
    return plain(rest);
  };
  expect(withoutBlob(insert?.dynamodb?.NewImage)).toEqual(item);
  expect(insert?.dynamodb).not.toHaveProperty('OldImage');
  expect(withoutBlob(modify?.dynamodb?.OldImage)).toEqual(item);
  expect(withoutBlob(modify?.dynamodb?.NewImage)).toEqual({ ...item, amountCents: 250 });
  expect(withoutBlob(remove?.dynamodb?.OldImage)).toEqual({ ...item, amountCents: 250 });
  expect(remove?.dynamodb).not.toHaveProperty('NewImage');
  const sequence = records.map((r) => BigInt(seqOf(r)));
  expect([...sequence].sort((x, y) => (x < y ? -1 : 1))).toEqual(sequence);
  expect(errors).toEqual([]);
});

it('starts at the oldest record when asked (TRIM_HORIZON), in batches of batchSize', async () => {
  const tableName = await freshTable();
  for (const sk of ['1', '2', '3', '4', '5']) await put(tableName, sk);
  const { poller, calls } = await poll(tableName, succeed, { startingPosition: 'TRIM_HORIZON', batchSize: 2 });
  await poller.drained();
  expect(calls.map(sksOf)).toEqual([['1', '2'], ['3', '4'], ['5']]);
});

it('retries from the first record the handler reports failed: the ones before it are not delivered again', async () => {
  const tableName = await freshTable();
  for (const sk of ['a', 'b', 'c', 'd', 'e']) await put(tableName, sk);
  const { poller, calls, failures } = await poll(
    tableName,
    async (event, call) => {
      const bySk = (sk: string) => ({ itemIdentifier: seqOf(event.Records.find((r) => skOf(r) === sk)) });
      // Reported out of order on purpose: Lambda retries from the earliest.
      if (call === 1) return { batchItemFailures: [bySk('d'), bySk('c')] };
      if (call === 2) return { batchItemFailures: [bySk('e')] };
      return { batchItemFailures: [] };
    },
    { startingPosition: 'TRIM_HORIZON' },
  );
  await poller.drained();
  await put(tableName, 'f');
  await poller.drained();
  expect(calls.map(sksOf)).toEqual([['a', 'b', 'c', 'd', 'e'], ['c', 'd', 'e'], ['e'], ['f']]);
  expect(failures).toEqual([]);
});

it('retries the whole batch when the handler reports a record that is not in it', async () => {
  const tableName = await freshTable();
  for (const sk of ['a', 'b']) await put(tableName, sk);
  const { poller, calls } = await poll(
    tableName,
    async (_event, call) => (call === 1 ? { batchItemFailures: [{ itemIdentifier: '42' }] } : undefined),
    {
      startingPosition: 'TRIM_HORIZON',
    },
  );
  await poller.drained();
  expect(calls.map(sksOf)).toEqual([
    ['a', 'b'],
    ['a', 'b'],
  ]);
});

it('gives a batch whose handler throws twice then succeeds three times, backing off, and loses nothing', async () => {
  const tableName = await freshTable();
  for (const sk of ['a', 'b', 'c']) await put(tableName, sk);
  const at: number[] = [];
  const { poller, calls, failures, errors } = await poll(
    tableName,
    async (_event, call) => {
      at.push(Date.now());
      if (call <= 2) throw new Error(`boom ${call}`);
    },
    { startingPosition: 'TRIM_HORIZON' },
  );
  await poller.drained();
  expect(calls.map(sksOf)).toEqual([
    ['a', 'b', 'c'],
    ['a', 'b', 'c'],
    ['a', 'b', 'c'],
  ]);
  expect(calls[2]?.map(seqOf)).toEqual(calls[0]?.map(seqOf));
  // 100 ms, then 200 ms.
  expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(90);
  expect((at[2] ?? 0) - (at[1] ?? 0)).toBeGreaterThanOrEqual(190);
  expect(failures).toEqual([]);
  expect(errors.map((e) => (e as Error).message)).toEqual(['boom 1', 'boom 2']);
});

it('sends a batch that keeps failing to onFailure after maxRetries retries, then goes on with later records', async () => {
  const tableName = await freshTable();
  for (const sk of ['poison', 'x']) await put(tableName, sk);
  const { poller, calls, failures } = await poll(
    tableName,
    async (event) => {
      if (event.Records.some((r) => skOf(r) === 'poison')) throw new Error('cannot handle poison');
    },
    { startingPosition: 'TRIM_HORIZON', maxRetries: 2 },
  );
  await poller.drained();
  // The first attempt and two retries.
  expect(calls.map(sksOf)).toEqual([
    ['poison', 'x'],
    ['poison', 'x'],
    ['poison', 'x'],
  ]);
  expect(failures).toHaveLength(1);
  const [failure] = failures;
  const { Table } = await local.dynamo.client.send(new DescribeTableCommand({ TableName: tableName }));
  expect(failure).toMatchObject({
    version: '1.0',
    requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 3 },
    DDBStreamBatchInfo: {
      shardId: expect.any(String),
      startSequenceNumber: seqOf(calls[0]?.[0]),
      endSequenceNumber: seqOf(calls[0]?.[1]),
      batchSize: 2,
      streamArn: Table?.LatestStreamArn,
    },
    lastError: 'Error: cannot handle poison',
  });
  expect(sksOf(failure?.records)).toEqual(['poison', 'x']);

  await put(tableName, 'later');
  await poller.drained();
  expect(sksOf(calls.at(-1))).toEqual(['later']);
  expect(failures).toHaveLength(1);
});

it('sends only the records from the first one still failing to onFailure', async () => {
  const tableName = await freshTable();
  for (const sk of ['a', 'b', 'c']) await put(tableName, sk);
  const { poller, calls, failures } = await poll(
    tableName,
    async (event) => ({
      batchItemFailures: event.Records.filter((r) => skOf(r) === 'b').map((r) => ({ itemIdentifier: seqOf(r) })),
    }),
    { startingPosition: 'TRIM_HORIZON', maxRetries: 1 },
  );
  await poller.drained();
  expect(calls.map(sksOf)).toEqual([
    ['a', 'b', 'c'],
    ['b', 'c'],
  ]);
  expect(failures.map((f) => sksOf(f.records))).toEqual([['b', 'c']]);
  expect(failures[0]?.lastError).toBe(
    `batchItemFailures: ${JSON.stringify([{ itemIdentifier: seqOf(calls[1]?.[0]) }])}`,
  );
});

it('stops cleanly: waits for the handler call in flight and delivers nothing after', async () => {
  const tableName = await freshTable();
  let entered: () => void = () => undefined;
  const inHandler = new Promise<void>((r) => (entered = r));
  let release: () => void = () => undefined;
  const { poller, calls } = await poll(tableName, () => {
    entered();
    return new Promise<void>((r) => (release = r));
  });
  await put(tableName, 'a');
  await inHandler;
  let stopped = false;
  const stopping = poller.stop().then(() => (stopped = true));
  // Waits for something not to happen (the stop ending, a record arriving): no condition can end
  // such a wait early, so it is a short, fixed one.
  await new Promise((r) => setTimeout(r, 200));
  expect(stopped).toBe(false);
  release();
  await stopping;
  await put(tableName, 'b');
  await new Promise((r) => setTimeout(r, 200));
  expect(calls.map(sksOf)).toEqual([['a']]);
  await expect(poller.drained()).rejects.toThrow('stream poller stopped');
});

it('stops at once while a failed batch waits to be retried', async () => {
  const tableName = await freshTable();
  await put(tableName, 'a');
  let failed: () => void = () => undefined;
  const firstFailure = new Promise<void>((r) => (failed = r));
  const { poller, calls } = await poll(
    tableName,
    async () => {
      failed();
      throw new Error('down');
    },
    { startingPosition: 'TRIM_HORIZON', maxRetries: Infinity },
  );
  await firstFailure;
  // Enough failures that the back-off is long (then capped): stop must not wait it out.
  await eventually(async () => expect(calls.length).toBeGreaterThanOrEqual(5), 60_000, 20);
  const before = Date.now();
  await poller.stop();
  expect(Date.now() - before).toBeLessThan(500);
});

describe('a data folder from before the stream', () => {
  it('keeps its data and gets the stream on the next start', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'aurum-stream-old-'));
    const tableName = 'aurum-portal';
    try {
      // A table from before the stream and the admin list's indexes (GSI4, GSI5).
      const { StreamSpecification: _none, ...current } = createTableInput(tableName);
      const withoutStream = {
        ...current,
        AttributeDefinitions: current.AttributeDefinitions?.filter(
          (a) => !['GSI4SK', 'GSI5SK'].includes(a.AttributeName ?? ''),
        ),
        GlobalSecondaryIndexes: current.GlobalSecondaryIndexes?.filter(
          (gsi) => !['GSI4', 'GSI5'].includes(gsi.IndexName ?? ''),
        ),
      };
      const old = await startLocalDynamo({ dataDir: oldDir });
      try {
        await old.client.send(new CreateTableCommand(withoutStream));
        await DynamoDBDocumentClient.from(old.client).send(
          new PutCommand({ TableName: tableName, Item: { PK: 'ITEM', SK: 'old' } }),
        );
        const { Table } = await old.client.send(new DescribeTableCommand({ TableName: tableName }));
        expect(Table?.StreamSpecification?.StreamEnabled).toBeFalsy();
      } finally {
        await old.stop();
      }

      const next = await startLocalDynamo({ dataDir: oldDir });
      try {
        expect(await ensureTable(next.client, tableName)).toEqual({ created: false, addedIndexes: ['GSI4', 'GSI5'] });
        const { Table } = await next.client.send(new DescribeTableCommand({ TableName: tableName }));
        expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
        expect(Table?.GlobalSecondaryIndexes?.map((gsi) => gsi.IndexName).sort()).toEqual([
          'GSI1',
          'GSI2',
          'GSI3',
          'GSI4',
          'GSI5',
        ]);
        const { Item } = await next.client.send(
          new GetItemCommand({ TableName: tableName, Key: { PK: { S: 'ITEM' }, SK: { S: 'old' } } }),
        );
        expect(Item).toEqual({ PK: { S: 'ITEM' }, SK: { S: 'old' } });
        // A second start leaves the stream and the indexes as they are (the same stream, not a new one).
        expect(await ensureTable(next.client, tableName)).toEqual({ created: false, addedIndexes: [] });
        expect(
          (await next.client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn,
        ).toBe(Table?.LatestStreamArn);

        const calls: DynamoDBRecord[][] = [];
        const poller = await startStreamPoller({
          endpoint: next.endpoint,
          credentials: localCredentials(),
          tableName,
          handler: async (event) => void calls.push(event.Records),
          onFailure: () => undefined,
          pollIntervalMs: 50,
        });
        try {
          await DynamoDBDocumentClient.from(next.client).send(
            new PutCommand({ TableName: tableName, Item: { PK: 'ITEM', SK: 'new' } }),
          );
          await poller.drained();
        } finally {
          await poller.stop();
        }
        expect(calls.map(sksOf)).toEqual([['new']]);
      } finally {
        await next.stop();
      }
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });
});

it('refuses a table without a stream', async () => {
  const { StreamSpecification: _none, ...withoutStream } = createTableInput('no-stream');
  await local.dynamo.client.send(new CreateTableCommand(withoutStream));
  await expect(
    startStreamPoller({
      endpoint: local.dynamo.endpoint,
      credentials: localCredentials(),
      tableName: 'no-stream',
      handler: succeed,
      onFailure: () => undefined,
    }),
  ).rejects.toThrow('table no-stream has no stream');
});
