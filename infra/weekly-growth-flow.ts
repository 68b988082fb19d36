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

/** The definition substitution (DefinitionSubstitutions) that names the job function. */
export const FUNCTION_ARN_SUBSTITUTION = 'WeeklyGrowthFunctionArn';
/** Where the definition names the job function: `${WeeklyGrowthFunctionArn}`, substituted on deploy. */
export const FUNCTION_ARN_PLACEHOLDER = `\${${FUNCTION_ARN_SUBSTITUTION}}`;
export const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';

/** Each step's Lambda timeout; a step answers a cursor with SHARD_STEP_MARGIN_MS of it left. */
export const WEEKLY_GROWTH_STEP_TIMEOUT_MS = 5 * 60_000;

/**
 * A whole run's limit: far beyond the slowest shard at a million clients, short of next Monday.
 * In the definition itself: CDK's `timeout` prop does not reach a definition given as a string.
 */
export const WEEKLY_RUN_TIMEOUT_SECONDS = 12 * 60 * 60;

/** How many shards run at once: all of them by default, fewer to spare the table or Lambda's concurrency. */
export const WEEKLY_GROWTH_MAX_CONCURRENCY = CLIENT_SHARDS;

/** Lambda's own transient errors: retried on every task, with backoff. */
const LAMBDA_TRANSIENT = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

export interface WeeklyGrowthFlowOptions {
  maxConcurrency?: number;
}

export function weeklyGrowthFlow({ maxConcurrency = WEEKLY_GROWTH_MAX_CONCURRENCY }: WeeklyGrowthFlowOptions = {}) {
  return {
    Comment: 'Weekly growth: every due portfolio, shard by shard, in steps with a time budget',
    StartAt: 'Plan',
    TimeoutSeconds: WEEKLY_RUN_TIMEOUT_SECONDS,
    States: {
      Plan: {
        Type: 'Pass',
        Parameters: {
          'now.$': '$.time',
          'startedAt.$': '$$.Execution.StartTime',
          'shards.$': `States.ArrayRange(0, ${CLIENT_SHARDS - 1}, 1)`,
        },
        Next: 'Shards',
      },
      Shards: {
        Type: 'Map',
        ItemsPath: '$.shards',
        MaxConcurrency: maxConcurrency,
        ItemSelector: { step: 'grow-shard', 'shard.$': '$$.Map.Item.Value', 'now.$': '$.now' },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'GrowShard',
          States: {
            GrowShard: {
              Type: 'Task',
              Resource: LAMBDA_INVOKE,
              Parameters: { FunctionName: FUNCTION_ARN_PLACEHOLDER, 'Payload.$': '$' },
              OutputPath: '$.Payload',
              Retry: [
                // A step the machine could not have sent (a bad time or cursor) fails at once.
                { ErrorEquals: ['BadStep'], MaxAttempts: 0 },
                // A step that failed (throttled, timed out) is run again from the same cursor:
                // what it grew before failing is no longer due.
                {
                  ErrorEquals: [...LAMBDA_TRANSIENT, 'States.TaskFailed'],
                  IntervalSeconds: 2,
                  MaxAttempts: 5,
                  BackoffRate: 2,
                },
              ],
              Next: 'ShardDone',
            },
            ShardDone: {
              Type: 'Choice',
              Choices: [{ Variable: '$.cursor', IsPresent: true, Next: 'GrowShard' }],
              Default: 'ShardGrown',
            },
            ShardGrown: { Type: 'Succeed' },
          },
        },
        ResultPath: '$.shards',
        Next: 'Finish',
      },
      Finish: {
        Type: 'Task',
        Resource: LAMBDA_INVOKE,
        Parameters: {
          FunctionName: FUNCTION_ARN_PLACEHOLDER,
          Payload: { step: 'finish', 'now.$': '$.now', 'startedAt.$': '$.startedAt', 'shards.$': '$.shards' },
        },
        OutputPath: '$.Payload',
        // Only Lambda's own errors: a run with failed portfolios is not redone by a retry.
        Retry: [{ ErrorEquals: LAMBDA_TRANSIENT, IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 }],
        End: true,
      },
    },
  } as const;
}

/** The definition as the stack deploys it (its DefinitionString), the job function still a substitution. */
export function weeklyGrowthDefinition(options: WeeklyGrowthFlowOptions = {}): string {
  return JSON.stringify(weeklyGrowthFlow(options));
}
