/**
 * Where each shard's reading starts when the poller starts: from the kept positions file, when
 * there is one (stream-positions.ts), else from the mapping's StartingPosition.
 */
import type { Shard } from '@aws-sdk/client-dynamodb-streams';
import { firstPlan, type PlannedShard, resumePlan, StreamPositions } from '../stream-positions';

export interface StartPlan {
  shards: PlannedShard[];
  /** The kept positions, to record each handled batch in; null without a positions file. */
  positions: StreamPositions | null;
}

export function startPlan(
  shards: readonly Shard[],
  streamArn: string,
  from: { positionsFile?: string; startingPosition?: 'LATEST' | 'TRIM_HORIZON' },
  log: (line: string) => void,
): StartPlan {
  if (!from.positionsFile) return { shards: firstPlan(shards, from.startingPosition ?? 'LATEST'), positions: null };
  const kept = StreamPositions.load(from.positionsFile, streamArn, log);
  // A kept shard no longer listed was trimmed (its records are gone): what the stream still holds is read from its oldest record.
  for (const gone of kept.keepOnly(new Set(shards.map((s) => s.ShardId ?? ''))))
    log(`shard ${gone} is no longer in the stream: reading what it holds from TRIM_HORIZON`);
  return { shards: resumePlan(shards, (shardId) => kept.get(shardId)), positions: kept };
}
