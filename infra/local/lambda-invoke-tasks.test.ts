/**
 * The local stand-in for Step Functions' lambda:invoke: each Task state's handler runs the local
 * function the definition names, as Lambda would (budget, JSON answer under Payload, error as type
 * and message), and a definition it cannot run locally is refused before the run.
 */
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { LAMBDA_INVOKE } from '../sharded-job-flow';
import {
  FunctionError,
  INTERPRETER_TASK_TIMEOUT_S,
  type LambdaContext,
  lambdaInvokeTasks,
  type LocalFunction,
  statesOf,
} from './lambda-invoke-tasks';

const task = (functionName: string, extra: Record<string, unknown> = {}) => ({
  Type: 'Task',
  Resource: LAMBDA_INVOKE,
  Parameters: { FunctionName: functionName, 'Payload.$': '$' },
  End: true,
  ...extra,
});

const machine = (states: Record<string, unknown>): StateMachineDefinition =>
  ({ StartAt: Object.keys(states)[0]!, States: states }) as unknown as StateMachineDefinition;

/** A function that answers what it was given and the time it had left. */
function echo(timeoutMs: number, answer?: (payload: unknown) => unknown): LocalFunction {
  return {
    timeoutMs,
    handler: async (payload: unknown, context: LambdaContext) =>
      answer?.(payload) ?? { payload, left: context.getRemainingTimeInMillis() },
  };
}

it('finds the Task states of Map iterations and Parallel branches too', () => {
  const definition = machine({
    Fan: { Type: 'Map', ItemProcessor: { StartAt: 'Inner', States: { Inner: task('f') } }, Next: 'Both' },
    Both: { Type: 'Parallel', Branches: [{ StartAt: 'Left', States: { Left: task('f') } }], End: true },
  });
  expect(statesOf(definition).map(([name]) => name)).toEqual(['Fan', 'Inner', 'Both', 'Left']);
  expect(Object.keys(lambdaInvokeTasks(definition, { f: echo(1000) }))).toEqual(['Inner', 'Left']);
});

it("answers as lambda:invoke does: the function's answer, through JSON, under Payload", async () => {
  const handlers = lambdaInvokeTasks(machine({ Step: task('f') }), {
    f: echo(1000, (payload) => ({ got: payload, at: new Date(0), dropped: undefined })),
  });
  expect(await handlers.Step!({ FunctionName: 'f', Payload: { n: 1 } })).toEqual({
    StatusCode: 200,
    Payload: { got: { n: 1 }, at: '1970-01-01T00:00:00.000Z' },
  });
  const nothing = lambdaInvokeTasks(machine({ Step: task('f') }), {
    f: { timeoutMs: 1000, handler: async () => undefined },
  });
  expect(await nothing.Step!({ FunctionName: 'f', Payload: {} })).toEqual({ StatusCode: 200, Payload: null });
});

it("passes the function's error on as its type and message only, as Lambda reports it", async () => {
  const failing: LocalFunction = {
    timeoutMs: 1000,
    handler: async () => {
      throw Object.assign(new Error('throttled'), {
        name: 'ProvisionedThroughputExceededException',
        isRetryable: false,
      });
    },
  };
  const handlers = lambdaInvokeTasks(machine({ Step: task('f') }), { f: failing });
  const error = await (async () => handlers.Step!({ FunctionName: 'f', Payload: {} }))().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FunctionError);
  expect(error).toMatchObject({ name: 'ProvisionedThroughputExceededException', message: 'throttled' });
  expect(error).not.toHaveProperty('isRetryable');
});

it("gives the function its timeout as its budget, within the interpreter's Task timeout", async () => {
  const leftOf = async (fn: LocalFunction, extra: Record<string, unknown> = {}) => {
    const answer = (await lambdaInvokeTasks(machine({ Step: task('f', extra) }), { f: fn }).Step!({
      FunctionName: 'f',
      Payload: {},
    })) as { Payload: { left: number } };
    return answer.Payload.left;
  };
  const short = await leftOf(echo(5_000));
  expect(short).toBeLessThanOrEqual(5_000);
  expect(short).toBeGreaterThan(0);
  // A 5-minute function: the interpreter would end the Task at its own timeout first.
  expect(await leftOf(echo(300_000))).toBeLessThanOrEqual(INTERPRETER_TASK_TIMEOUT_S * 1000);
  expect(await leftOf(echo(300_000), { TimeoutSeconds: 400 })).toBeGreaterThan(INTERPRETER_TASK_TIMEOUT_S * 1000);
  expect(await leftOf(echo(0))).toBeLessThanOrEqual(0);
});

it('refuses, before any run, a Task it would not run locally', () => {
  const f = { f: echo(1000) };
  expect(() =>
    lambdaInvokeTasks(machine({ Step: { ...task('f'), Resource: 'arn:aws:states:::sqs:sendMessage' } }), f),
  ).toThrow('state Step: arn:aws:states:::sqs:sendMessage has no local stand-in');
  expect(() => lambdaInvokeTasks(machine({ Step: task('g') }), f)).toThrow('state Step: no local function g');
  expect(() =>
    lambdaInvokeTasks(machine({ Step: { ...task('f'), Parameters: { 'FunctionName.$': '$.fn' } } }), f),
  ).toThrow('the function must be named in Parameters.FunctionName');
  expect(() => lambdaInvokeTasks(machine({ Step: task('f', { TimeoutSecondsPath: '$.t' }) }), f)).toThrow(
    'TimeoutSecondsPath is not run locally',
  );
  const twice = machine({
    Step: { ...task('f'), End: undefined, Next: 'Fan' },
    Fan: { Type: 'Map', ItemProcessor: { StartAt: 'Step', States: { Step: task('f') } }, End: true },
  });
  expect(() => lambdaInvokeTasks(twice, f)).toThrow('two Task states are named Step');
});
