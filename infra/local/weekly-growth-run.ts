/**
 * The weekly job as the CDK stack runs it: the definition string the stack deploys
 * (weeklyGrowthDefinition, the local function's name substituted where CloudFormation puts the
 * job function's ARN), run by aws-local-stepfunctions, whose Tasks invoke the job's Lambda handler
 * with a Lambda-like time budget (lambda-invoke-tasks.ts), so shards answer cursors and are
 * called again as in AWS. A failed execution is reported as Step Functions reports it: its error
 * and cause.
 */
import { ExecutionError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import {
  type ShardStepDone,
  handler as jobHandler,
  type WeeklyGrowthStep,
  type WeeklyGrowthSummary,
} from '../../lambdas/jobs/weekly-growth';
import {
  FUNCTION_ARN_PLACEHOLDER,
  WEEKLY_GROWTH_STEP_TIMEOUT_MS,
  type WeeklyGrowthFlowOptions,
  weeklyGrowthDefinition,
} from '../weekly-growth-flow';
import { type LambdaContext, lambdaInvokeTasks, statesOf } from './lambda-invoke-tasks';

/** The job function's name locally, where the deployed definition has its ARN. */
export const LOCAL_JOB_FUNCTION = 'WeeklyGrowth';

export type JobHandler = (
  step: WeeklyGrowthStep,
  context: LambdaContext,
) => Promise<ShardStepDone | WeeklyGrowthSummary>;

export interface LocalRunOptions {
  /** Each step's time budget (the Lambda's timeout by default). */
  stepBudgetMs?: number;
  /** Around each invocation: the local stack runs it with the job's table permissions. */
  around?: <T>(work: () => Promise<T>) => Promise<T>;
  /** How many shards at once (the definition's own by default). */
  maxConcurrency?: number;
  /** Called with every step's answer (tests count continuations). */
  onStep?: (answer: ShardStepDone | WeeklyGrowthSummary) => void;
  /** Each retry's wait in place of the definition's backoff (tests pass 0; by default the definition's, as in AWS). */
  retryWaitMs?: number;
  /** The Tasks' function: the job's Lambda handler by default (tests of the flow pass a double). */
  handler?: JobHandler;
}

/** A failed execution: the error's name and cause, as Step Functions reports them. */
export class ExecutionFailed extends Error {
  constructor(
    readonly error: string,
    override readonly cause: string,
  ) {
    super(`${error}: ${cause}`);
    this.name = 'ExecutionFailed';
  }
}

/** The definition the local stack runs: the deployed one, with the job function's local name. */
export function localWeeklyGrowthDefinition(options: WeeklyGrowthFlowOptions = {}): string {
  return weeklyGrowthDefinition(options).replaceAll(FUNCTION_ARN_PLACEHOLDER, LOCAL_JOB_FUNCTION);
}

export async function runWeeklyGrowthLocally(now: number, options: LocalRunOptions = {}): Promise<WeeklyGrowthSummary> {
  const flowOptions = options.maxConcurrency === undefined ? {} : { maxConcurrency: options.maxConcurrency };
  const definition = JSON.parse(localWeeklyGrowthDefinition(flowOptions)) as StateMachineDefinition;
  const run = options.handler ?? jobHandler;
  const around = options.around ?? (<T>(work: () => Promise<T>) => work());
  // The interpreter goes on starting a failed Map's waiting iterations (when MaxConcurrency is
  // under the shard count), unawaited; Step Functions starts none, so neither does this.
  let over = false;
  const job = {
    timeoutMs: options.stepBudgetMs ?? WEEKLY_GROWTH_STEP_TIMEOUT_MS,
    handler: async (payload: unknown, context: LambdaContext) => {
      if (over) throw new Error('the execution is over');
      const answer = await around(() => run(payload as WeeklyGrowthStep, context));
      options.onStep?.(answer);
      return answer;
    },
  };
  const execution = new StateMachine(definition).run(
    { time: new Date(now).toISOString() },
    {
      overrides: {
        taskResourceLocalHandlers: lambdaInvokeTasks(definition, { [LOCAL_JOB_FUNCTION]: job }),
        ...(options.retryWaitMs === undefined
          ? {}
          : { retryIntervalOverrides: retryWaits(definition, options.retryWaitMs) }),
      },
    },
  );
  try {
    return (await execution.result) as unknown as WeeklyGrowthSummary;
  } catch (error) {
    throw error instanceof ExecutionError ? failureOf(error) : error;
  } finally {
    over = true;
  }
}

/** The same wait before every retry of every state that retries. */
function retryWaits(definition: StateMachineDefinition, ms: number): Record<string, number> {
  return Object.fromEntries(
    statesOf(definition).flatMap(([name, state]) => ('Retry' in state && state.Retry ? [[name, ms]] : [])),
  );
}

/** The interpreter's failure holds the state's error, named as Step Functions names it. */
function failureOf(error: ExecutionError): ExecutionFailed {
  const cause = error.cause;
  return cause instanceof Error
    ? new ExecutionFailed(cause.name, cause.message)
    : new ExecutionFailed('States.Runtime', String(cause));
}
