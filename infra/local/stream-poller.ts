/**
 * The local stand-in for a Lambda event source mapping on the table's DynamoDB Stream: it polls
 * DynamoDB Local's stream and hands the stream handler the event Lambda would, with the same
 * retry rules (ReportBatchItemFailures, MaximumRetryAttempts, an on-failure destination), so a
 * stream handler behaves locally as it will in AWS.
 *
 * Per shard: records in order, one batch in flight, a batch retried (with back-off) until it
 * succeeds or its retries are spent; then what is left of it goes to `onFailure` and polling
 * moves on. Shards run side by side; a closed shard hands over to its child shards.
 *
 * With `positionsFile`, the position in each shard is kept as Lambda keeps its checkpoint
 * (stream-positions.ts): saved once the handler is done with a batch, so a start resumes after the
 * last handled record and a crash mid-batch delivers that batch again (at least once, as in AWS:
 * the handler must bear a record twice).
 *
 * Not copied from Lambda: bisecting a failing batch (a batch ends in `onFailure` whole, from its
 * first failing record), batching windows, parallelisation factor, function timeouts.
 */
import { appendFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type AttributeValue as StreamsAttributeValue,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamsRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { firstPlan, type PlannedShard, resumePlan, type StartAt, startOf, StreamPositions } from './stream-positions';

/** A stream handler as Lambda calls it (the context is not needed by ours). */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void | null | undefined>;

/** What reaches the on-failure destination: AWS's record for DynamoDB Streams, plus the records themselves. */
export interface StreamBatchFailure {
  version: '1.0';
  timestamp: string;
  requestContext: { condition: 'RetryAttemptsExhausted'; approximateInvokeCount: number };
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    approximateArrivalOfFirstRecord: string;
    approximateArrivalOfLastRecord: string;
    batchSize: number;
    streamArn: string;
  };
  /** Why the last attempt failed: the thrown error, or the records the handler reported. */
  lastError: string;
  /** Not in AWS's record (it names only the sequence range, to read again in 24 h): the records dropped. */
  records: DynamoDBRecord[];
}

export interface StreamPollerOptions {
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Given to the handler as each record's awsRegion (DynamoDB Local says "ddblocal"; AWS says the table's region). */
  region?: string;
  tableName: string;
  handler: StreamHandler;
  /** The on-failure destination: a batch whose retries are spent (see `failuresToFile`). */
  onFailure: (failure: StreamBatchFailure) => void | Promise<void>;
  /** BatchSize of the mapping. */
  batchSize?: number;
  /** MaximumRetryAttempts of the mapping: retries after the first attempt (Infinity: until it succeeds). */
  maxRetries?: number;
  /** How long a shard with nothing new waits before its next GetRecords. */
  pollIntervalMs?: number;
  /**
   * The file the mapping keeps its position in (under DATA_DIR): each shard resumes after its last
   * handled record, and a shard never read starts at TRIM_HORIZON. Without it, the position lasts
   * as long as the poller and `startingPosition` says where each start begins.
   */
  positionsFile?: string;
  /**
   * StartingPosition of the mapping, without `positionsFile`: LATEST skips what was written before
   * the poller started. Refused with a positions file: LATEST is no position that can be kept until
   * a record is handled, so a crash before then would skip what came in meanwhile.
   */
  startingPosition?: 'LATEST' | 'TRIM_HORIZON';
  /** A handler's thrown error (as the Lambda runtime logs it) or a polling error. */
  onError?: (error: unknown) => void;
  /** Notes on where reading starts: a kept position that cannot be resumed, positions ignored. */
  log?: (line: string) => void;
}

export interface StreamPoller {
  /** Stops polling: waits for a handler call in flight; a batch waiting to be retried is not retried. */
  stop(): Promise<void>;
  /** Resolves once every record written before the call has been handled (succeeded or sent to onFailure). */
  drained(): Promise<void>;
}

/** GetShardIterator's answers to a sequence number the shard no longer has (or never had). */
const POSITION_GONE = new Set(['TrimmedDataAccessException', 'ValidationException', 'ResourceNotFoundException']);

