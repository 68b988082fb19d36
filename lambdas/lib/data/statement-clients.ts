/**
 * The clients a monthly statements step reads, a page at a time within one shard: first the live
 * clients of the shard (GSI1, every one of them), then the accounts closed since `closedSince`
 * (GSI3 CLIENTS#closed), of which the shard keeps its own. A closed account is off GSI1, so it is
 * found only there, and only by the one shard its sub hashes to: each is read once per run. The
 * closed list is one small partition (closing is an administrator's act), so every shard reading
 * it costs little. A client closed while a run lists may be seen in both phases; the statement it
 * already has is then found, not written again.
 *
 * The cursor is the phase and DynamoDB's LastEvaluatedKey, as text the state machine carries
 * between steps; one that is not of this shard or phase is refused (BadStep).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../runtime/db';
import { dueProfilesPage } from './indexes';
import type { Profile } from './profile-item';
import { keys } from './table';

export interface StatementClientsPage {
  profiles: Profile[];
  /** Where the next page starts; absent after the last page of the closed accounts. */
  cursor?: string;
}

type Phase = 'live' | 'closed';

interface Position {
  phase: Phase;
  /** DynamoDB's LastEvaluatedKey in that phase; absent at the phase's start. */
  key?: Record<string, string>;
}

/**
 * GSI1 sorts a shard's clients by their lastUpdate; every such date sorts before this one, so
 * the "due by" listing of the weekly job reads the whole shard (and keeps its cursor checks).
 */
const EVERY_CLIENT = Date.UTC(9999, 11, 31);

const badCursor = (cursor: string) =>
  Object.assign(new Error(`not a statements cursor: ${JSON.stringify(cursor)}`), { name: 'BadStep' });

function encode(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

const CLOSED_KEY_NAMES = ['GSI3PK', 'GSI3SK', 'PK', 'SK'];

function decode(cursor: string | undefined): Position {
  if (cursor === undefined) return { phase: 'live' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(cursor);
  }
  const { phase, key } = (parsed ?? {}) as { phase?: unknown; key?: unknown };
  if (phase !== 'live' && phase !== 'closed') throw badCursor(cursor);
  if (key === undefined) return { phase };
  if (typeof key !== 'object' || key === null) throw badCursor(cursor);
  const record = key as Record<string, unknown>;
  if (!Object.values(record).every((v) => typeof v === 'string')) throw badCursor(cursor);
  if (
    phase === 'closed' &&
    (Object.keys(record).sort().join() !== CLOSED_KEY_NAMES.join() || record.GSI3PK !== keys.closedPk)
  )
    throw badCursor(cursor);
  return { phase, key: record as Record<string, string> };
}

/** Whether `sub` is one of `shard`'s clients: where GSI1 puts it while it is live. */
export function inShard(sub: string, shard: number): boolean {
  return keys.clientsIndex(sub, 0).GSI1PK === keys.clientsShard(shard);
}

async function closedPage(shard: number, closedSince: number, key: Record<string, string> | undefined, limit: number) {
  const page = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK >= :since',
      ExpressionAttributeValues: { ':pk': keys.closedPk, ':since': new Date(closedSince).toISOString() },
      Limit: limit,
      ExclusiveStartKey: key,
    }),
  );
  const profiles = ((page.Items ?? []) as Profile[]).filter((p) => inShard(p.sub, shard));
  return { profiles, next: page.LastEvaluatedKey as Record<string, string> | undefined };
}

/** One page of the shard's clients from `cursor` on. */
export async function statementClientsPage(
  shard: number,
  closedSince: number,
  cursor: string | undefined,
  limit: number,
): Promise<StatementClientsPage> {
  const position = decode(cursor);
  if (position.phase === 'live') {
    const liveCursor = position.key ? liveKeyCursor(position.key) : undefined;
    const page = await dueProfilesPage(shard, EVERY_CLIENT, liveCursor, limit);
    const next: Position = page.cursor
      ? {
          phase: 'live',
          key: JSON.parse(Buffer.from(page.cursor, 'base64url').toString('utf8')) as Record<string, string>,
        }
      : { phase: 'closed' };
    return { profiles: page.profiles, cursor: encode(next) };
  }
  const page = await closedPage(shard, closedSince, position.key, limit);
  return page.next
    ? { profiles: page.profiles, cursor: encode({ phase: 'closed', key: page.next }) }
    : { profiles: page.profiles };
}

/** The live phase's key as the cursor dueProfilesPage reads (it checks the key is of the shard). */
function liveKeyCursor(key: Record<string, string>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}
