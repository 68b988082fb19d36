/**
 * The item the weekly growth job writes when a run ends (lambdas/lib/data/job-runs.ts), so that its
 * summary reaches the administrators through the table's stream like every other event.
 *
 *   JOBRUN#weekly-growth   RUN#<scheduledFor ISO>#<invocation id>   one run's outcome
 *
 * One item per invocation that found portfolios due, failed runs included (written before the
 * handler throws for EventBridge to retry): a retry is a new run with its own id, so admins learn
 * that portfolios failed and then that the retry grew them. The key sorts a week's runs together
 * and in order. Written with a plain conditional Put (attribute_not_exists(PK)), never updated:
 * its INSERT is the event. It holds no client's data, is on no index, and expires after
 * JOB_RUN_TTL_SECONDS.
 */
import { newId } from './ids';
import { jobRunKeys } from './table';
import type { Cents } from '../../../shared/money';

/** What a weekly growth run did: the job computes them, its run item stores them, the summary shows them. */
export interface WeeklyGrowthRunFigures {
  due: number;
  /** The job summary's `updated`. */
  grown: number;
  skipped: number;
  failed: number;
  /** Sum of the balances, after this run, of the portfolios it grew. */
  totalValueCents: Cents;
  /** Sum of what those portfolios gained this run. */
  totalGainCents: Cents;
}

export interface WeeklyGrowthSummaryData extends WeeklyGrowthRunFigures {
  runId: string;
  /** The Monday the run computed for (ISO). */
  scheduledFor: string;
  finishedAt: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A year and a month: long enough to compare a run with the same week last year. */
export const JOB_RUN_TTL_SECONDS = 400 * 24 * 3600;

/** What a run knows when it ends: runWeeklyGrowth's summary plus the totals the job must add up. */
export interface WeeklyGrowthRun extends WeeklyGrowthRunFigures {
  /** T: the event's scheduled time (epoch ms), the moment every portfolio was grown to. */
  scheduledFor: number;
  startedAt: number;
  finishedAt: number;
}

/** As stored: the summary's data (times as ISO), when the run started, and its expiry. */
export interface WeeklyGrowthRunItem extends WeeklyGrowthSummaryData {
  PK: string;
  SK: string;
  itemType: 'weekly-growth-run';
  startedAt: string;
  /** DynamoDB TTL (epoch seconds): the table's ttlAttribute. */
  expiresAt: number;
}

/**
 * The item for `run`. The invocation id defaults to a fresh time-ordered id, not Lambda's request
 * id: Lambda keeps the request id across async retries, and a retry must be an item of its own.
 */
export function newWeeklyGrowthRunItem(
  run: WeeklyGrowthRun,
  invocationId: string = newId(run.finishedAt),
): WeeklyGrowthRunItem {
  const runId = jobRunKeys.weeklyGrowthRunId(run.scheduledFor, invocationId);
  return {
    ...jobRunKeys.weeklyGrowthRun(runId),
    itemType: 'weekly-growth-run',
    runId,
    scheduledFor: iso(run.scheduledFor),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    due: run.due,
    grown: run.grown,
    skipped: run.skipped,
    failed: run.failed,
    totalValueCents: run.totalValueCents,
    totalGainCents: run.totalGainCents,
    expiresAt: Math.floor(run.finishedAt / 1000) + JOB_RUN_TTL_SECONDS,
  };
}
