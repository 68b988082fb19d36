/**
 * The local event source mapping's kept position (infra/local/stream-positions.ts) against
 * DynamoDB Local's real stream: a poller started again on the same positions file resumes after
 * the last record it handled, a batch whose handling was cut short (the process died before the
 * position was saved) comes again, a stream it never read is read from its oldest record, and a
 * kept position the stream no longer has falls back to the oldest record, saying so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { ensureTable, localCredentials } from '../../infra/local/dynamo';
import { type StreamPoller, type StreamPollerOptions, startStreamPoller } from '../../infra/local/stream-poller';
import { useLocalDynamo } from './support/local-dynamo';

const local = useLocalDynamo('positions');
const pollers: StreamPoller[] = [];

afterEach(async () => {
  for (const poller of pollers.splice(0)) await poller.stop();
});

let tables = 0;
/** A table of its own for each test, and a positions file no poller has used yet. */
async function freshTable(): Promise<{ tableName: string; positionsFile: string }> {
  const tableName = `positions-test-${++tables}`;
  expect(await ensureTable(local.dynamo.client, tableName)).toEqual({ created: true });
  return { tableName, positionsFile: join(local.dataDir, `${tableName}.positions.json`) };
}

type Answer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
type Options = Partial<Omit<StreamPollerOptions, 'endpoint' | 'credentials' | 'tableName' | 'handler'>>;

/** A poller keeping its position in `positionsFile`, recording each call's records and each log line. */
async function poll(
  tableName: string,
  positionsFile: string,
  answer: Answer = async () => undefined,
  options: Options = {},
) {
  const calls: DynamoDBRecord[][] = [];
  const logged: string[] = [];
  const poller = await startStreamPoller({
    endpoint: local.dynamo.endpoint,
    credentials: localCredentials(),
    tableName,
    handler: (event) => {
      calls.push(event.Records);
      return answer(event);
    },
    onFailure: () => undefined,
    onError: () => undefined,
    log: (line) => void logged.push(line),
    pollIntervalMs: 50,
    positionsFile,
    ...options,
  });
  pollers.push(poller);
  return { poller, calls, logged, delivered: () => calls.flat().map(skOf) };
}

const put = (tableName: string, ...sks: string[]) =>
  Promise.all(
    sks.map((sk) => local.doc.send(new PutCommand({ TableName: tableName, Item: { PK: 'ITEM', SK: sk } }))),
  ).then(() => undefined);
/** One after another, so the stream holds them in this order. */
async function putInOrder(tableName: string, ...sks: string[]) {
  for (const sk of sks) await put(tableName, sk);
}
const skOf = (record: DynamoDBRecord | undefined) => record?.dynamodb?.Keys?.SK?.S;
const seqOf = (record: DynamoDBRecord | undefined) => record?.dynamodb?.SequenceNumber ?? '';
const streamArnOf = async (tableName: string) =>
  (await local.dynamo.client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn ?? '';
const kept = (positionsFile: string) =>
  JSON.parse(readFileSync(positionsFile, 'utf8')) as Record<string, Record<string, { after?: string; ended?: true }>>;

it('reads a stream it never read from its oldest record, and keeps where it stands by stream ARN and shard', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'a', 'b');
  const { poller, delivered, calls, logged } = await poll(tableName, positionsFile);
  await poller.drained();
  expect(delivered()).toEqual(['a', 'b']);
  // A stream never read is read from its start with nothing to warn of (npm start's first run is quiet).
  expect(logged).toEqual([]);
  const arn = await streamArnOf(tableName);
  expect(Object.keys(kept(positionsFile))).toEqual([arn]);
  expect(Object.values(kept(positionsFile)[arn] ?? {})).toEqual([{ after: seqOf(calls.flat().at(-1)) }]);
});

it('resumes after the last handled record across a restart: exactly the records written since', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'a', 'b');
  const first = await poll(tableName, positionsFile);
  await first.poller.drained();
  await first.poller.stop();
  expect(first.delivered()).toEqual(['a', 'b']);

  await putInOrder(tableName, 'c', 'd');
  const second = await poll(tableName, positionsFile, undefined, { batchSize: 1 });
  await second.poller.drained();
  await putInOrder(tableName, 'e');
  await second.poller.drained();
  expect(second.delivered()).toEqual(['c', 'd', 'e']);
  expect(second.logged).toEqual([]);
});

