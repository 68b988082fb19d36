/**
 * The monthly statements job as the CDK stack runs it: the definition string the stack deploys
 * (monthlyStatementsDefinition, the local function's name substituted where CloudFormation puts
 * the job function's ARN), run by aws-local-stepfunctions, whose Tasks invoke the job's Lambda
 * handler with a Lambda-like time budget (lambda-invoke-tasks.ts), so shards answer cursors and
 * are called again as in AWS. A failed execution is reported as Step Functions reports it.
 */
import { ExecutionError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import {
  monthlyStatementsHandler,
  type MonthlyStatementsStep,
  type MonthlyStatementsSummary,
} from '../../lambdas/jobs/monthly-statements';
import {
  MONTHLY_STATEMENTS_STEP_TIMEOUT_MS,
  type MonthlyStatementsFlowOptions,
  monthlyStatementsDefinition,
  STATEMENTS_FUNCTION_ARN_PLACEHOLDER,
} from '../monthly-statements-flow';
import { lambdaInvokeTasks, type LambdaContext } from './lambda-invoke-tasks';
import { ExecutionFailed } from './weekly-growth-run';

/** The job function's name locally, where the deployed definition has its ARN. */
export const LOCAL_STATEMENTS_FUNCTION = 'MonthlyStatements';

export interface LocalStatementsRunOptions {
  /** Each step's time budget (the Lambda's timeout by default). */
  stepBudgetMs?: number;
  /** Clients per page of a step's listing (the job's own by default). */
  pageSize?: number;
  /** Around each invocation: the local stack runs it with the job's table permissions. */
  around?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Called with every step's answer (tests count continuations). */
  onStep?: (answer: unknown) => void;
}

/** The definition the local stack runs: the deployed one, with the job function's local name. */
export function localMonthlyStatementsDefinition(options: MonthlyStatementsFlowOptions = {}): string {
  return monthlyStatementsDefinition(options).replaceAll(
    STATEMENTS_FUNCTION_ARN_PLACEHOLDER,
    LOCAL_STATEMENTS_FUNCTION,
  );
}

/** Runs the state machine as EventBridge starts it at `time` (the 1st, 02:00 UTC, for the month before). */
export async function runMonthlyStatementsLocally(
  time: number,
  options: LocalStatementsRunOptions = {},
): Promise<MonthlyStatementsSummary> {
  const definition = JSON.parse(localMonthlyStatementsDefinition()) as StateMachineDefinition;
  const run = monthlyStatementsHandler(options.pageSize === undefined ? {} : { pageSize: options.pageSize });
  const around = options.around ?? (<T>(work: () => Promise<T>) => work());
  // Step Functions starts no iteration of a failed Map; the interpreter might, unawaited.
  let over = false;
  const job = {
    timeoutMs: options.stepBudgetMs ?? MONTHLY_STATEMENTS_STEP_TIMEOUT_MS,
    handler: async (payload: unknown, context: LambdaContext) => {
      if (over) throw new Error('the execution is over');
      const answer = await around(() => run(payload as MonthlyStatementsStep, context));
      options.onStep?.(answer);
      return answer;
    },
  };
  const execution = new StateMachine(definition).run(
    { time: new Date(time).toISOString() },
    { overrides: { taskResourceLocalHandlers: lambdaInvokeTasks(definition, { [LOCAL_STATEMENTS_FUNCTION]: job }) } },
  );
  try {
    return (await execution.result) as unknown as MonthlyStatementsSummary;
  } catch (error) {
    if (!(error instanceof ExecutionError)) throw error;
    const cause = error.cause;
    throw cause instanceof Error
      ? new ExecutionFailed(cause.name, cause.message)
      : new ExecutionFailed('States.Runtime', String(cause));
  } finally {
    over = true;
  }
}
