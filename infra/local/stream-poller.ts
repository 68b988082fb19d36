/**
 * The local stand-in for a Lambda event source mapping on the table's DynamoDB Stream: it polls
 * DynamoDB Local's stream and hands the stream handler the event Lambda would, with the same
 * retry rules (ReportBatchItemFailures, MaximumRetryAttempts, an on-failure destination), so a
 * stream handler behaves locally as it will in AWS.
 *
 * Per shard (stream-poller/shard-poller.ts): records in order, one batch in flight, a batch
 * retried (with back-off) until it succeeds or its retries are spent (batch-dispatch.ts); then
 * what is left of it goes to `onFailure` and polling moves on. Shards run side by side; a closed
 * shard hands over to its child shards. The stream itself is read in shard-reader.ts.
 *
 * With `positionsFile`, the position in each shard is kept as Lambda keeps its checkpoint
 * (stream-positions.ts): saved once the handler is done with a batch, so a start resumes after the
 * last handled record and a crash mid-batch delivers that batch again (at least once, as in AWS:
 * the handler must bear a record twice).
 *
 * Not copied from Lambda: bisecting a failing batch (a batch ends in `onFailure` whole, from its
 * first failing record), batching windows, parallelisation factor, function timeouts.
 */
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { StreamBatchFailure } from './stream-poller/batch-failure';
import type { StreamHandler } from './stream-poller/batch-dispatch';
import { DrainTracker } from './stream-poller/drain-tracker';
import { pollShard, type ShardPolling } from './stream-poller/shard-poller';
import { ShardReader, streamArnOf } from './stream-poller/shard-reader';
import { ShardWorkers } from './stream-poller/shard-workers';
import { startPlan } from './stream-poller/start-plan';
import { StopSwitch } from './stream-poller/stop-switch';

export { firstFailure, type StreamHandler } from './stream-poller/batch-dispatch';
export { failuresToFile, type StreamBatchFailure } from './stream-poller/batch-failure';
export { toLambdaRecord } from './stream-poller/lambda-record';

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

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const onError = options.onError ?? ((error: unknown) => console.error('stream poller:', error));
  const log = options.log ?? ((line: string) => console.warn(`stream poller: ${line}`));
  if (options.positionsFile && options.startingPosition === 'LATEST')
    throw new Error('a kept position starts at TRIM_HORIZON: LATEST cannot be kept');
  const clientConfig = {
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    credentials: options.credentials,
  };
  const streams = new DynamoDBStreamsClient(clientConfig);
  const stop = new StopSwitch();
  const drain = new DrainTracker();
  const workers = new ShardWorkers(drain, onError);
  try {
    const streamArn = await streamArnOf(clientConfig, options.tableName);
    const pollIntervalMs = options.pollIntervalMs ?? 250;
    const reader = new ShardReader(streams, streamArn, stop, pollIntervalMs, log);
    const plan = startPlan(await reader.describeShards(), streamArn, options, log);
    const polling: ShardPolling = {
      reader,
      dispatch: {
        streamArn,
        handler: options.handler,
        onFailure: options.onFailure,
        onError,
        maxRetries: options.maxRetries ?? 3,
        stop,
      },
      drain,
      positions: plan.positions,
      batchSize: options.batchSize ?? 10,
      pollIntervalMs,
      region: clientConfig.region,
      startShard: (shardId, at, iterator) => workers.start(shardId, () => pollShard(polling, shardId, at, iterator)),
    };
    // Every iterator is taken before this function returns: what is written after it is delivered.
    const started = await Promise.all(
      plan.shards.map(async ({ shardId, at }) => ({ shardId, at, iterator: await reader.iteratorAt(shardId, at) })),
    );
    for (const { shardId, at, iterator } of started) polling.startShard(shardId, at, iterator);
  } catch (error) {
    streams.destroy();
    throw error;
  }

  return {
    async stop() {
      if (stop.stopped) return;
      stop.stop();
      await workers.ended();
      streams.destroy();
      drain.rejectAll(new Error('stream poller stopped'));
    },
    drained() {
      if (stop.stopped) return Promise.reject(new Error('stream poller stopped'));
      return drain.drained();
    },
  };
}
