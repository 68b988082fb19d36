/**
 * The Task states of a state machine that invoke a Lambda function
 * (`arn:aws:states:::lambda:invoke`), as aws-local-stepfunctions runs them locally: its
 * `taskResourceLocalHandlers` are keyed by state name, so this reads each Task's FunctionName from
 * the definition and gives the state a handler that runs that local function as Lambda would (a
 * time budget; the answer through JSON as `Payload`; an error reaching the machine as its type and
 * message only). A Task that invokes anything else, or a function not given, is refused before the
 * run: left without a handler, the interpreter would call AWS Lambda itself.
 */
import type { RunOptions, StateMachineDefinition } from 'aws-local-stepfunctions';
import { LAMBDA_INVOKE } from '../sharded-job-flow';

type State = StateMachineDefinition['States'][string];
type TaskState = Extract<State, { Type: 'Task' }>;
export type TaskHandlers = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;
type Json = Parameters<TaskHandlers[string]>[0];

/**
 * The interpreter fails a Task after this many seconds when the state sets no TimeoutSeconds
 * (Step Functions allows 99999999 there, and it is the function's own timeout that ends a step).
 */
export const INTERPRETER_TASK_TIMEOUT_S = 60;

/** What a handler reads of Lambda's context. */
export interface LambdaContext {
  getRemainingTimeInMillis(): number;
}

export interface LocalFunction {
  handler: (payload: unknown, context: LambdaContext) => Promise<unknown>;
  /** The function's timeout: each invocation's time budget. */
  timeoutMs: number;
}

/** A function's error as Step Functions hears it from Lambda: its type (the error's name) and message, nothing else of it. */
export class FunctionError extends Error {
  constructor(errorType: string, errorMessage: string) {
    super(errorMessage);
    this.name = errorType;
  }
}

/** Every state of a definition by name, those of its Map iterations and Parallel branches included. */
export function statesOf(definition: Pick<StateMachineDefinition, 'States'>): [string, State][] {
  return Object.entries(definition.States).flatMap(([name, state]): [string, State][] => {
    if (state.Type === 'Map') {
      const processor = state.ItemProcessor ?? state.Iterator;
      return [[name, state], ...(processor ? statesOf(processor) : [])];
    }
    if (state.Type === 'Parallel') return [[name, state], ...state.Branches.flatMap(statesOf)];
    return [[name, state]];
  });
}

export function lambdaInvokeTasks(
  definition: StateMachineDefinition,
  functions: Readonly<Record<string, LocalFunction>>,
): TaskHandlers {
  const handlers: TaskHandlers = {};
  for (const [name, state] of statesOf(definition)) {
    if (state.Type !== 'Task') continue;
    // The interpreter finds a handler by the state's name alone, wherever the state is nested.
    if (name in handlers) throw new Error(`two Task states are named ${name}: their local handlers would be one`);
    handlers[name] = invoker(name, state, functions);
  }
  return handlers;
}

function invoker(
  name: string,
  state: TaskState,
  functions: Readonly<Record<string, LocalFunction>>,
): TaskHandlers[string] {
  if (state.Resource !== LAMBDA_INVOKE) throw new Error(`state ${name}: ${state.Resource} has no local stand-in`);
  if (state.TimeoutSecondsPath !== undefined) throw new Error(`state ${name}: TimeoutSecondsPath is not run locally`);
  const parameters = state.Parameters;
  const functionName = isObject(parameters) ? parameters.FunctionName : undefined;
  if (typeof functionName !== 'string')
    throw new Error(`state ${name}: the function must be named in Parameters.FunctionName`);
  const fn = functions[functionName];
  if (!fn) throw new Error(`state ${name}: no local function ${functionName}`);
  // The interpreter ends the Task at its timeout whatever the function does, so the function's budget fits within it.
  const budgetMs = Math.min(fn.timeoutMs, (state.TimeoutSeconds ?? INTERPRETER_TASK_TIMEOUT_S) * 1000);
  return async (input) => {
    const deadline = Date.now() + budgetMs;
    let answer: unknown;
    try {
      answer = await fn.handler(isObject(input) ? (input.Payload ?? null) : null, {
        getRemainingTimeInMillis: () => deadline - Date.now(),
      });
    } catch (error) {
      throw error instanceof Error
        ? new FunctionError(error.name, error.message)
        : new FunctionError('Error', String(error));
    }
    // As the lambda:invoke integration answers: the function's JSON answer under Payload.
    return { StatusCode: 200, Payload: JSON.parse(JSON.stringify(answer ?? null)) as Json };
  };
}

function isObject(value: unknown): value is Record<string, Json> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
