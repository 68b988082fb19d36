/** The mapping's on-failure destination: what reaches it when a batch's retries are spent, and a file to write it to. */
import { appendFileSync } from 'node:fs';
import type { DynamoDBRecord } from 'aws-lambda';

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

/** An on-failure destination writing one JSON line per failed batch (say `<dataDir>/stream-failures.jsonl`). */
export function failuresToFile(file: string): (failure: StreamBatchFailure) => void {
  return (failure) => appendFileSync(file, `${JSON.stringify(failure)}\n`);
}

/** The failure of `records`, what was left of a batch of `streamArn`'s shard after `invocations` calls. */
export function failureOf(
  streamArn: string,
  shardId: string,
  records: DynamoDBRecord[],
  invocations: number,
  lastError: string,
): StreamBatchFailure {
  const arrival = (record: DynamoDBRecord | undefined) =>
    new Date((record?.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000).toISOString();
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
