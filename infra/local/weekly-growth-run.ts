/**
 * The weekly job as the CDK stack runs it: the state machine's own definition
 * (infra/weekly-growth-flow.ts), run by the local interpreter, whose task is the job's Lambda
 * handler with a Lambda-like context: each invocation has the function's timeout as its budget
 * (less when a test says so), so shards answer cursors and are called again as in AWS.
 */
import { type ShardStepDone, handler, type WeeklyGrowthStep, type WeeklyGrowthSummary } from '../../lambdas/jobs/weekly-growth';
import { FUNCTION_ARN_PLACEHOLDER, WEEKLY_GROWTH_STEP_TIMEOUT_MS, weeklyGrowthFlow } from '../weekly-growth-flow';
import { runStateMachine } from './state-machine';

export interface LocalRunOptions {
  /** Each step's time budget (the Lambda's timeout by default). */
  stepBudgetMs?: number;
  /** Around each invocation: the local stack runs it with the job's table permissions. */
  around?: <T>(work: () => Promise<T>) => Promise<T>;
  /** How many shards at once (the definition's own by default). */
  maxConcurrency?: number;
  /** Called with every step's answer (tests count continuations). */
  onStep?: (answer: ShardStepDone | WeeklyGrowthSummary) => void;
  sleep?: (ms: number) => Promise<void>;
}

export async function runWeeklyGrowthLocally(now: number, options: LocalRunOptions = {}): Promise<WeeklyGrowthSummary> {
  const budget = options.stepBudgetMs ?? WEEKLY_GROWTH_STEP_TIMEOUT_MS;
  const around = options.around ?? (<T>(work: () => Promise<T>) => work());
  const invoke = async (payload: unknown) => {
    const deadline = Date.now() + budget;
    const answer = await around(() => handler(payload as WeeklyGrowthStep, { getRemainingTimeInMillis: () => deadline - Date.now() }));
    options.onStep?.(answer);
    return answer;
  };
  const definition = weeklyGrowthFlow(options.maxConcurrency === undefined ? {} : { maxConcurrency: options.maxConcurrency });
  const output = await runStateMachine(definition, { time: new Date(now).toISOString() }, {
    functions: { [FUNCTION_ARN_PLACEHOLDER]: invoke },
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  return output as unknown as WeeklyGrowthSummary;
}