const RETRY_BACKOFF_FIRST_MS = 100;
const RETRY_BACKOFF_MAX_MS = 5_000;
const backoff = (failures: number) => Math.min(RETRY_BACKOFF_FIRST_MS * 2 ** (failures - 1), RETRY_BACKOFF_MAX_MS);

/** An on-failure destination writing one JSON line per failed batch (say `<dataDir>/stream-failures.jsonl`). */
export function failuresToFile(file: string): (failure: StreamBatchFailure) => void {
  return (failure) => appendFileSync(file, `${JSON.stringify(failure)}\n`);
}

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const { tableName, handler, onFailure } = options;
  const region = options.region ?? 'us-east-1';
  const batchSize = options.batchSize ?? 10;
  const maxRetries = options.maxRetries ?? 3;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const onError = options.onError ?? ((error: unknown) => console.error('stream poller:', error));
  const log = options.log ?? ((line: string) => console.warn(`stream poller: ${line}`));
  if (options.positionsFile && options.startingPosition === 'LATEST') throw new Error('a kept position starts at TRIM_HORIZON: LATEST cannot be kept');
  const clientConfig = { endpoint: options.endpoint, region, credentials: options.credentials };
  const streams = new DynamoDBStreamsClient(clientConfig);

  let stopping = false;
  // Aborts a GetRecords in flight on stop (never a handler call: stop waits for that).
  const abort = new AbortController();
  // Sleeps in progress, each woken early by stop.
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  // drained(): a shard is caught up with a moment once a GetRecords begun after it came back empty
  // (everything read before it having been handled, since a shard reads only after handling).
  let clock = 0;
  const caughtUpAt = new Map<string, number>(); // the shards being polled
  const waiters: { mark: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      if ([...caughtUpAt.values()].every((at) => at >= waiter.mark)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  let streamArn: string;
  let positions: StreamPositions | null = null;
  const workers = new Set<Promise<void>>();
  try {
    const dynamo = new DynamoDBClient(clientConfig);
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName })).finally(() => dynamo.destroy());
    if (!Table?.StreamSpecification?.StreamEnabled || !Table.LatestStreamArn) throw new Error(`table ${tableName} has no stream (ensureTable enables it)`);
    streamArn = Table.LatestStreamArn;

    const shards = await describeShards();
    let plan: PlannedShard[];
    if (options.positionsFile) {
      const kept = StreamPositions.load(options.positionsFile, streamArn, log);
      // A kept shard no longer listed was trimmed (its records are gone): what the stream still holds is read from its oldest record.
      for (const gone of kept.keepOnly(new Set(shards.map((s) => s.ShardId ?? '')))) log(`shard ${gone} is no longer in the stream: reading what it holds from TRIM_HORIZON`);
      positions = kept;
      plan = resumePlan(shards, (shardId) => kept.get(shardId));
    } else {
      plan = firstPlan(shards, options.startingPosition ?? 'LATEST');
    }
    // Every iterator is taken before this function returns: what is written after it is delivered.
    const started = await Promise.all(plan.map(async ({ shardId, at }) => ({ shardId, at, iterator: await iteratorAt(shardId, at) })));
    for (const { shardId, at, iterator } of started) startShard(shardId, at, iterator);
  } catch (error) {
    streams.destroy();
    throw error;
  }

  async function describeShards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  async function iteratorFor(shardId: string, type: ShardIteratorType, sequenceNumber?: string): Promise<string | undefined> {
    const answer = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }));
    return answer.ShardIterator;
  }

  /**
   * An iterator at `at`. A kept position the stream no longer has (its record trimmed after 24 h,
   * or a number from another stream's history: DynamoDB Local answers ValidationException, AWS
   * TrimmedDataAccessException) falls back to the oldest record the shard still holds.
   */
  async function iteratorAt(shardId: string, at: StartAt): Promise<string | undefined> {
    if (at.type !== 'AFTER_SEQUENCE_NUMBER') return iteratorFor(shardId, at.type);
    try {
      return await iteratorFor(shardId, at.type, at.sequenceNumber);
    } catch (error) {
      if (!POSITION_GONE.has((error as Error).name)) throw error;
      log(`shard ${shardId}: cannot resume after ${at.sequenceNumber} (${(error as Error).name}: ${(error as Error).message}): reading it from TRIM_HORIZON`);
      return iteratorFor(shardId, 'TRIM_HORIZON');
    }
  }

  function startShard(shardId: string, at: StartAt, iterator: string | undefined): void {
    caughtUpAt.set(shardId, -1);
    const worker = pollShard(shardId, at, iterator)
      .catch(onError)
      .finally(() => {
        caughtUpAt.delete(shardId);
        workers.delete(worker);
        settleWaiters();
      });
    workers.add(worker);
  }

  async function pollShard(shardId: string, at: StartAt, firstIterator: string | undefined): Promise<void> {
    let iterator = firstIterator;
    // The last sequence number handled: kept (with a positions file), and where an expired iterator resumes.
    let lastDone = at.type === 'AFTER_SEQUENCE_NUMBER' ? at.sequenceNumber : undefined;
    const checkpoint = (sequenceNumber: string | undefined) => {
      if (!sequenceNumber) return;
      lastDone = sequenceNumber;
      positions?.set(shardId, { after: sequenceNumber });
    };
    let errors = 0;
    while (iterator && !stopping) {
      const startedAt = clock;
      let page;
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }), { abortSignal: abort.signal });
        errors = 0;
      } catch (error) {
        if (stopping) return;
        // An iterator lives 15 minutes: a long-retried batch can outlive the one read with it.
        if ((error as Error).name === 'ExpiredIteratorException') {
          iterator = await iteratorAt(shardId, lastDone ? { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: lastDone } : at);
        } else {
          onError(error);
          await sleep(backoff(++errors));
        }
        continue;
      }
      const records = (page.Records ?? []).map((record) => toLambdaRecord(record, region, streamArn));
      // Not handled (stopped while waiting to retry): no checkpoint, so the next start delivers it again.
      if (records.length && !(await handleBatch(shardId, records, checkpoint))) return;
      iterator = page.NextShardIterator;
      if (!records.length) {
        caughtUpAt.set(shardId, startedAt);
        settleWaiters();
        if (iterator) await sleep(pollIntervalMs);
      }
    }
    // No next iterator: the shard is closed (and read to its end). Its children carry on, in order,
    // each from its kept position if it has one, else from its oldest record.
    if (stopping) return;
    positions?.set(shardId, { ...(lastDone ? { after: lastDone } : {}), ended: true });
    for (const child of await childShards(shardId)) {
      const childAt = startOf(positions?.get(child));
      startShard(child, childAt, await iteratorAt(child, childAt));
    }
  }

  /** A closed shard's children; they may be listed a moment after it closes. None if the stream was disabled. */
  async function childShards(parent: string): Promise<string[]> {
    while (!stopping) {
      const children = (await describeShards()).filter((s) => s.ParentShardId === parent).map((s) => s.ShardId ?? '');
      if (children.length) return children;
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      if (StreamDescription?.StreamStatus !== 'ENABLED') return [];
      await sleep(pollIntervalMs);
    }
    return [];
  }

  /**
   * One batch until it is handled: succeeded, or its retries spent and the rest sent to onFailure
   * (true); false when stopped before. `checkpoint` hears each record up to which it is done.
   */
  async function handleBatch(shardId: string, batch: DynamoDBRecord[], checkpoint: (sequenceNumber: string | undefined) => void): Promise<boolean> {
    let pending = batch;
    for (let attempt = 1; ; attempt++) {
      let failedFrom: number; // index in `pending` of the first record to retry; -1: all done
      let lastError: string;
      try {
        // Each invocation gets its own copy, as each Lambda invocation parses its own JSON.
        const answer = await handler({ Records: structuredClone(pending) });
        failedFrom = firstFailure(answer, pending);
        lastError = `batchItemFailures: ${JSON.stringify(answer?.batchItemFailures)}`;
      } catch (error) {
        onError(error);
        failedFrom = 0;
        lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      if (failedFrom < 0) {
        checkpoint(pending.at(-1)?.dynamodb?.SequenceNumber);
        return true;
      }
      // The records before the first failure are done (Lambda checkpoints there).
      if (failedFrom > 0) checkpoint(pending[failedFrom - 1]?.dynamodb?.SequenceNumber);
      pending = pending.slice(failedFrom);
      if (attempt > maxRetries) {
        try {
          await onFailure(failureOf(shardId, pending, attempt, lastError));
        } catch (error) {
          onError(error);
        }
        checkpoint(pending.at(-1)?.dynamodb?.SequenceNumber);
        return true;
      }
      await sleep(backoff(attempt));
      if (stopping) return false;
    }
  }

  function failureOf(shardId: string, records: DynamoDBRecord[], invocations: number, lastError: string): StreamBatchFailure {
    const arrival = (record: DynamoDBRecord | undefined) => new Date((record?.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000).toISOString();
    return {
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: invocations },
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: records[0]?.dynamodb?.SequenceNumber ?? '',
        endSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber ?? '',
        approximateArrivalOfFirstRecord: arrival(records[0]),
        approximateArrivalOfLastRecord: arrival(records.at(-1)),
        batchSize: records.length,
        streamArn,
      },
      lastError,
      records,
    };
  }

  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      abort.abort();
      for (const wake of [...sleepers]) wake();
      while (workers.size) await Promise.all([...workers]);
      streams.destroy();
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('stream poller stopped'));
    },
    drained() {
      if (stopping) return Promise.reject(new Error('stream poller stopped'));
      return new Promise<void>((resolve, reject) => {
        waiters.push({ mark: ++clock, resolve, reject });
        settleWaiters();
      });
    },
  };
}

