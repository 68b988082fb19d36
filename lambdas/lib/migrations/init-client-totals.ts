/**
 * The one-off start of the admin console's totals on a table whose clients existed before the
 * totals were kept (infra/tools/init-client-totals.ts runs it, locally or in AWS). It adds up
 * every live client (a tool may read the whole book; no request path does) and writes the
 * difference from what the buckets already hold as the `base` bucket, once (a conditional Put):
 * the writes since the deploy are in the other buckets already, so base + buckets = the book.
 * Run it right after deploying, in a quiet minute: a write between its two reads would be
 * counted twice or not at all. Its answer says how far the totals were off, which re-running it
 * (it writes nothing once `base` exists) also reports, so a drift would be seen.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type ClientTotals, readClientTotals, totalsDelta } from '../data/client-totals';
import { ddb, table } from '../runtime/db';
import { listProfiles } from '../data/indexes';
import { totalsKeys } from '../data/table';

export interface TotalsStart {
  /** Every live client, added up. */
  summed: ClientTotals;
  /** What the buckets held before this run. */
  kept: ClientTotals;
  /** Whether this run wrote the base bucket (false: it existed already). */
  wroteBase: boolean;
}

export async function initClientTotals(): Promise<TotalsStart> {
  const profiles = await listProfiles();
  const summed = profiles.reduce<ClientTotals>(
    (sum, profile) => {
      const d = totalsDelta(null, profile);
      return {
        clients: sum.clients + d.clients,
        balanceCents: sum.balanceCents + d.balanceCents,
        weeklyGainHundredths: sum.weeklyGainHundredths + d.weeklyGainHundredths,
      };
    },
    { clients: 0, balanceCents: 0, weeklyGainHundredths: 0 },
  );
  const kept = await readClientTotals();
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...totalsKeys.bucket(0, 'base'),
          clients: summed.clients - kept.clients,
          balanceCents: summed.balanceCents - kept.balanceCents,
          weeklyGainHundredths: summed.weeklyGainHundredths - kept.weeklyGainHundredths,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { summed, kept, wroteBase: true };
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return { summed, kept, wroteBase: false };
  }
}
