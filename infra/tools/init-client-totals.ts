/**
 * `npx tsx infra/tools/init-client-totals.ts`: starts the admin console's totals on a table whose
 * clients existed before the totals were kept (lambdas/lib/migrations/init-client-totals.ts): it adds up every
 * live client and writes the difference from the buckets as the `base` bucket, once.
 *   locally (default): the table of DATA_DIR (default .local), whether `npm start` runs or not;
 *   in AWS: `--table <name> [--region <region>]`, with the operator's AWS credentials.
 * Run it right after deploying the version that keeps the totals, in a quiet minute. Run again,
 * it writes nothing and says whether the totals still equal the sum of every client.
 */
import type { ClientTotals } from '../../lambdas/lib/data/client-totals';
import { initClientTotals } from '../../lambdas/lib/migrations/init-client-totals';
import { withToolTable } from './tool-table';

const show = (t: ClientTotals) =>
  `${t.clients} clients, ${(t.balanceCents / 100).toFixed(2)} dollars, Σ weekly gain ${(t.weeklyGainHundredths / 100).toFixed(2)}%`;

try {
  const start = await withToolTable('init-client-totals.ts', () => initClientTotals());
  console.log(`every live client added up: ${show(start.summed)}`);
  console.log(`the totals kept before this run: ${show(start.kept)}`);
  if (start.wroteBase) console.log('wrote the base bucket: the totals now equal the sum of every client');
  else {
    const same =
      start.summed.clients === start.kept.clients &&
      start.summed.balanceCents === start.kept.balanceCents &&
      start.summed.weeklyGainHundredths === start.kept.weeklyGainHundredths;
    console.log(
      same
        ? 'the base bucket exists, and the totals equal the sum of every client'
        : 'the base bucket exists, but the totals differ from the sum of every client (a write between the two reads, or a drift): see docs/operations.md',
    );
    if (!same) process.exit(1);
  }
} catch (error) {
  const e = error as Error;
  console.error(`${e.name}: ${e.message}`);
  process.exit(1);
}