it('delivers again a batch whose handling was cut short: the position is kept only once the handler is done', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'done');
  const first = await poll(tableName, positionsFile);
  await first.poller.drained();
  await first.poller.stop();
  const doneAt = kept(positionsFile);
  await putInOrder(tableName, 'x', 'y');

  // The handler gets the next batch and never finishes it: the process dies there.
  let entered: () => void = () => undefined;
  const inHandler = new Promise<void>((r) => (entered = r));
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((r) => (finish = r));
  const hanging = await poll(tableName, positionsFile, () => {
    entered();
    return finished;
  });
  try {
    await inHandler;
    expect(hanging.delivered()).toEqual(['x', 'y']);
    // What a crash leaves: the position from before the batch.
    const leftByCrash = readFileSync(positionsFile, 'utf8');
    expect(JSON.parse(leftByCrash)).toEqual(doneAt);

    // The next start (a process of its own in life; here a poller on a copy of the crash's file) gets the batch again.
    const copy = join(local.dataDir, `${tableName}.after-crash.json`);
    writeFileSync(copy, leftByCrash);
    const next = await poll(tableName, copy);
    await next.poller.drained();
    expect(next.delivered()).toEqual(['x', 'y']);
  } finally {
    finish();
  }
});

it('keeps the records before the first failure as done: a stop while the rest waits to be retried delivers only the rest again', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'a', 'b', 'c');
  let failed: () => void = () => undefined;
  const reported = new Promise<void>((r) => (failed = r));
  const first = await poll(
    tableName,
    positionsFile,
    async (event) => {
      failed();
      return {
        batchItemFailures: event.Records.filter((r) => skOf(r) !== 'a').map((r) => ({ itemIdentifier: seqOf(r) })),
      };
    },
    { maxRetries: Infinity },
  );
  await reported;
  await first.poller.stop();

  const next = await poll(tableName, positionsFile);
  await next.poller.drained();
  expect(next.delivered()).toEqual(['b', 'c']);
});

it('a batch sent to onFailure counts as handled: it is not delivered again after a restart', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'poison');
  const failures: unknown[] = [];
  const first = await poll(
    tableName,
    positionsFile,
    async () => {
      throw new Error('cannot handle it');
    },
    { maxRetries: 0, onFailure: (failure) => void failures.push(failure) },
  );
  await first.poller.drained();
  await first.poller.stop();
  expect(failures).toHaveLength(1);

  await putInOrder(tableName, 'later');
  const next = await poll(tableName, positionsFile);
  await next.poller.drained();
  expect(next.delivered()).toEqual(['later']);
});

it('falls back to the oldest record, saying so, when a kept position is no longer in the stream', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'a', 'b');
  const first = await poll(tableName, positionsFile);
  await first.poller.drained();
  await first.poller.stop();
  const arn = await streamArnOf(tableName);
  const [shardId] = Object.keys(kept(positionsFile)[arn] ?? {});

  // A sequence number below what the shard still holds, as one trimmed after 24 hours is.
  writeFileSync(positionsFile, JSON.stringify({ [arn]: { [shardId ?? '']: { after: '0'.repeat(21) } } }));
  const trimmed = await poll(tableName, positionsFile);
  await trimmed.poller.drained();
  expect(trimmed.delivered()).toEqual(['a', 'b']);
  expect(trimmed.logged).toEqual([expect.stringContaining(`shard ${shardId}: cannot resume after ${'0'.repeat(21)}`)]);
  expect(trimmed.logged[0]).toContain('reading it from TRIM_HORIZON');
  await trimmed.poller.stop();

  // A shard the stream no longer lists: forgotten, and what the stream holds is read from its start.
  writeFileSync(
    positionsFile,
    JSON.stringify({ [arn]: { 'shardId-00000000000000000000-gone': { after: '0'.repeat(20) + '1' } } }),
  );
  const gone = await poll(tableName, positionsFile);
  await gone.poller.drained();
  expect(gone.delivered()).toEqual(['a', 'b']);
  expect(gone.logged).toEqual([
    'shard shardId-00000000000000000000-gone is no longer in the stream: reading what it holds from TRIM_HORIZON',
  ]);
  expect(Object.keys(kept(positionsFile)[arn] ?? {})).toEqual([shardId]);
});

it('ignores the positions of a table created again (another stream ARN)', async () => {
  const { tableName, positionsFile } = await freshTable();
  await putInOrder(tableName, 'old');
  const first = await poll(tableName, positionsFile);
  await first.poller.drained();
  await first.poller.stop();
  const oldArn = await streamArnOf(tableName);

  await local.dynamo.client.send(new DeleteTableCommand({ TableName: tableName }));
  expect(await ensureTable(local.dynamo.client, tableName)).toEqual({ created: true });
  const newArn = await streamArnOf(tableName);
  expect(newArn).not.toBe(oldArn);
  await putInOrder(tableName, 'new');
  const next = await poll(tableName, positionsFile);
  await next.poller.drained();
  expect(next.delivered()).toEqual(['new']);
  expect(next.logged[0]).toContain(`positions kept for another stream (${oldArn}`);
  expect(Object.keys(kept(positionsFile))).toEqual([newArn]);
});

it('refuses LATEST with a positions file: no position can be kept for it until a record is handled', async () => {
  const { tableName, positionsFile } = await freshTable();
  await expect(poll(tableName, positionsFile, undefined, { startingPosition: 'LATEST' })).rejects.toThrow(
    'LATEST cannot be kept',
  );
});
