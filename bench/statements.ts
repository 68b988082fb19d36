/**
 * Figure 9 of the bench: the monthly statements job's rate per Lambda. One shard's step runs
 * in-process as the job's Lambda runs it (its table use enforced, its page size and concurrency),
 * over the bench's portfolios of that shard, for the month in progress (every portfolio has a
 * balance in it, so every one gets a statement): statements written a second, by one step, which
 * is what one Lambda of the state machine's 16 does. A time cap keeps the full run's step short;
 * the rate is over what it wrote. The S3 stand-in serves in this same process and DynamoDB Local
 * beside it on the same 2 cores, so the figure is a floor of a Lambda's.
 */
import { performance } from 'node:perf_hooks';
import { statementsShard, STATEMENTS_STEP_MARGIN_MS } from '../lambdas/jobs/monthly-statements';
import { MONTHLY_STATEMENTS_TABLE_USE } from '../lambdas/table-uses';
import { runAs } from '../infra/local/table-permissions';
import { type AddRow, fmt } from './stats';

/** The longest the step may write for: long enough for a steady rate, short enough for the full run. */
const CAP_MS = 60_000;

export async function measureStatements(row: AddRow, progress: (m: string) => void): Promise<void> {
  const now = new Date();
  // The month in progress, as the job run on the next 1st would write it.
  const time = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2)).toISOString();
  const t0 = performance.now();
  const left = () => CAP_MS - (performance.now() - t0) + STATEMENTS_STEP_MARGIN_MS;
  const done = await runAs('MonthlyStatements', MONTHLY_STATEMENTS_TABLE_USE, () =>
    statementsShard({ step: 'statements-shard', shard: 0, time }, left),
  );
  const seconds = (performance.now() - t0) / 1000;
  const { figures } = done;
  if (figures.failed > 0 || figures.written === 0)
    throw new Error(`statements bench: ${JSON.stringify(figures)} (nothing written, or clients failed)`);
  progress(`statements: ${figures.written} written for ${figures.clients} clients of shard 0 in ${fmt(seconds, 1)} s`);
  row(
    '9. monthly statements, one shard step: rate',
    fmt(figures.written / seconds, 1),
    'statements/s',
    `one Lambda's step (shard 0, ${figures.clients} clients, ${done.cursor ? 'cut at the cap' : 'the whole shard'}): read if written, ledger, PDF, S3 PUT (If-None-Match) and DOC# item, 8 clients in flight; ${figures.written} written in ${fmt(seconds, 1)} s`,
  );
}
