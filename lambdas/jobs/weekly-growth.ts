/**
 * The weekly growth job (docs/product.md, "Weekly growth"): the task of the state machine EventBridge starts
 * every Monday 00:00 UTC (infra/weekly-growth-flow.ts). The machine runs the 16 client shards in
 * parallel, each as a loop of steps with a time budget that answer a cursor while the shard has
 * more, then a last step adds the shards up. So the run's wall time is the slowest shard's, and
 * no Lambda runs out of time however many clients a shard holds.
 *
 * Each step reads only due portfolios (GSI1 is sorted by lastUpdate within each shard) and
 * updates each in its own conditional write: recomputed from the ledger at T, conditioned on the
 * version it read, so a crash or a retry leaves every portfolio either updated or not, and a
 * second execution in the same week finds nothing due.
 *
 * T is the event's scheduled time, not the clock: retries and late starts all compute the same
 * week, and next Monday's run finds L exactly one week back.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type LedgerEntry, WEEK_MS, type WeeklyUpdate, weeklyUpdate, weeklyUpdateFrom } from '../../shared/growth';
import { stillUpcoming } from '../../shared/eligibility';
import type { Context } from 'aws-lambda';
import { forEachLimited } from '../lib/data/for-each-limited';
import { dueProfilesPage } from '../lib/data/indexes';
import { CLIENT_SHARDS } from '../lib/data/table';
import { loadEntriesAfter, loadLedger, toLedgerEntry, upcomingEligibilityOf } from '../lib/data/ledger';
import { logger } from '../lib/runtime/logger';
import { CHANGED, passOverProfile } from '../lib/data/profile-pass';
import { balanceStateOf, type Profile } from '../lib/data/profile-item';
import { writeWeeklyUpdate } from '../lib/data/profile-writes';
import { type Bucket, jobBucket } from '../lib/data/client-totals';
import { recordWeeklyGrowthRun } from '../lib/data/job-runs';
import { runtimeSettings } from '../lib/runtime/runtime';
import type { WeeklyGrowthRunFigures } from '../lib/data/job-run-item';
import {
  STAGE_ENV,
  WEEKLY_GROWTH_METRICS,
  WEEKLY_GROWTH_NAMESPACE,
  WEEKLY_GROWTH_SERVICE,
} from './weekly-growth-metrics';

/** The run's answer: its totals (value and gain in cents, of the portfolios it grew), and its duration. */
export interface WeeklyGrowthSummary extends RunTotals {
  now: string;
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

/** Attempts per portfolio (each after a jittered wait): throttling at a partition's limit is expected at scale. */
const MAX_ATTEMPTS = 6;
/** Portfolios in flight within one shard's step: 16 shards at once make 256, as the run had 48 in one process. */
const DEFAULT_CONCURRENCY = 16;

/** A grown portfolio, as written: what the run's totals add up. */
interface Grown {
  balanceCents: number;
  gainCents: number;
}

type Outcome = Grown | 'skipped' | 'failed';

/**
 * What the job reads of a portfolio's ledger: only the entries dated after L when it can grow
 * from G(L) (shared/growth.ts `growFrom`: the profile knows G(L) and its eligibility dates, and is
 * whole weeks behind), so its cost does not grow with the ledger; else the whole ledger as well,
 * once: the update written then gives the profile G.
 */
async function entriesAfterL(profile: Profile): Promise<LedgerEntry[]> {
  return (await loadEntriesAfter(profile.sub, Date.parse(profile.lastUpdate))).map(toLedgerEntry);
}

/** One portfolio's weekly update: read (little of) its ledger, recompute, write on its version (the bench times it alone). */
export async function growOne(listed: Profile, now: number, totalsBucket: Bucket): Promise<Outcome> {
  return passOverProfile<Outcome, LedgerEntry[]>(
    listed,
    MAX_ATTEMPTS,
    async (profile, newer, last) => {
      const state = balanceStateOf(profile);
      let update: WeeklyUpdate | null;
      let upcoming: string[];
      const fromG = profile.upcomingEligibleAt ? weeklyUpdateFrom(state, newer, now) : 'replay';
      if (fromG !== 'replay') {
        update = fromG;
        // The dates reached drop out; each deposit added its own when it was recorded.
        upcoming = stillUpcoming(profile.upcomingEligibleAt ?? [], now);
      } else {
        const ledger = (await loadLedger(profile.sub, true)).map(toLedgerEntry);
        update = weeklyUpdate(state, ledger, now);
        // The list of eligibility dates is rebuilt from the ledger just read: the dates reached drop out.
        upcoming = upcomingEligibilityOf(ledger, now);
      }
      if (!update) return 'skipped';
      try {
        if ((await writeWeeklyUpdate(profile, update, upcoming, totalsBucket)) === 'written') {
          return { balanceCents: update.next.balanceCents, gainCents: update.gainCents };
        }
      } catch (error) {
        logger.warn('weekly update failed', { sub: profile.sub, error: error as Error });
        if (last) return 'failed';
      }
      // Changed meanwhile (a deposit, another run), or the write failed: read it again and recompute.
      return CHANGED;
    },
    entriesAfterL,
  );
}

/** What a run adds up, per shard and in all. */
export interface RunTotals {
  due: number;
  updated: number;
  /** Due when listed, but found already updated (or deleted) when read. */
  skipped: number;
  failed: number;
  totalValueCents: number;
  totalGainCents: number;
}

const NO_TOTALS: RunTotals = { due: 0, updated: 0, skipped: 0, failed: 0, totalValueCents: 0, totalGainCents: 0 };

/**
 * One state of the state machine's loop over a shard (infra/weekly-growth-flow.ts): the shard,
 * the week's moment, what the shard added up so far, and where its listing stopped (absent at
 * the first step; absent in the answer when the shard is done).
 */
export interface ShardStep {
  step: 'grow-shard';
  shard: number;
  now: string;
  cursor?: string;
  totals?: RunTotals;
}

export interface ShardStepDone extends ShardStep {
  totals: RunTotals;
}

/** The last state: every shard's step, as the Map state gathered them. */
export interface FinishStep {
  step: 'finish';
  now: string;
  /** When the execution started (the state machine's context): the run's duration is measured from it. */
  startedAt: string;
  shards: ShardStepDone[];
}

export type WeeklyGrowthStep = ShardStep | FinishStep;

/** A step answers before its Lambda's timeout with this much time left, and the state machine calls it again. */
export const SHARD_STEP_MARGIN_MS = 60_000;

function parseTime(iso: string): number {
  const now = Date.parse(iso);
  if (!Number.isFinite(now)) throw new BadStep(`bad time: ${JSON.stringify(iso)}`);
  return now;
}

/** A step the state machine could not have sent: not retried, it fails the execution. */
export class BadStep extends Error {
  override name = 'BadStep';
}

/**
 * Grows a shard's due portfolios page by page (each page whole, `concurrency` at a time) until
 * the shard is done or `timeLeftMs` falls under the margin, then answers where it stopped. A
 * page already grown is out of the due range by then (its lastUpdate is `now`), so a step that
 * dies mid-page and is retried from the same cursor only finds what is still due.
 */
export async function growShard(
  step: ShardStep,
  timeLeftMs: () => number,
  options: { pageSize?: number; concurrency?: number } = {},
): Promise<ShardStepDone> {
  if (!Number.isInteger(step.shard) || step.shard < 0 || step.shard >= CLIENT_SHARDS)
    throw new BadStep(`no shard ${JSON.stringify(step.shard)}`);
  const now = parseTime(step.now);
  const totals = { ...NO_TOTALS, ...step.totals };
  let cursor = step.cursor;
  do {
    const page = await dueProfilesPage(
      step.shard,
      now - WEEK_MS,
      cursor,
      options.pageSize ?? runtimeSettings().weeklyGrowthPageSize,
    );
    await forEachLimited(page.profiles, options.concurrency ?? DEFAULT_CONCURRENCY, async (profile, worker) => {
      totals.due += 1;
      // Each worker adds its portfolios' differences to the admin totals' bucket it owns (no conflicts).
      const outcome = await growOne(profile, now, jobBucket(step.shard, worker));
      if (typeof outcome === 'string') {
        totals[outcome] += 1;
        return;
      }
      totals.updated += 1;
      totals.totalValueCents += outcome.balanceCents;
      totals.totalGainCents += outcome.gainCents;
    });
    cursor = page.cursor;
  } while (cursor && timeLeftMs() > SHARD_STEP_MARGIN_MS);
  const done: ShardStepDone = { step: 'grow-shard', shard: step.shard, now: step.now, totals };
  return cursor ? { ...done, cursor } : done;
}

/** Every shard's totals, added up. */
function addUp(shards: readonly ShardStepDone[]): RunTotals {
  return shards.reduce<RunTotals>(
    (sum, { totals }) => ({
      due: sum.due + totals.due,
      updated: sum.updated + totals.updated,
      skipped: sum.skipped + totals.skipped,
      failed: sum.failed + totals.failed,
      totalValueCents: sum.totalValueCents + totals.totalValueCents,
      totalGainCents: sum.totalGainCents + totals.totalGainCents,
    }),
    NO_TOTALS,
  );
}

/**
 * The run's end: its summary, and its record (lambdas/lib/data/job-runs.ts), whose arrival on the
 * table's stream sends the administrators their weekly summary. A run that found nothing due
 * leaves no record: a repeated execution for the same week tells nobody anything. Recording is
 * best effort: the portfolios are grown either way, and a run must not fail for its summary.
 */
export async function finishRun(step: FinishStep): Promise<WeeklyGrowthSummary> {
  const now = parseTime(step.now);
  const startedAt = parseTime(step.startedAt);
  if (!Array.isArray(step.shards) || step.shards.length !== CLIENT_SHARDS)
    throw new BadStep(`expected ${CLIENT_SHARDS} shards`);
  const totals = addUp(step.shards);
  if (totals.due > 0) {
    const figures: WeeklyGrowthRunFigures = {
      due: totals.due,
      grown: totals.updated,
      skipped: totals.skipped,
      failed: totals.failed,
      totalValueCents: totals.totalValueCents,
      totalGainCents: totals.totalGainCents,
    };
    await recordWeeklyGrowthRun({ ...figures, scheduledFor: now, startedAt, finishedAt: Date.now() }).catch(
      (error: unknown) =>
        logger.error('weekly growth run not recorded: no summary e-mail for it', { error: error as Error }),
    );
  }
  const summary = { now: new Date(now).toISOString(), ...totals, durationMs: Date.now() - startedAt };
  logger.info('weekly growth done', { ...summary });
  return summary;
}

/** Failed portfolios fail the execution (its alarm), after the run is recorded. Not retried: a new execution redoes what is still due. */
export class PortfoliosFailed extends Error {
  override name = 'PortfoliosFailed';
}

/** The state machine's task: one shard step, or the run's end. */
export const handler = async (
  event: WeeklyGrowthStep,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<ShardStepDone | WeeklyGrowthSummary> => {
  if (event?.step === 'grow-shard') return growShard(event, () => context?.getRemainingTimeInMillis() ?? 0);
  if (event?.step !== 'finish') throw new BadStep(`unknown step: ${JSON.stringify(event)}`);
  const summary = await finishRun(event);
  if (summary.failed > 0) throw new PortfoliosFailed(`weekly growth: ${summary.failed} portfolios failed`);
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
  if (!runtimeSettings().publishMetrics) return;
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
