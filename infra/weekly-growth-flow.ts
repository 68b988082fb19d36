/**
 * The weekly growth job's state machine, as Amazon States Language: one definition for both
 * stacks, rendered by weeklyGrowthDefinition. The CDK stack deploys that string as it is
 * (infra/aws/weekly-growth.ts, CloudFormation substituting the function's ARN for
 * `${WeeklyGrowthFunctionArn}`); the local stack runs the same string with its local function's
 * name substituted (infra/local/weekly-growth-run.ts). A test reads it back from the synthesized
 * template, so the two cannot drift.
 *
 *   Plan        the week's moment (the scheduled event's `time`) and the shard numbers
 *   Shards      a Map over the 16 shards, at most `maxConcurrency` at once; for each:
 *     GrowShard   a Lambda step over the shard's due portfolios with a time budget; it answers a
 *                 cursor while the shard has more (lambdas/jobs/weekly-growth.ts)
 *     ShardDone   loops back to GrowShard while there is a cursor
 *   Finish      adds the shards up, records the run (the admins' summary e-mail), and fails the
 *               execution when a portfolio failed (its alarm)
 *
 * A manual run starts an execution with `{"time": "<ISO>"}`: the week computed is that moment's.
 */
import { CLIENT_SHARDS } from '../lambdas/lib/data/table';
import { shardedJobFlow } from './sharded-job-flow';

/** The definition substitution (DefinitionSubstitutions) that names the job function. */
export const FUNCTION_ARN_SUBSTITUTION = 'WeeklyGrowthFunctionArn';
/** Where the definition names the job function: `${WeeklyGrowthFunctionArn}`, substituted on deploy. */
export const FUNCTION_ARN_PLACEHOLDER = `\${${FUNCTION_ARN_SUBSTITUTION}}`;

/** Each step's Lambda timeout; a step answers a cursor with SHARD_STEP_MARGIN_MS of it left. */
export const WEEKLY_GROWTH_STEP_TIMEOUT_MS = 5 * 60_000;

/**
 * A whole run's limit: far beyond the slowest shard at a million clients, short of next Monday.
 * In the definition itself: CDK's `timeout` prop does not reach a definition given as a string.
 */
export const WEEKLY_RUN_TIMEOUT_SECONDS = 12 * 60 * 60;

/** How many shards run at once: all of them by default, fewer to spare the table or Lambda's concurrency. */
export const WEEKLY_GROWTH_MAX_CONCURRENCY = CLIENT_SHARDS;

export interface WeeklyGrowthFlowOptions {
  maxConcurrency?: number;
}

export function weeklyGrowthFlow({ maxConcurrency = WEEKLY_GROWTH_MAX_CONCURRENCY }: WeeklyGrowthFlowOptions = {}) {
  return shardedJobFlow({
    comment: 'Weekly growth: every due portfolio, shard by shard, in steps with a time budget',
    timeoutSeconds: WEEKLY_RUN_TIMEOUT_SECONDS,
    maxConcurrency,
    functionPlaceholder: FUNCTION_ARN_PLACEHOLDER,
    momentKey: 'now',
    shardStep: 'grow-shard',
    stepState: 'GrowShard',
    doneState: 'ShardGrown',
  });
}

/** The definition as the stack deploys it (its DefinitionString), the job function still a substitution. */
export function weeklyGrowthDefinition(options: WeeklyGrowthFlowOptions = {}): string {
  return JSON.stringify(weeklyGrowthFlow(options));
}
