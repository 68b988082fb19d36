/**
 * Figure 2 (ledger): the weekly job's cost per portfolio as its ledger grows. Portfolios with
 * exactly so many deposits (5, 500 and 5,000 in the full run) are seeded (due), then each is grown alone, one after the
 * other, by the job's own per-portfolio work (`growOne`): half of them as the job grows a profile
 * that knows G(L) (it reads only the entries after L), half with G removed, so the job replays
 * the whole ledger as it did before G was kept. The time per portfolio at each size says whether
 * the cost is flat in the ledger. Run last: these portfolios stay in the table.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { growOne } from '../lambdas/jobs/weekly-growth';
import type { Profile } from '../lambdas/lib/data/profile-item';
import { keys } from '../lambdas/lib/data/table';
import { WEEK_MS } from '../shared/growth';
import type { JobPlan } from './job';
import { seedPortfolios } from './portfolios';
import type { LedgerSize } from './settings';
import { type AddRow, fmt, median, percentile } from './stats';

/** Ledger sizes, smallest first, and how many portfolios of each are timed (bench/settings.ts). */
export async function measureLedgerCost(
  plan: JobPlan,
  sizes: readonly LedgerSize[],
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const perPortfolio: number[] = [];
  const replayed: number[] = [];
  for (const [i, { entries, portfolios }] of sizes.entries()) {
    progress(`ledger cost: seeding ${portfolios} portfolios of ${entries.toLocaleString('en-US')} deposits`);
    const seeded = await seedPortfolios(
      plan.doc,
      plan.tableName,
      {
        count: portfolios,
        first: 900_000 + i * 1_000,
        lastUpdate: plan.lastUpdate,
        seed: 4242 + i,
        entriesEach: entries,
      },
      plan.seedParallel,
    );
    const now = plan.lastUpdate + WEEK_MS;
    const half = Math.ceil(seeded.subs.length / 2);
    const timed = { fromG: [] as number[], replay: [] as number[] };
    for (const [k, sub] of seeded.subs.entries()) {
      const replay = k >= half;
      if (replay) {
        await plan.doc.send(
          new UpdateCommand({
            TableName: plan.tableName,
            Key: keys.profile(sub),
            UpdateExpression: 'REMOVE grownUnrounded',
          }),
        );
      }
      const { Item } = await plan.doc.send(
        new GetCommand({ TableName: plan.tableName, Key: keys.profile(sub), ConsistentRead: true }),
      );
      const started = performance.now();
      const outcome = await growOne(Item as Profile, now, { partition: 0, name: 'bench-ledger-cost' });
      (replay ? timed.replay : timed.fromG).push(performance.now() - started);
      if (typeof outcome === 'string') throw new Error(`ledger cost: ${sub} was ${outcome}, not grown`);
    }
    perPortfolio.push(median(timed.fromG));
    replayed.push(median(timed.replay));
    row(
      `2. weekly job per portfolio, ${entries.toLocaleString('en-US')} ledger entries`,
      fmt(median(timed.fromG), 1),
      'ms',
      `median of ${timed.fromG.length} grown one at a time from G(L) (read the entries after L, conditional write); p90 ${fmt(percentile(timed.fromG, 90), 1)} ms. Replaying the whole ledger instead (as before G): median ${fmt(median(timed.replay), 1)} ms of ${timed.replay.length}, p90 ${fmt(percentile(timed.replay, 90), 1)} ms`,
      timed.fromG.length,
    );
  }
  const ratio = (times: number[]) => fmt((times.at(-1) ?? Number.NaN) / (times[0] ?? Number.NaN), 1);
  const [first, last] = [sizes[0]?.entries ?? 0, sizes.at(-1)?.entries ?? 0].map((n) => n.toLocaleString('en-US'));
  row(
    `2. weekly job per portfolio: ${last} entries against ${first}`,
    ratio(perPortfolio),
    '×',
    `grown from G(L): flat is ~1×; replaying the whole ledger (before G) was ${ratio(replayed)}×`,
  );
}
