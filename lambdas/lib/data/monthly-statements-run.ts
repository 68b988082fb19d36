/**
 * The record of one monthly statements run (JOBRUN#monthly-statements / RUN#<month>#<invocation>):
 * written once by the run's last step with what the run did, never updated. A rerun of a month is
 * a record of its own, so the month's records tell every attempt apart; the check on the 2nd
 * (checkMonth in lambdas/jobs/monthly-statements.ts) reads them to know whether a run finished the month.
 * It holds no client's data, is on no index, and expires with the weekly runs' records.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../runtime/db';
import { newId } from './ids';
import { JOB_RUN_TTL_SECONDS } from './job-run-item';
import { jobRunKeys } from './table';

/** What a run did: statements counted per client and period, failures per client. */
export interface MonthlyStatementsFigures {
  /** Clients read (live ones of the shards, and those closed since the longest period began). */
  clients: number;
  /** Statements written by this run. */
  written: number;
  /** Statements found already written (an earlier run of the month). */
  existing: number;
  /** Client-periods with neither activity nor a balance: no statement. */
  skipped: number;
  /** Clients whose statements could not all be written. */
  failed: number;
}

export interface MonthlyStatementsRun extends MonthlyStatementsFigures {
  /** The month the run wrote for (`2026-10`), and the periods it covered (`2026-10`, `2026-Q4`, `2026`). */
  month: string;
  periods: string[];
  /** The scheduled moment (epoch ms), when the execution started and when it finished. */
  scheduledFor: number;
  startedAt: number;
  finishedAt: number;
}

export interface MonthlyStatementsRunItem extends MonthlyStatementsFigures {
  PK: string;
  SK: string;
  itemType: 'monthly-statements-run';
  runId: string;
  month: string;
  periods: string[];
  scheduledFor: string;
  startedAt: string;
  finishedAt: string;
  /** DynamoDB TTL (epoch seconds). */
  expiresAt: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The item for `run`; a fresh time-ordered invocation id, so a retried last step is a record of its own. */
export function newMonthlyStatementsRunItem(
  run: MonthlyStatementsRun,
  invocationId: string = newId(run.finishedAt),
): MonthlyStatementsRunItem {
  const runId = jobRunKeys.monthlyStatementsRunId(run.month, invocationId);
  return {
    ...jobRunKeys.monthlyStatementsRun(runId),
    itemType: 'monthly-statements-run',
    runId,
    month: run.month,
    periods: run.periods,
    scheduledFor: iso(run.scheduledFor),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    clients: run.clients,
    written: run.written,
    existing: run.existing,
    skipped: run.skipped,
    failed: run.failed,
    expiresAt: Math.floor(run.finishedAt / 1000) + JOB_RUN_TTL_SECONDS,
  };
}

export async function recordMonthlyStatementsRun(run: MonthlyStatementsRun): Promise<MonthlyStatementsRunItem> {
  const item = newMonthlyStatementsRunItem(run);
  await ddb().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  return item;
}

/** Every recorded run for `month`, oldest first (a month has a handful). */
export async function monthlyStatementsRuns(month: string): Promise<MonthlyStatementsRunItem[]> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': jobRunKeys.monthlyStatementsPk,
        ':prefix': jobRunKeys.monthlyStatementsRunsOf(month),
      },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []) as MonthlyStatementsRunItem[];
}
