/** Reads across clients, through the table's secondary indexes (never a scan). */
import { keys } from './table';
import type { EntryItem } from './ledger';
import type { Profile } from './profile-item';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../runtime/db';
import { queryAll } from './query';

/** Every live client profile: the GSI1 shards, read in parallel. */
export async function listProfiles(): Promise<Profile[]> {
  const shards = await Promise.all(
    keys.allClientShards().map((pk) =>
      queryAll<Profile>({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    ),
  );
  return shards.flat();
}

/** A page of a shard's due portfolios, and where the next page starts (absent after the last). */
export interface DuePage {
  profiles: Profile[];
  cursor?: string;
}

/**
 * One page of the live profiles in `shard` last updated at or before `lastUpdatedBy` (due for the
 * weekly job), from `cursor` on: only due portfolios are read at all. The cursor is GSI1's
 * LastEvaluatedKey, as text the state machine carries between steps; one that is not this
 * shard's is refused.
 */
export async function dueProfilesPage(
  shard: number,
  lastUpdatedBy: number,
  cursor: string | undefined,
  limit: number,
): Promise<DuePage> {
  const shardPk = keys.clientsShard(shard);
  const page = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :due',
      ExpressionAttributeValues: { ':pk': shardPk, ':due': keys.dueBefore(lastUpdatedBy) },
      Limit: limit,
      ExclusiveStartKey: cursor === undefined ? undefined : shardKeyOf(cursor, shardPk),
    }),
  );
  const profiles = (page.Items ?? []) as Profile[];
  return page.LastEvaluatedKey
    ? { profiles, cursor: Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') }
    : { profiles };
}

const GSI1_KEY_NAMES = ['GSI1PK', 'GSI1SK', 'PK', 'SK'];

function shardKeyOf(cursor: string, shardPk: string): Record<string, string> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const record = key as Record<string, unknown> | null;
  const valid =
    typeof record === 'object' &&
    record !== null &&
    Object.keys(record).sort().join() === [...GSI1_KEY_NAMES].sort().join() &&
    GSI1_KEY_NAMES.every((name) => typeof record[name] === 'string') &&
    record.GSI1PK === shardPk;
  if (!valid) throw Object.assign(new Error(`not a cursor of ${shardPk}`), { name: 'BadStep' });
  return record as Record<string, string>;
}

/** Deposits whose eligibility date lies in (fromExclusive, toInclusive], from GSI2's month partitions. */
export async function depositsEligibleBetween(fromExclusive: number, toInclusive: number): Promise<EntryItem[]> {
  const months = keys.eligibilityMonthsBetween(fromExclusive, toInclusive);
  const pages = await Promise.all(
    months.map((pk) =>
      queryAll<EntryItem>({
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': keys.eligibilitySortKey(fromExclusive),
          ':to': `${keys.eligibilitySortKey(toInclusive)}~`,
        },
      }),
    ),
  );
  // BETWEEN is inclusive at both ends; the lower end must not be.
  return pages
    .flat()
    .filter((item) => item.GSI2SK !== undefined && item.GSI2SK.slice(0, 24) > keys.eligibilitySortKey(fromExclusive));
}
