/** Reads across clients, through the table's secondary indexes (never a scan). */
import { keys } from './table';
import type { EntryItem } from './ledger';
import type { Profile } from './profiles';
import { queryAll, queryPages } from './query';

/** Every live client profile: the GSI1 shards, read in parallel. */
export async function listProfiles(): Promise<Profile[]> {
  const shards = await Promise.all(
    keys.allClientShards().map((pk) =>
      queryAll<Profile>({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk } }),
    ),
  );
  return shards.flat();
}

/**
 * The live profiles last updated at or before `lastUpdatedBy` (due for the weekly job): one
 * source per GSI1 shard, each read page by page, so only due portfolios are read at all.
 */
export function dueProfiles(lastUpdatedBy: number): AsyncIterable<Profile>[] {
  return keys.allClientShards().map((pk) => dueInShard(pk, keys.dueBefore(lastUpdatedBy)));
}

async function* dueInShard(shardPk: string, dueBefore: string): AsyncIterable<Profile> {
  const pages = queryPages<Profile>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :due',
    ExpressionAttributeValues: { ':pk': shardPk, ':due': dueBefore },
    Limit: 200,
  });
  for await (const page of pages) yield* page;
}

/** Deposits whose eligibility date lies in (fromExclusive, toInclusive], from GSI2's month partitions. */
export async function depositsEligibleBetween(fromExclusive: number, toInclusive: number): Promise<EntryItem[]> {
  const months = keys.eligibilityMonthsBetween(fromExclusive, toInclusive);
  const pages = await Promise.all(
    months.map((pk) =>
      queryAll<EntryItem>({
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': keys.eligibilitySortKey(fromExclusive), ':to': `${keys.eligibilitySortKey(toInclusive)}~` },
      }),
    ),
  );
  // BETWEEN is inclusive at both ends; the lower end must not be.
  return pages.flat().filter((item) => item.GSI2SK !== undefined && item.GSI2SK.slice(0, 24) > keys.eligibilitySortKey(fromExclusive));
}
