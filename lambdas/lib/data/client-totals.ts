/**
 * The admin console's totals (spec: Total Clients, Total Portfolio Value, Average Weekly Gain)
 * without reading every client: an aggregate kept exact by the writes themselves. Every write
 * that changes a client's count, balance or shown weekly gain ADDs its difference to one bucket
 * item in the same DynamoDB transaction, so a difference is counted exactly when its write
 * commits. The totals are the sum of the buckets (one Query of a few hundred small items).
 *
 * Buckets spread the writes so concurrent transactions seldom touch the same item (a
 * TransactionConflict) and no partition takes them all (DynamoDB's 1,000 write units a second per
 * partition): 16 partitions, the weekly job's workers each owning a bucket in their shard's, and
 * API writes picking one of the 16 at random. Any bucket may take any difference: only the sum
 * means anything.
 *
 * The weekly gain is summed as shown (roundPercent: hundredths of a percent, an integer), so the
 * average equals the mean of the list's values exactly, as the console shows it.
 *
 * They count what the admin list lists: clients. A staff account (an administrator's profile that
 * never held money, staff-accounts.ts) is in neither; the writes that make a profile staff or a
 * client again add its whole figures to a bucket, in their own transaction, like any other.
 */
import { roundPercent } from '../../../shared/money';
import { table, type TransactItem } from '../runtime/db';
import { queryAll } from './query';
import { CLIENT_SHARDS, totalsKeys } from './table';

export interface ClientFigures {
  balanceCents: number;
  weeklyGainPercent: number;
}

export interface TotalsDelta {
  clients: number;
  balanceCents: number;
  /** Σ of the shown weekly gains, in hundredths of a percent. */
  weeklyGainHundredths: number;
}

export interface ClientTotals {
  clients: number;
  balanceCents: number;
  weeklyGainHundredths: number;
}

const hundredths = (percent: number) => Math.round(roundPercent(percent) * 100);

/** What a write changes: from the client as it was (null: not yet a client) to as it is (null: deleted). */
export function totalsDelta(before: ClientFigures | null, after: ClientFigures | null): TotalsDelta {
  const figures = (c: ClientFigures | null) =>
    c
      ? { clients: 1, balanceCents: c.balanceCents, weeklyGainHundredths: hundredths(c.weeklyGainPercent) }
      : { clients: 0, balanceCents: 0, weeklyGainHundredths: 0 };
  const [b, a] = [figures(before), figures(after)];
  return {
    clients: a.clients - b.clients,
    balanceCents: a.balanceCents - b.balanceCents,
    weeklyGainHundredths: a.weeklyGainHundredths - b.weeklyGainHundredths,
  };
}

export const isNoChange = (delta: TotalsDelta) =>
  delta.clients === 0 && delta.balanceCents === 0 && delta.weeklyGainHundredths === 0;

/** Where a difference is added: a partition (0-15) and a bucket in it. */
export interface Bucket {
  partition: number;
  name: string;
}

/** A bucket for an API write (one of 16, in partitions of their own, at random). */
export const apiBucket = (): Bucket => ({ partition: Math.floor(Math.random() * CLIENT_SHARDS), name: 'api' });

/** The bucket a weekly job worker owns, in its shard's partition: no other writer uses it at the same time. */
export const jobBucket = (shard: number, worker: number): Bucket => ({ partition: shard, name: `job-${worker}` });

/** The transaction item that adds `delta` to `bucket` (of `tableName`: the operator's tools name theirs). */
export function totalsUpdate(bucket: Bucket, delta: TotalsDelta, tableName: string = table()): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: totalsKeys.bucket(bucket.partition, bucket.name),
      UpdateExpression: 'ADD clients :c, balanceCents :b, weeklyGainHundredths :g',
      ExpressionAttributeValues: { ':c': delta.clients, ':b': delta.balanceCents, ':g': delta.weeklyGainHundredths },
    },
  };
}

/** The sum of the buckets: the 16 partitions read at once (a few small items each). */
export async function readClientTotals(): Promise<ClientTotals> {
  const partitions = await Promise.all(
    totalsKeys.allPartitions().map((pk) =>
      queryAll<Record<string, unknown>>({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    ),
  );
  const totals: ClientTotals = { clients: 0, balanceCents: 0, weeklyGainHundredths: 0 };
  for (const item of partitions.flat()) {
    totals.clients += Number(item.clients ?? 0);
    totals.balanceCents += Number(item.balanceCents ?? 0);
    totals.weeklyGainHundredths += Number(item.weeklyGainHundredths ?? 0);
  }
  return totals;
}
