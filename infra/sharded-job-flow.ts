/**
 * The shape both scheduled jobs' state machines share (the weekly growth and the monthly
 * statements, infra/weekly-growth-flow.ts and infra/monthly-statements-flow.ts), as Amazon States
 * Language:
 *
 *   Plan        the scheduled moment (the event's `time`) and the shard numbers
 *   Shards      a Map over the client shards, at most `maxConcurrency` at once; for each:
 *     <step>      a Lambda step over the shard with a time budget; it answers a cursor while the
 *                 shard has more
 *     ShardDone   loops back to the step while there is a cursor
 *   Finish      adds the shards up and records the run; the job fails it when something failed
 *
 * Each job names its states, its steps' payload and its limits; what a retry may redo is the
 * same for both: a step run again from its cursor finds done what it did before failing.
 */
import { CLIENT_SHARDS } from '../lambdas/lib/data/table';

export const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';

/** Lambda's own transient errors: retried on every task, with backoff. */
const LAMBDA_TRANSIENT = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

export interface ShardedJobFlow<Step extends string, Done extends string> {
  comment: string;
  timeoutSeconds: number;
  maxConcurrency: number;
  /** Where the definition names the job function, substituted on deploy (or by the local stack). */
  functionPlaceholder: string;
  /** The name the steps' payload gives the scheduled moment (`now`, `time`). */
  momentKey: string;
  /** The shard step's `step` in its payload, its state's name, and the state that ends a shard. */
  shardStep: string;
  stepState: Step;
  doneState: Done;
}

export function shardedJobFlow<Step extends string, Done extends string>(flow: ShardedJobFlow<Step, Done>) {
  const moment = `${flow.momentKey}.$`;
  const step = {
    Type: 'Task',
    Resource: LAMBDA_INVOKE,
    Parameters: { FunctionName: flow.functionPlaceholder, 'Payload.$': '$' },
    OutputPath: '$.Payload',
    Retry: [
      // A step the machine could not have sent (a bad time or cursor) fails at once.
      { ErrorEquals: ['BadStep'], MaxAttempts: 0 },
      // A step that failed (throttled, timed out) is run again from the same cursor: what it did
      // before failing is found done (no longer due, or already written).
      { ErrorEquals: [...LAMBDA_TRANSIENT, 'States.TaskFailed'], IntervalSeconds: 2, MaxAttempts: 5, BackoffRate: 2 },
    ],
    Next: 'ShardDone',
  } as const;
  const shardDone = {
    Type: 'Choice',
    Choices: [{ Variable: '$.cursor', IsPresent: true, Next: flow.stepState }],
    Default: flow.doneState,
  };
  // Named by the job, so typed here by those names: a test reads a state by its name.
  const shardStates = { [flow.stepState]: step, ShardDone: shardDone, [flow.doneState]: { Type: 'Succeed' } } as Record<
    Step,
    typeof step
  > & { ShardDone: typeof shardDone } & Record<Done, { Type: 'Succeed' }>;
  return {
    Comment: flow.comment,
    StartAt: 'Plan',
    TimeoutSeconds: flow.timeoutSeconds,
    States: {
      Plan: {
        Type: 'Pass',
        Parameters: {
          [moment]: '$.time',
          'startedAt.$': '$$.Execution.StartTime',
          'shards.$': `States.ArrayRange(0, ${CLIENT_SHARDS - 1}, 1)`,
        },
        Next: 'Shards',
      },
      Shards: {
        Type: 'Map',
        ItemsPath: '$.shards',
        MaxConcurrency: flow.maxConcurrency,
        ItemSelector: { step: flow.shardStep, 'shard.$': '$$.Map.Item.Value', [moment]: `$.${flow.momentKey}` },
        ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' }, StartAt: flow.stepState, States: shardStates },
        ResultPath: '$.shards',
        Next: 'Finish',
      },
      Finish: {
        Type: 'Task',
        Resource: LAMBDA_INVOKE,
        Parameters: {
          FunctionName: flow.functionPlaceholder,
          Payload: {
            step: 'finish',
            [moment]: `$.${flow.momentKey}`,
            'startedAt.$': '$.startedAt',
            'shards.$': '$.shards',
          },
        },
        OutputPath: '$.Payload',
        // Only Lambda's own errors: a run with failures is redone by a new execution, not a retry.
        Retry: [{ ErrorEquals: LAMBDA_TRANSIENT, IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 }] as const,
        End: true,
      },
    },
  };
}
