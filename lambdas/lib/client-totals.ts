/**
 * The admin console's totals (spec: Total Clients, Total Portfolio Value, Average Weekly Gain)
 * without reading every client: an aggregate kept exact by the writes themselves. Every write
 * that changes a client's count, balance or shown weekly gain ADDs its difference to one bucket
 * item in the same DynamoDB transaction, so a difference is counted exactly when its write
 * commits. The totals are the sum of the buckets (one Query of a few hundred small items).
 *
 * Buckets spread the writes so concurrent transactions seldom touch the same item (a
 * TransactionConflict): the weekly job's workers each own one (shard × worker), and API writes
 * pick one of a few at random. Any bucket may take any difference: only the sum means anything.
 *
 * The weekly gain is summed as shown (roundPercent: hundredths of a percent, an integer), so the
 * average equals the mean of the list's values exactly, as the spec defines it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { roundPercent } from '../../shared/money';
import { ddb, table, type TransactItem } from './db';
import { totalsKeys } from './table';

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

const API_BUCKETS = 16;

const hundredths = (percent: number) => Math.round(roundPercent(percent) * 100);

/** What a write changes: from the client as it was (null: not yet a client) to as it is (null: deleted). */
export function totalsDelta(before: ClientFigures | null, after: ClientFigures | null): TotalsDelta {
  const figures = (c: ClientFigures | null) =>
    c ? { clients: 1, balanceCents: c.balanceCents, weeklyGainHundredths: hundredths(c.weeklyGainPercent) } : { clients: 0, balanceCents: 0, weeklyGainHundredths: 0 };
  const [b, a] = [figures(before), figures(after)];
  return { clients: a.clients - b.clients, balanceCents: a.balanceCents - b.balanceCents, weeklyGainHundredths: a.weeklyGainHundredths - b.weeklyGainHundredths };
}

export const isNoChange = (delta: TotalsDelta) => delta.clients === 0 && delta.balanceCents === 0 && delta.weeklyGainHundredths === 0;

/** A bucket for an API write (one of a few, at random). */
export const apiBucket = () => `api-${Math.floor(Math.random() * API_BUCKETS)}`;

/** The bucket a weekly job worker owns: no other writer uses it at the same time. */
export const jobBucket = (shard: number, worker: number) => `job-${shard}-${worker}`;

/** The transaction item that adds `delta` to `bucket`. */
export function totalsUpdate(bucket: string, delta: TotalsDelta): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: totalsKeys.bucket(bucket),
      UpdateExpression: 'ADD clients :c, balanceCents :b, weeklyGainHundredths :g',
      ExpressionAttributeValues: { ':c': delta.clients, ':b': delta.balanceCents, ':g': delta.weeklyGainHundredths },
    },
  };
}

/** The sum of the buckets. */
export async function readClientTotals(): Promise<ClientTotals> {
  const totals: ClientTotals = { clients: 0, balanceCents: 0, weeklyGainHundredths: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': totalsKeys.pk }, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      totals.clients += Number(item.clients ?? 0);
      totals.balanceCents += Number(item.balanceCents ?? 0);
      totals.weeklyGainHundredths += Number(item.weeklyGainHundredths ?? 0);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return totals;
}