/**
 * Where to retry from, as Lambda reads a ReportBatchItemFailures answer: -1 when all succeeded (no
 * answer, or no failures); else the earliest reported record; the whole batch when an identifier
 * is missing or names no record of the batch.
 */
export function firstFailure(answer: DynamoDBBatchResponse | void | null | undefined, batch: DynamoDBRecord[]): number {
  const failures = answer?.batchItemFailures ?? [];
  if (!failures.length) return -1;
  const indexes = failures.map((f) => batch.findIndex((r) => f?.itemIdentifier && r.dynamodb?.SequenceNumber === f.itemIdentifier));
  return indexes.includes(-1) ? 0 : Math.min(...indexes);
}

/**
 * A stream record as Lambda delivers it: plain JSON, dates in epoch seconds, binary values in
 * base64, the table's region, the stream's ARN as eventSourceARN; images stay DynamoDB JSON.
 */
export function toLambdaRecord(record: StreamsRecord, region: string, streamArn: string): DynamoDBRecord {
  const d = record.dynamodb ?? {};
  const lambdaRecord: DynamoDBRecord = {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: record.eventSource ?? 'aws:dynamodb',
    awsRegion: region,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime && Math.floor(d.ApproximateCreationDateTime.getTime() / 1000),
      Keys: d.Keys && toLambdaImage(d.Keys),
      NewImage: d.NewImage && toLambdaImage(d.NewImage),
      OldImage: d.OldImage && toLambdaImage(d.OldImage),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
    eventSourceARN: streamArn,
    // Set on TTL deletions: { type: 'Service', principalId: 'dynamodb.amazonaws.com' }.
    userIdentity: record.userIdentity && { type: record.userIdentity.Type, principalId: record.userIdentity.PrincipalId },
  };
  // Through JSON, as Lambda's event is: absent fields are absent, not `undefined`.
  return JSON.parse(JSON.stringify(lambdaRecord)) as DynamoDBRecord;
}

function toLambdaImage(image: Record<string, StreamsAttributeValue>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The SDK gives binary as bytes; Lambda's JSON has base64. The other types are the same JSON. */
function toLambdaValue(value: StreamsAttributeValue): AttributeValue {
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.$unknown !== undefined) throw new Error(`unknown attribute type ${value.$unknown[0]}`);
  return value;
}
