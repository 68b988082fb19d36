/**
 * The monthly statements job (docs/monthly-statements-job.md): the task of the state machine
 * EventBridge starts on the 1st of every month at 02:00 UTC (infra/monthly-statements-flow.ts).
 * The machine runs the 16 client shards in parallel, each as a loop of steps with a time budget
 * that answer a cursor while the shard has more, then a last step adds the shards up and records
 * the run. For every client of a shard, live or closed since the longest period began, and for
 * every period that ends at the month's start (the month before; the quarter and the year when
 * they end there too), its statement is written once (monthly-statements-client.ts).
 *
 * The periods come from the event's scheduled time, not the clock: retries and late starts write
 * the same month. Statements are keyed by their period (statementDocId), so a rerun, a retried
 * step or two executions at once find what is written and write nothing twice.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { type StatementPeriod, periodsEndingAt } from '../lib/documents/document-item';
import { forEachLimited } from '../lib/data/for-each-limited';
import {
  type MonthlyStatementsFigures,
  monthlyStatementsRuns,
  recordMonthlyStatementsRun,
} from '../lib/data/monthly-statements-run';
import { statementClientsPage } from '../lib/data/statement-clients';
import { CLIENT_SHARDS } from '../lib/data/table';
import { logger } from '../lib/runtime/logger';
import { runtimeSettings } from '../lib/runtime/runtime';
import { statementsOfClient } from './monthly-statements-client';
import {
  MONTHLY_STATEMENTS_METRICS,
  MONTHLY_STATEMENTS_NAMESPACE,
  MONTHLY_STATEMENTS_SERVICE,
} from './monthly-statements-metrics';
import { STAGE_ENV } from './weekly-growth-metrics';

const metrics = new Metrics({
  namespace: MONTHLY_STATEMENTS_NAMESPACE,
  serviceName: MONTHLY_STATEMENTS_SERVICE,
  defaultDimensions: { stage: process.env[STAGE_ENV] ?? 'local' },
});

/** Clients per page of a step's listing: a page is whole before the step looks at its time. */
export const STATEMENTS_PAGE_SIZE = 50;
/** Clients in flight within one shard's step: making a PDF is CPU, the rest is waiting on S3 and DynamoDB. */
const CONCURRENCY = 8;
/** A step answers before its Lambda's timeout with this much time left, and the state machine calls it again. */
export const STATEMENTS_STEP_MARGIN_MS = 60_000;

const NO_FIGURES: MonthlyStatementsFigures = { clients: 0, written: 0, existing: 0, skipped: 0, failed: 0 };

/** One state of the loop over a shard: the shard, the scheduled time, the figures so far, where the listing stopped. */
export interface ShardStep {
  step: 'statements-shard';
  shard: number;
  time: string;
  cursor?: string;
  figures?: MonthlyStatementsFigures;
}

export interface ShardStepDone extends ShardStep {
  figures: MonthlyStatementsFigures;
}

/** The last state: every shard's last answer, as the Map state gathered them. */
export interface FinishStep {
  step: 'finish';
  time: string;
  startedAt: string;
  shards: ShardStepDone[];
}

/** The check on the 2nd (its own EventBridge rule): did a run finish the month? */
export interface CheckStep {
  step: 'check';
  time: string;
}

export type MonthlyStatementsStep = ShardStep | FinishStep | CheckStep;

export interface MonthlyStatementsSummary extends MonthlyStatementsFigures {
  month: string;
  periods: string[];
  durationMs: number;
}

export interface CheckAnswer {
  month: string;
  finished: boolean;
}

/** A step the state machine could not have sent: not retried, it fails the execution. */
export class BadStep extends Error {
  override name = 'BadStep';
}

/** Failed clients fail the execution (its alarm), after the run is recorded; a rerun writes what is missing. */
export class ClientsFailed extends Error {
  override name = 'ClientsFailed';
}

function parseTime(iso: unknown): number {
  const at = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(at)) throw new BadStep(`bad time: ${JSON.stringify(iso)}`);
  return at;
}

