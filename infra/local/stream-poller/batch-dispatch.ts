/**
 * Handing a batch to the stream handler as Lambda's event source mapping does: retried with
 * back-off from its first failing record (ReportBatchItemFailures) until it succeeds or its
 * retries (MaximumRetryAttempts) are spent, then what is left of it goes to the on-failure
 * destination. Not copied from Lambda: bisecting a failing batch.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { failureOf, type StreamBatchFailure } from './batch-failure';
import type { StopSwitch } from './stop-switch';

/** A stream handler as Lambda calls it (the context is not needed by ours). */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void | null | undefined>;

export interface BatchDispatch {
  streamArn: string;
  handler: StreamHandler;
  onFailure: (failure: StreamBatchFailure) => void | Promise<void>;
  onError: (error: unknown) => void;
  /** Retries after the first attempt (Infinity: until it succeeds). */
  maxRetries: number;
  stop: StopSwitch;
}

const RETRY_BACKOFF_FIRST_MS = 100;
const RETRY_BACKOFF_MAX_MS = 5_000;
/** The wait before the n-th failure in a row is tried again: doubling from 100 ms, up to 5 s. */
export const backoff = (failures: number) =>
  Math.min(RETRY_BACKOFF_FIRST_MS * 2 ** (failures - 1), RETRY_BACKOFF_MAX_MS);

/**
 * Where to retry from, as Lambda reads a ReportBatchItemFailures answer: -1 when all succeeded (no
 * answer, or no failures); else the earliest reported record; the whole batch when an identifier
 * is missing or names no record of the batch.
 */
export function firstFailure(answer: DynamoDBBatchResponse | void | null | undefined, batch: DynamoDBRecord[]): number {
  const failures = answer?.batchItemFailures ?? [];
  if (!failures.length) return -1;
  const indexes = failures.map((f) =>
    batch.findIndex((r) => f?.itemIdentifier && r.dynamodb?.SequenceNumber === f.itemIdentifier),
  );
  return indexes.includes(-1) ? 0 : Math.min(...indexes);
}

/** One call of the handler: the index in `pending` of the first record to retry (-1: all done), and why. */
async function attempt(
  dispatch: BatchDispatch,
  pending: DynamoDBRecord[],
): Promise<{ failedFrom: number; lastError: string }> {
  try {
    // Each invocation gets its own copy, as each Lambda invocation parses its own JSON.
    const answer = await dispatch.handler({ Records: structuredClone(pending) });
    return {
      failedFrom: firstFailure(answer, pending),
      lastError: `batchItemFailures: ${JSON.stringify(answer?.batchItemFailures)}`,
    };
  } catch (error) {
    dispatch.onError(error);
    return { failedFrom: 0, lastError: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * One batch until it is handled: succeeded, or its retries spent and the rest sent to onFailure
 * (true); false when stopped before. `checkpoint` hears each record up to which it is done.
 */
export async function handleBatch(
  dispatch: BatchDispatch,
  shardId: string,
  batch: DynamoDBRecord[],
  checkpoint: (sequenceNumber: string | undefined) => void,
): Promise<boolean> {
  let pending = batch;
  for (let attempts = 1; ; attempts++) {
    const { failedFrom, lastError } = await attempt(dispatch, pending);
    if (failedFrom < 0) {
      checkpoint(pending.at(-1)?.dynamodb?.SequenceNumber);
      return true;
    }
    // The records before the first failure are done (Lambda checkpoints there).
    if (failedFrom > 0) checkpoint(pending[failedFrom - 1]?.dynamodb?.SequenceNumber);
    pending = pending.slice(failedFrom);
    if (attempts > dispatch.maxRetries) {
      try {
        await dispatch.onFailure(failureOf(dispatch.streamArn, shardId, pending, attempts, lastError));
      } catch (error) {
        dispatch.onError(error);
      }
      checkpoint(pending.at(-1)?.dynamodb?.SequenceNumber);
      return true;
    }
    await dispatch.stop.sleep(backoff(attempts));
    if (dispatch.stop.stopped) return false;
  }
}
