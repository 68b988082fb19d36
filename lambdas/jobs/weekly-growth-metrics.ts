/**
 * The custom metrics of the weekly growth job (weekly-growth.ts), shared with the CDK stack so
 * the alarm is built from exactly what the job emits. No imports: the stack can load this file
 * without pulling in any Lambda runtime code.
 *
 * The job writes them as one CloudWatch Embedded Metric Format (EMF) line on stdout, through
 * Powertools Metrics, at the end of each successful run (its last step, `finish`):
 *
 *   namespace   WEEKLY_GROWTH_NAMESPACE                   'Aurum/Portal'
 *   dimensions  weeklyGrowthDimensions(stage)             { service: 'aurum-portal', stage } (the only dimension set)
 *   metrics     WEEKLY_GROWTH_METRICS.completed           'WeeklyGrowthCompleted'          Count         always 1
 *               WEEKLY_GROWTH_METRICS.portfoliosDue       'WeeklyGrowthPortfoliosDue'      Count
 *               WEEKLY_GROWTH_METRICS.portfoliosUpdated   'WeeklyGrowthPortfoliosUpdated'  Count
 *               WEEKLY_GROWTH_METRICS.portfoliosSkipped   'WeeklyGrowthPortfoliosSkipped'  Count
 *               WEEKLY_GROWTH_METRICS.duration            'WeeklyGrowthDuration'           Milliseconds
 *
 * What "completed" means: every shard's steps read its due portfolios to the end AND no portfolio
 * failed. A run with failed portfolios fails its last step (and so its execution, which alarms);
 * such a run emits nothing; neither does an execution that failed for any other reason (a bad
 * event time, a DynamoDB error while listing that outlived its retries). The metric is therefore
 * the "weekly job ran successfully" heartbeat: 1 per successful execution, no data point
 * otherwise. A failed portfolio count would always be 0 here, so none is emitted; failures are
 * seen through the state machine's failed executions.
 *
 * Locally the same handler runs (infra/local/weekly-growth-run.ts) with metrics off (the local
 * stack's runtime settings say `publishMetrics: false`), so local runs write no EMF lines.
 *
 * For the alarm: WeeklyGrowthCompleted, statistic Sum, period 1 hour, alarm when < 1 on all of
 * 168 periods, missing data breaching. The data point carries the time the run finished.
 */

/** CloudWatch namespace of every metric below. */
export const WEEKLY_GROWTH_NAMESPACE = 'Aurum/Portal';

/**
 * The value of the `service` dimension. Set explicitly on the job's Metrics instance, so it does
 * not depend on POWERTOOLS_SERVICE_NAME (which the stack also sets to 'aurum-portal').
 */
export const WEEKLY_GROWTH_SERVICE = 'aurum-portal';

/** The environment variable naming the stage (the stack sets it on the job). */
export const STAGE_ENV = 'AURUM_STAGE';

/**
 * Exactly the dimensions each metric is emitted with: pass as the alarm metric's dimensionsMap.
 * The stage is one of them, so two stages in one account never answer each other's alarm.
 */
export const weeklyGrowthDimensions = (stage: string) => ({ service: WEEKLY_GROWTH_SERVICE, stage }) as const;

/** Metric names. */
export const WEEKLY_GROWTH_METRICS = {
  /** 1 per successful run (see above); the heartbeat the alarm watches. Unit Count. */
  completed: 'WeeklyGrowthCompleted',
  /** Portfolios found due when listed. Unit Count. */
  portfoliosDue: 'WeeklyGrowthPortfoliosDue',
  /** Portfolios grown (updated) by the run. Unit Count. */
  portfoliosUpdated: 'WeeklyGrowthPortfoliosUpdated',
  /** Due when listed but already updated (or deleted) when read. Unit Count. */
  portfoliosSkipped: 'WeeklyGrowthPortfoliosSkipped',
  /** How long the pass over every shard took. Unit Milliseconds. */
  duration: 'WeeklyGrowthDuration',
} as const;

/** Shortcut for the alarm's metric name. */
export const WEEKLY_GROWTH_COMPLETED_METRIC = WEEKLY_GROWTH_METRICS.completed;
