/**
 * The weekly growth job (design.md section 3), the EventBridge target every Monday 00:00 UTC.
 *
 * It reads only due portfolios (GSI1 is sorted by lastUpdate within each shard), all shards in
 * parallel, and updates each portfolio in its own conditional write: recomputed from the ledger
 * at T, conditioned on the version it read, so a crash or a retry leaves every portfolio either
 * updated or not, and a second run in the same week finds nothing due.
 *
 * T is the event's scheduled time, not the clock: retries and late starts all compute the same
 * week, and next Monday's run finds L exactly one week back.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { WEEK_MS, weeklyUpdate } from '../../shared/growth';
import { dueProfiles } from '../lib/indexes';
import { upcomingEligibilityOf } from '../lib/ledger';
import { logger } from '../lib/logger';
import { CHANGED, passOverProfile } from '../lib/profile-pass';
import { balanceStateOf, type Profile, writeWeeklyUpdate } from '../lib/profiles';
import { recordWeeklyGrowthRun } from '../lib/job-runs';
import type { WeeklyGrowthRunFigures } from '../notifications/notification';
import { STAGE_ENV, WEEKLY_GROWTH_METRICS, WEEKLY_GROWTH_NAMESPACE, WEEKLY_GROWTH_SERVICE } from './weekly-growth-metrics';

export interface WeeklyGrowthEvent {
  /** EventBridge scheduled events carry their scheduled time here. */
  time?: string;
  /** A manual run may name the moment to compute at. */
  now?: string;
}

export interface WeeklyGrowthSummary {
  now: string;
  due: number;
  updated: number;
  /** Due when listed, but found already updated (or deleted) when read. */
  skipped: number;
  failed: number;
  /** Sum of the balances, after this run, of the portfolios it grew (cents). */
  totalValueCents: number;
  /** Sum of what those portfolios gained this run (cents). */
  totalGainCents: number;
  durationMs: number;
}

/**
 * One per container. Namespace and service are given explicitly, so the EMF line carries exactly
 * what weekly-growth-metrics.ts exports whatever the environment says (Powertools adds only the
 * `service` dimension). Off when POWERTOOLS_DEV is true unless POWERTOOLS_METRICS_DISABLED says
 * otherwise.
 */
const metrics = new Metrics({
  namespace: WEEKLY_GROWTH_NAMESPACE,
  serviceName: WEEKLY_GROWTH_SERVICE,
  defaultDimensions: { stage: process.env[STAGE_ENV] ?? 'local' },
});

const MAX_ATTEMPTS = 4;
const DEFAULT_CONCURRENCY = 48;

/** A grown portfolio, as written: what the run's totals add up. */
interface Grown {
  balanceCents: number;
  gainCents: number;
}

type Outcome = Grown | 'skipped' | 'failed';

async function growOne(listed: Profile, now: number): Promise<Outcome> {
  return passOverProfile<Outcome>(listed, MAX_ATTEMPTS, async (profile, ledger, last) => {
    const update = weeklyUpdate(balanceStateOf(profile), ledger, now);
    if (!update) return 'skipped';
    try {
      // The list of eligibility dates is rebuilt from the ledger just read: the dates reached drop out.
      if ((await writeWeeklyUpdate(profile, update, upcomingEligibilityOf(ledger, now))) === 'written') {
        return { balanceCents: update.next.balanceCents, gainCents: update.gainCents };
      }
    } catch (error) {
      logger.warn('weekly update failed', { sub: profile.sub, error: error as Error });
      if (last) return 'failed';
    }
    // Changed meanwhile (a deposit, another run), or the write failed: read it again and recompute.
    return CHANGED;
  });
}

