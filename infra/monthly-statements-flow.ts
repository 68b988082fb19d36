/**
 * The monthly statements job's state machine, as Amazon States Language: one definition for both
 * stacks, rendered by monthlyStatementsDefinition. The CDK stack deploys that string as it is
 * (infra/aws/monthly-statements.ts, CloudFormation substituting the function's ARN for
 * `${MonthlyStatementsFunctionArn}`); the local stack runs the same string with its local
 * function's name substituted (infra/local/monthly-statements-run.ts). A test reads it back from
 * the synthesized template, so the two cannot drift.
 *
 *   Plan            the scheduled moment (the event's `time`: the 1st, 02:00 UTC) and the shard numbers
 *   Shards          a Map over the 16 shards, at most `maxConcurrency` at once; for each:
 *     ShardStatements a Lambda step over the shard's clients with a time budget; it answers a
 *                     cursor while the shard has more (lambdas/jobs/monthly-statements.ts)
 *     ShardDone       loops back to ShardStatements while there is a cursor
 *   Finish          adds the shards up, records the run (what the check on the 2nd reads), and
 *                   fails the execution when a client failed (its alarm)
 *
 * A manual run starts an execution with `{"time": "<ISO>"}`: the month written is the one before
 * that moment's month.
 */
import { CLIENT_SHARDS } from '../lambdas/lib/data/table';
import { shardedJobFlow } from './sharded-job-flow';

/** The definition substitution (DefinitionSubstitutions) that names the job function. */
export const STATEMENTS_FUNCTION_ARN_SUBSTITUTION = 'MonthlyStatementsFunctionArn';
/** Where the definition names the job function, substituted on deploy. */
export const STATEMENTS_FUNCTION_ARN_PLACEHOLDER = `\${${STATEMENTS_FUNCTION_ARN_SUBSTITUTION}}`;

/** Each step's Lambda timeout; a step answers a cursor with STATEMENTS_STEP_MARGIN_MS of it left. */
export const MONTHLY_STATEMENTS_STEP_TIMEOUT_MS = 5 * 60_000;

/**
 * A whole run's limit: far beyond the slowest shard at a million clients (docs/scale.md), and
 * short of the check on the 2nd at 00:00 UTC (22 hours after the start), so a run that hangs
 * fails (and alarms) before the check finds the month missing.
 */
export const MONTHLY_RUN_TIMEOUT_SECONDS = 20 * 60 * 60;

/** How many shards run at once: all of them by default, fewer to spare the table, S3 or Lambda's concurrency. */
export const MONTHLY_STATEMENTS_MAX_CONCURRENCY = CLIENT_SHARDS;

export interface MonthlyStatementsFlowOptions {
  maxConcurrency?: number;
}

export function monthlyStatementsFlow({
  maxConcurrency = MONTHLY_STATEMENTS_MAX_CONCURRENCY,
}: MonthlyStatementsFlowOptions = {}) {
  return shardedJobFlow({
    comment: "Monthly statements: every client's statements for the month, shard by shard, in steps with a time budget",
    timeoutSeconds: MONTHLY_RUN_TIMEOUT_SECONDS,
    maxConcurrency,
    functionPlaceholder: STATEMENTS_FUNCTION_ARN_PLACEHOLDER,
    momentKey: 'time',
    shardStep: 'statements-shard',
    stepState: 'ShardStatements',
    doneState: 'ShardWritten',
  });
}

/** The definition as the stack deploys it (its DefinitionString), the job function still a substitution. */
export function monthlyStatementsDefinition(options: MonthlyStatementsFlowOptions = {}): string {
  return JSON.stringify(monthlyStatementsFlow(options));
}
