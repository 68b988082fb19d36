/**
 * Where the local event source mapping (stream-poller.ts) reads each shard of the table's stream
 * from, and the file that keeps it across restarts, as Lambda keeps its mapping's checkpoint: a
 * start (after a stop or a crash) resumes after the last record whose batch was handled, and a
 * shard never read starts at its oldest record (TRIM_HORIZON), children after a split included.
 *
 * The file, small JSON keyed by stream ARN and shard id:
 *
 *   { "<stream ARN>": { "<shard id>": { "after": "<sequence number>", "ended": true } } }
 *
 * `after` is the last record handled (absent until one is); `ended` marks a closed shard read to its
 * end, whose children carry on. Only the stream being read is kept: a table created again has a new
 * stream, and the old one's positions mean nothing in it. Each change rewrites the file atomically
 * (atomic-file.ts): a crash leaves the position before the change or after it.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Shard } from '@aws-sdk/client-dynamodb-streams';
import { writeFileAtomic } from './atomic-file';

export interface ShardPosition {
  /** The sequence number of the last record handled. */
  after?: string;
  /** The shard is closed and was read to its end. */
  ended?: true;
}

/** Where a shard's reading starts: Lambda's ShardIteratorType, with the record to start after. */
export type StartAt = { type: 'TRIM_HORIZON' | 'LATEST' } | { type: 'AFTER_SEQUENCE_NUMBER'; sequenceNumber: string };

export interface PlannedShard {
  shardId: string;
  at: StartAt;
}

type Log = (line: string) => void;

/** A stream's saved positions, and the file they are kept in. */
export class StreamPositions {
  private constructor(
    private readonly file: string,
    private readonly streamArn: string,
    private readonly shards: Map<string, ShardPosition>,
  ) {}

  /** The positions `file` holds for `streamArn`; none (every shard from TRIM_HORIZON) for a stream it does not know. */
  static load(file: string, streamArn: string, log: Log): StreamPositions {
    const saved = readPositionsFile(file, log);
    const others = Object.keys(saved).filter((arn) => arn !== streamArn);
    if (others.length)
      log(`positions kept for another stream (${others.join(', ')}: its table was created again) are ignored`);
    const mine = saved[streamArn];
    return new StreamPositions(file, streamArn, new Map(Object.entries(mine ?? {})));
  }

  get(shardId: string): ShardPosition | undefined {
    return this.shards.get(shardId);
  }

  /** Records a shard's new position and writes the file before answering. */
  set(shardId: string, position: ShardPosition): void {
    this.shards.set(shardId, position);
    this.write();
  }

  /** Forgets the shards that are not in `listed` (trimmed from the stream); answers their ids. */
  keepOnly(listed: ReadonlySet<string>): string[] {
    const gone = [...this.shards.keys()].filter((shardId) => !listed.has(shardId));
    for (const shardId of gone) this.shards.delete(shardId);
    if (gone.length) this.write();
    return gone;
  }

  private write(): void {
    writeFileAtomic(this.file, `${JSON.stringify({ [this.streamArn]: Object.fromEntries(this.shards) }, null, 1)}\n`, {
      flush: true,
    });
  }
}

function readPositionsFile(file: string, log: Log): Record<string, Record<string, ShardPosition>> {
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isPositionsFile(parsed)) return parsed;
  } catch {
    // reported below
  }
  // Only a hand-edited file gets here (writes are atomic); reading again from the oldest record
  // repeats handled records, which a stream handler must bear anyway, rather than skip any.
  log(`${file} is not a positions file: it is ignored, and every shard is read from TRIM_HORIZON`);
  return {};
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPositionsFile(value: unknown): value is Record<string, Record<string, ShardPosition>> {
  const isPosition = (p: unknown) =>
    isObject(p) &&
    (p.after === undefined || typeof p.after === 'string') &&
    (p.ended === undefined || p.ended === true);
  return (
    isObject(value) &&
    Object.values(value).every((shards) => isObject(shards) && Object.values(shards).every(isPosition))
  );
}

/** Where a shard with this saved position starts: after its last handled record, or at its oldest. */
export function startOf(position: ShardPosition | undefined): StartAt {
  return position?.after ? { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: position.after } : { type: 'TRIM_HORIZON' };
}

/**
 * The shards to read at a start, and from where, given the saved positions: every listed shard
 * not read to its end whose parent is gone from the stream or was read to its end. A shard whose
 * parent is still being read waits for it (the parent's reader starts its children when it ends),
 * so a key's records stay in order across a split.
 */
export function resumePlan(
  shards: readonly Shard[],
  saved: (shardId: string) => ShardPosition | undefined,
): PlannedShard[] {
  const listed = new Set(shards.map((s) => s.ShardId ?? ''));
  const parentDone = (parent: string | undefined) => !parent || !listed.has(parent) || saved(parent)?.ended === true;
  return shards
    .filter((s) => saved(s.ShardId ?? '')?.ended !== true && parentDone(s.ParentShardId))
    .map((s) => ({ shardId: s.ShardId ?? '', at: startOf(saved(s.ShardId ?? '')) }));
}

/**
 * Without kept positions, where a mapping created with this StartingPosition begins: LATEST, the
 * open shards (closed ones get nothing new); TRIM_HORIZON, the oldest shards still listed (their
 * children follow them).
 */
export function firstPlan(shards: readonly Shard[], startingPosition: 'LATEST' | 'TRIM_HORIZON'): PlannedShard[] {
  const listed = new Set(shards.map((s) => s.ShardId));
  const first =
    startingPosition === 'TRIM_HORIZON'
      ? shards.filter((s) => !s.ParentShardId || !listed.has(s.ParentShardId))
      : shards.filter((s) => !s.SequenceNumberRange?.EndingSequenceNumber);
  return first.map((s) => ({ shardId: s.ShardId ?? '', at: { type: startingPosition } }));
}