/** Runs `work` over items from several async sources with at most `limit` in flight. */
async function forEachLimited<T>(sources: AsyncIterable<T>[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  await Promise.all(
    sources.map(async (source) => {
      for await (const item of source) {
        while (inFlight.size >= limit) await Promise.race(inFlight);
        const p = work(item).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    }),
  );
  await Promise.all(inFlight);
}

export async function runWeeklyGrowth(now: number, concurrency = DEFAULT_CONCURRENCY): Promise<WeeklyGrowthSummary> {
  const started = Date.now();
  const counts = { updated: 0, skipped: 0, failed: 0, totalValueCents: 0, totalGainCents: 0 };
  let due = 0;
  await forEachLimited(dueProfiles(now - WEEK_MS), concurrency, async (profile) => {
    due += 1;
    const outcome = await growOne(profile, now);
    if (typeof outcome === 'string') {
      counts[outcome] += 1;
      return;
    }
    counts.updated += 1;
    counts.totalValueCents += outcome.balanceCents;
    counts.totalGainCents += outcome.gainCents;
  });
  const summary = { now: new Date(now).toISOString(), due, ...counts, durationMs: Date.now() - started };
  logger.info('weekly growth done', { ...summary });
  return summary;
}

/**
 * A run, then its record (lambdas/lib/job-runs.ts), whose arrival on the table's stream sends the
 * administrators their weekly summary. A run that found nothing due leaves no record: a repeated
 * delivery of the same week's event tells nobody anything. Recording is best effort: the
 * portfolios are grown either way, and a run must not fail (and be retried) for its summary.
 * The Lambda handler and the local stack's `/__local/run/weekly-growth` both run this.
 */
export async function runAndRecordWeeklyGrowth(now: number): Promise<WeeklyGrowthSummary> {
  const startedAt = Date.now();
  const summary = await runWeeklyGrowth(now);
  if (summary.due > 0) {
    const figures: WeeklyGrowthRunFigures = {
      due: summary.due,
      grown: summary.updated,
      skipped: summary.skipped,
      failed: summary.failed,
      totalValueCents: summary.totalValueCents,
      totalGainCents: summary.totalGainCents,
    };
    await recordWeeklyGrowthRun({ ...figures, scheduledFor: now, startedAt, finishedAt: Date.now() }).catch((error: unknown) =>
      logger.error('weekly growth run not recorded: no summary e-mail for it', { error: error as Error }),
    );
  }
  return summary;
}

export const handler = async (event: WeeklyGrowthEvent = {}): Promise<WeeklyGrowthSummary> => {
  const now = Date.parse(event.now ?? event.time ?? new Date().toISOString());
  if (!Number.isFinite(now)) throw new Error(`bad time in event: ${JSON.stringify(event)}`);
  const summary = await runAndRecordWeeklyGrowth(now);
  // A failure makes the invocation fail, so EventBridge retries it and the alarm sees it; the retry redoes only what is still due.
  if (summary.failed > 0) throw new Error(`weekly growth: ${summary.failed} portfolios failed`);
  publishCompleted(summary);
  return summary;
};

/**
 * The heartbeat the "weekly job has not run" alarm watches (weekly-growth-metrics.ts says what it
 * counts): published only here, after a successful run, so a run that threw publishes nothing.
 * Metrics are added only right before publishing, so Powertools never warns of an empty flush.
 * A failure to write it must not fail a run that has done its work: it is logged, and the missing
 * data point raises the alarm anyway.
 */
function publishCompleted(summary: WeeklyGrowthSummary): void {
  try {
    metrics.addMetric(WEEKLY_GROWTH_METRICS.completed, MetricUnit.Count, 1);
    metrics.addMetric(WEEKLY_GROWTH_METRICS.portfoliosDue, MetricUnit.Count, summary.due);
    metrics.addMetric(WEEKLY_GROWTH_METRICS.portfoliosUpdated, MetricUnit.Count, summary.updated);
    metrics.addMetric(WEEKLY_GROWTH_METRICS.portfoliosSkipped, MetricUnit.Count, summary.skipped);
    metrics.addMetric(WEEKLY_GROWTH_METRICS.duration, MetricUnit.Milliseconds, summary.durationMs);
    metrics.publishStoredMetrics();
  } catch (error) {
    metrics.clearMetrics();
    logger.error('weekly growth metrics not published', { error: error as Error });
  }
}
