/**
 * One shard's reading, as the mapping reads it: records in order, one batch in flight, each batch
 * handled (batch-dispatch.ts) before the next is read, its position kept once it is; an expired
 * iterator taken again after the last handled record. A closed shard, read to its end, hands over
 * to its children.
 */
import { type StartAt, startOf, type StreamPositions } from '../stream-positions';
import { type BatchDispatch, backoff, handleBatch } from './batch-dispatch';
import type { DrainTracker } from './drain-tracker';
import { toLambdaRecord } from './lambda-record';
import type { ShardReader } from './shard-reader';

export interface ShardPolling {
  reader: ShardReader;
  dispatch: BatchDispatch;
  drain: DrainTracker;
  positions: StreamPositions | null;
  batchSize: number;
  pollIntervalMs: number;
  /** Given to the handler as each record's awsRegion. */
  region: string;
  /** Starts reading a shard (a closed shard's child). */
  startShard(shardId: string, at: StartAt, iterator: string | undefined): void;
}

/** How far a shard's records are handled: kept (with a positions file), and where an expired iterator resumes. */
class ShardProgress {
  /** The last sequence number handled. */
  private lastDone: string | undefined;

  constructor(
    private readonly shardId: string,
    private readonly positions: StreamPositions | null,
    private readonly at: StartAt,
  ) {
    this.lastDone = at.type === 'AFTER_SEQUENCE_NUMBER' ? at.sequenceNumber : undefined;
  }

  readonly checkpoint = (sequenceNumber: string | undefined): void => {
    if (!sequenceNumber) return;
    this.lastDone = sequenceNumber;
    this.positions?.set(this.shardId, { after: sequenceNumber });
  };

  /** Where reading starts again: after the last handled record, else where it first started. */
  resumeAt(): StartAt {
    return this.lastDone ? { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: this.lastDone } : this.at;
  }

  ended(): void {
    this.positions?.set(this.shardId, { ...(this.lastDone ? { after: this.lastDone } : {}), ended: true });
  }
}

/** Reads the shard until it is closed and read to its end (true), or stopped (false). */
async function readToEnd(
  polling: ShardPolling,
  shardId: string,
  firstIterator: string | undefined,
  progress: ShardProgress,
): Promise<boolean> {
  const { reader, dispatch, drain } = polling;
  const stop = dispatch.stop;
  let iterator = firstIterator;
  let errors = 0;
  while (iterator && !stop.stopped) {
    const startedAt = drain.moment();
    let page;
    try {
      page = await reader.read(iterator, polling.batchSize);
      errors = 0;
    } catch (error) {
      if (stop.stopped) return false;
      // An iterator lives 15 minutes: a long-retried batch can outlive the one read with it.
      if ((error as Error).name === 'ExpiredIteratorException') {
        iterator = await reader.iteratorAt(shardId, progress.resumeAt());
      } else {
        dispatch.onError(error);
        await stop.sleep(backoff(++errors));
      }
      continue;
    }
    const records = (page.Records ?? []).map((record) => toLambdaRecord(record, polling.region, reader.streamArn));
    // Not handled (stopped while waiting to retry): no checkpoint, so the next start delivers it again.
    if (records.length && !(await handleBatch(dispatch, shardId, records, progress.checkpoint))) return false;
    iterator = page.NextShardIterator;
    if (!records.length) {
      drain.caughtUp(shardId, startedAt);
      if (iterator) await stop.sleep(polling.pollIntervalMs);
    }
  }
  return !stop.stopped;
}

export async function pollShard(
  polling: ShardPolling,
  shardId: string,
  at: StartAt,
  firstIterator: string | undefined,
): Promise<void> {
  const progress = new ShardProgress(shardId, polling.positions, at);
  if (!(await readToEnd(polling, shardId, firstIterator, progress))) return;
  // No next iterator: the shard is closed (and read to its end). Its children carry on, in order,
  // each from its kept position if it has one, else from its oldest record.
  progress.ended();
  for (const child of await polling.reader.childShards(shardId)) {
    const childAt = startOf(polling.positions?.get(child));
    polling.startShard(child, childAt, await polling.reader.iteratorAt(child, childAt));
  }
}
