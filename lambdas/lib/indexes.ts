/** Reads across clients, through the table's secondary indexes (never a scan). */
import { keys } from './table';
import type { EntryItem } from './ledger';
import type { Profile } from './profiles';
import { queryAll } from './query';

/** Every live client profile: the GSI1 shards, read in parallel. */
export async function listProfiles(): Promise<Profile[]> {
  const shards = await Promise.all(
    keys.allClientShards().map((pk) =>
      queryAll<Profile>({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk } }),
    ),
  );
  return shards.flat();
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