/** The first instant of the month `at` falls in (UTC). */
export function monthStartOf(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** What a run at `at` writes: the periods ending at its month's start, the month first. */
export function runPeriods(at: number): { month: string; periods: StatementPeriod[] } {
  const periods = periodsEndingAt(monthStartOf(at));
  return { month: (periods[0] as StatementPeriod).label, periods };
}

/**
 * Writes the statements of a shard's clients page by page (each page whole) until the shard is
 * done or `timeLeftMs` falls under the margin, then answers where it stopped.
 */
export async function statementsShard(
  step: ShardStep,
  timeLeftMs: () => number,
  options: { pageSize?: number } = {},
): Promise<ShardStepDone> {
  if (!Number.isInteger(step.shard) || step.shard < 0 || step.shard >= CLIENT_SHARDS)
    throw new BadStep(`no shard ${JSON.stringify(step.shard)}`);
  const at = parseTime(step.time);
  const { periods } = runPeriods(at);
  const closedSince = Math.min(...periods.map((p) => p.from));
  const issuedAt = Date.now();
  const figures = { ...NO_FIGURES, ...step.figures };
  let cursor = step.cursor;
  do {
    const page = await statementClientsPage(step.shard, closedSince, cursor, options.pageSize ?? STATEMENTS_PAGE_SIZE);
    await forEachLimited(page.profiles, CONCURRENCY, async (profile) => {
      figures.clients += 1;
      const outcomes = await statementsOfClient(profile, periods, issuedAt);
      if (outcomes === 'failed') figures.failed += 1;
      else for (const outcome of outcomes) figures[outcome] += 1;
    });
    cursor = page.cursor;
  } while (cursor && timeLeftMs() > STATEMENTS_STEP_MARGIN_MS);
  const done: ShardStepDone = { step: 'statements-shard', shard: step.shard, time: step.time, figures };
  return cursor ? { ...done, cursor } : done;
}

function addUp(shards: readonly ShardStepDone[]): MonthlyStatementsFigures {
  return shards.reduce<MonthlyStatementsFigures>(
    (sum, { figures }) => ({
      clients: sum.clients + figures.clients,
      written: sum.written + figures.written,
      existing: sum.existing + figures.existing,
      skipped: sum.skipped + figures.skipped,
      failed: sum.failed + figures.failed,
    }),
    NO_FIGURES,
  );
}

/**
 * The run's end: its record, written once with its figures (what the check on the 2nd reads, so
 * a failure to write it fails the execution rather than pass unseen), and its summary.
 */
export async function finishRun(step: FinishStep): Promise<MonthlyStatementsSummary> {
  const at = parseTime(step.time);
  const startedAt = parseTime(step.startedAt);
  if (!Array.isArray(step.shards) || step.shards.length !== CLIENT_SHARDS)
    throw new BadStep(`expected ${CLIENT_SHARDS} shards`);
  const { month, periods } = runPeriods(at);
  const figures = addUp(step.shards);
  const labels = periods.map((p) => p.label);
  await recordMonthlyStatementsRun({
    ...figures,
    month,
    periods: labels,
    scheduledFor: at,
    startedAt,
    finishedAt: Date.now(),
  });
  const summary = { month, periods: labels, ...figures, durationMs: Date.now() - startedAt };
  logger.info('monthly statements done', { ...summary });
  return summary;
}

/** Whether a recorded run finished `time`'s month with every client written; publishes the answer. */
export async function checkMonth(step: CheckStep): Promise<CheckAnswer> {
  const { month } = runPeriods(parseTime(step.time));
  const finished = (await monthlyStatementsRuns(month)).some((run) => run.failed === 0);
  if (!finished) logger.error('no monthly statements run finished the month', { month });
  publish({ [MONTHLY_STATEMENTS_METRICS.missing]: [MetricUnit.Count, finished ? 0 : 1] });
  return { month, finished };
}

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

function publish(values: Record<string, [Unit, number]>): void {
  if (!runtimeSettings().publishMetrics) return;
  try {
    for (const [name, [unit, value]] of Object.entries(values)) metrics.addMetric(name, unit, value);
    metrics.publishStoredMetrics();
  } catch (error) {
    metrics.clearMetrics();
    logger.error('monthly statements metrics not published', { error: error as Error });
  }
}

/** The job's task for the given listing options (the local stack's tests make pages small). */
export function monthlyStatementsHandler(options: { pageSize?: number } = {}) {
  return async (
    event: MonthlyStatementsStep,
    context?: Pick<Context, 'getRemainingTimeInMillis'>,
  ): Promise<ShardStepDone | MonthlyStatementsSummary | CheckAnswer> => {
    if (event?.step === 'statements-shard')
      return statementsShard(event, () => context?.getRemainingTimeInMillis() ?? 0, options);
    if (event?.step === 'check') return checkMonth(event);
    if (event?.step !== 'finish') throw new BadStep(`unknown step: ${JSON.stringify(event)}`);
    const summary = await finishRun(event);
    if (summary.failed > 0) throw new ClientsFailed(`monthly statements: ${summary.failed} clients failed`);
    publish({
      [MONTHLY_STATEMENTS_METRICS.completed]: [MetricUnit.Count, 1],
      [MONTHLY_STATEMENTS_METRICS.written]: [MetricUnit.Count, summary.written],
      [MONTHLY_STATEMENTS_METRICS.duration]: [MetricUnit.Milliseconds, summary.durationMs],
    });
    return summary;
  };
}

/** The state machine's task (and the check's): one shard step, the run's end, or the check on the 2nd. */
export const handler = monthlyStatementsHandler();
