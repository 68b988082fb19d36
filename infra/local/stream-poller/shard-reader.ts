/**
 * Reading the table's stream through the DynamoDB Streams API: its ARN, its shards, an iterator
 * where a shard's reading starts (falling back to the shard's oldest record when a kept position
 * is gone), a page of records, and a closed shard's children.
 */
import { DescribeTableCommand, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { StartAt } from '../stream-positions';
import type { StopSwitch } from './stop-switch';

/** GetShardIterator's answers to a sequence number the shard no longer has (or never had). */
const POSITION_GONE = new Set(['TrimmedDataAccessException', 'ValidationException', 'ResourceNotFoundException']);

/** The ARN of the table's stream; refused when the table has none. */
export async function streamArnOf(clientConfig: DynamoDBClientConfig, tableName: string): Promise<string> {
  const dynamo = new DynamoDBClient(clientConfig);
  const { Table } = await dynamo
    .send(new DescribeTableCommand({ TableName: tableName }))
    .finally(() => dynamo.destroy());
  if (!Table?.StreamSpecification?.StreamEnabled || !Table.LatestStreamArn)
    throw new Error(`table ${tableName} has no stream (ensureTable enables it)`);
  return Table.LatestStreamArn;
}

export class ShardReader {
  constructor(
    private readonly streams: DynamoDBStreamsClient,
    readonly streamArn: string,
    private readonly stop: StopSwitch,
    private readonly pollIntervalMs: number,
    private readonly log: (line: string) => void,
  ) {}

  async describeShards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await this.streams.send(
        new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: start }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  /**
   * An iterator at `at`. A kept position the stream no longer has (its record trimmed after 24 h,
   * or a number from another stream's history: DynamoDB Local answers ValidationException, AWS
   * TrimmedDataAccessException) falls back to the oldest record the shard still holds.
   */
  async iteratorAt(shardId: string, at: StartAt): Promise<string | undefined> {
    if (at.type !== 'AFTER_SEQUENCE_NUMBER') return this.iteratorFor(shardId, at.type);
    try {
      return await this.iteratorFor(shardId, at.type, at.sequenceNumber);
    } catch (error) {
      if (!POSITION_GONE.has((error as Error).name)) throw error;
      this.log(
        `shard ${shardId}: cannot resume after ${at.sequenceNumber} (${(error as Error).name}: ${(error as Error).message}): reading it from TRIM_HORIZON`,
      );
      return this.iteratorFor(shardId, 'TRIM_HORIZON');
    }
  }

  /** A page of records and the next iterator (none: the shard is closed and read to its end); a stop aborts it. */
  read(iterator: string, limit: number): Promise<GetRecordsCommandOutput> {
    return this.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: limit }), {
      abortSignal: this.stop.signal,
    });
  }

  /** A closed shard's children; they may be listed a moment after it closes. None if the stream was disabled. */
  async childShards(parent: string): Promise<string[]> {
    while (!this.stop.stopped) {
      const children = (await this.describeShards())
        .filter((s) => s.ParentShardId === parent)
        .map((s) => s.ShardId ?? '');
      if (children.length) return children;
      const { StreamDescription } = await this.streams.send(new DescribeStreamCommand({ StreamArn: this.streamArn }));
      if (StreamDescription?.StreamStatus !== 'ENABLED') return [];
      await this.stop.sleep(this.pollIntervalMs);
    }
    return [];
  }

  private async iteratorFor(
    shardId: string,
    type: ShardIteratorType,
    sequenceNumber?: string,
  ): Promise<string | undefined> {
    const answer = await this.streams.send(
      new GetShardIteratorCommand({
        StreamArn: this.streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        SequenceNumber: sequenceNumber,
      }),
    );
    return answer.ShardIterator;
  }
}
