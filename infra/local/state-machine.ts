/**
 * Runs an Amazon States Language definition locally, as Step Functions would: the subset the
 * product's state machines use (Pass, Task on `lambda:invoke` with Retry, Choice on IsPresent,
 * Map inline with MaxConcurrency, Succeed; Parameters/ItemSelector with `.$` paths and
 * States.ArrayRange; OutputPath, ResultPath). Anything else in a definition is refused rather
 * than ignored, so the local stack never runs a different machine from the one deployed.
 *
 * Why not a library: aws-local-stepfunctions, the maintained one, needs Node 22 and the Lambda
 * SDK; this subset is what the weekly job needs and is checked field by field.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

/** Runs the function's handler with the payload; its answer (JSON) is the task's `Payload`. */
export type LocalTask = (payload: unknown) => Promise<unknown>;

export interface RunOptions {
  /** The Lambda functions a Task may invoke, by the `FunctionName` the definition gives. */
  functions: Readonly<Record<string, LocalTask>>;
  /** Waits before a retry (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The execution's start time ($$.Execution.StartTime). */
  startTime?: Date;
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

interface Machine {
  StartAt: string;
  States: Record<string, Obj>;
}

interface Context {
  Execution: { StartTime: string };
  State?: { EnteredTime: string };
  Map?: { Item: { Index: number; Value: Json } };
}

const ALLOWED: Record<string, readonly string[]> = {
  Pass: ['Type', 'Parameters', 'ResultPath', 'Next', 'End', 'Comment'],
  Task: ['Type', 'Resource', 'Parameters', 'OutputPath', 'ResultPath', 'Retry', 'Next', 'End', 'Comment'],
  Choice: ['Type', 'Choices', 'Default', 'Comment'],
  Map: ['Type', 'ItemsPath', 'ItemSelector', 'MaxConcurrency', 'ItemProcessor', 'ResultPath', 'Next', 'End', 'Comment'],
  Succeed: ['Type', 'Comment'],
};

export async function runStateMachine(definition: unknown, input: unknown, options: RunOptions): Promise<unknown> {
  const machine = definition as Machine;
  const context: Context = { Execution: { StartTime: (options.startTime ?? new Date()).toISOString() } };
  return runStates(machine, input as Json, context, options);
}

async function runStates(machine: Machine, input: Json, context: Context, options: RunOptions): Promise<Json> {
  let name: string | undefined = machine.StartAt;
  let data = input;
  while (name !== undefined) {
    const state: Obj | undefined = machine.States[name];
    if (!state) throw new Error(`no state ${name}`);
    const type = String(state.Type);
    const allowed = ALLOWED[type];
    if (!allowed) throw new Error(`state ${name}: type ${type} is not run locally`);
    const unknown = Object.keys(state).filter((key) => !allowed.includes(key));
    if (unknown.length > 0) throw new Error(`state ${name}: ${unknown.join(', ')} not run locally`);
    const here: Context = { ...context, State: { EnteredTime: new Date().toISOString() } };

    if (type === 'Succeed') return data;
    if (type === 'Choice') {
      name = choose(state, data, name);
      continue;
    }
    let result: Json;
    if (type === 'Pass') result = state.Parameters === undefined ? data : resolve(state.Parameters, data, here);
    else if (type === 'Task') result = await runTask(state, data, here, options, name);
    else result = await runMap(state, data, here, options, name);
    // As Step Functions applies them: ResultPath places the result in the input, then OutputPath picks from that.
    data = placeResult(state, data, result);
    if (state.OutputPath !== undefined) data = readPath(data, String(state.OutputPath), here);
    if (state.End === true) return data;
    name = String(state.Next);
  }
  return data;
}

function choose(state: Obj, data: Json, name: string): string {
  for (const rule of (state.Choices ?? []) as Obj[]) {
    const keys = Object.keys(rule).sort().join();
    if (keys !== 'IsPresent,Next,Variable') throw new Error(`state ${name}: a choice rule with ${keys} is not run locally`);
    if (isPresent(data, String(rule.Variable)) === rule.IsPresent) return String(rule.Next);
  }
  if (state.Default === undefined) throw new ExecutionFailed('States.NoChoiceMatched', `no choice matched in ${name}`);
  return String(state.Default);
}

function placeResult(state: Obj, data: Json, result: Json): Json {
  const path = state.ResultPath;
  if (path === undefined || path === '$') return result;
  const match = /^\$\.(\w+)$/.exec(String(path));
  if (!match) throw new Error(`ResultPath ${String(path)} is not run locally`);
  return { ...(data as Obj), [match[1]!]: result };
}

async function runTask(state: Obj, data: Json, context: Context, options: RunOptions, name: string): Promise<Json> {
  if (state.Resource !== 'arn:aws:states:::lambda:invoke') throw new Error(`state ${name}: resource ${String(state.Resource)} is not run locally`);
  const parameters = resolve(state.Parameters ?? {}, data, context) as Obj;
  const fn = options.functions[String(parameters.FunctionName)];
  if (!fn) throw new Error(`state ${name}: no local function ${String(parameters.FunctionName)}`);
  const retries = ((state.Retry ?? []) as Obj[]).map((retry) => ({
    errors: retry.ErrorEquals as string[],
    maxAttempts: Number(retry.MaxAttempts ?? 3),
    intervalMs: Number(retry.IntervalSeconds ?? 1) * 1000,
    backoff: Number(retry.BackoffRate ?? 2),
    attempts: 0,
  }));
  for (;;) {
    try {
      // Through JSON, as Lambda answers: nothing but data reaches the next state.
      return { StatusCode: 200, Payload: JSON.parse(JSON.stringify((await fn(parameters.Payload ?? null)) ?? null)) as Json };
    } catch (error) {
      // A Lambda function's error reaches the machine as its errorType, and matches States.TaskFailed too.
      const errorName = error instanceof Error ? error.name : 'Error';
      // The first retrier that matches decides, as in Step Functions.
      const retry = retries.find((r) => r.errors.some((e) => e === errorName || e === 'States.TaskFailed' || e === 'States.ALL'));
      if (!retry || retry.attempts >= retry.maxAttempts) {
        throw new ExecutionFailed(errorName, error instanceof Error ? error.message : String(error));
      }
      const wait = retry.intervalMs * retry.backoff ** retry.attempts;
      retry.attempts += 1;
      await (options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(wait);
    }
  }
}

async function runMap(state: Obj, data: Json, context: Context, options: RunOptions, name: string): Promise<Json> {
  const items = readPath(data, String(state.ItemsPath ?? '$'), context);
  if (!Array.isArray(items)) throw new ExecutionFailed('States.Runtime', `state ${name}: ItemsPath is not an array`);
  const processor = state.ItemProcessor as Obj & Machine;
  const mode = ((processor.ProcessorConfig ?? {}) as Obj).Mode ?? 'INLINE';
  if (mode !== 'INLINE') throw new Error(`state ${name}: Map mode ${String(mode)} is not run locally`);
  const limit = Number(state.MaxConcurrency ?? 0) || items.length;
  const results: Json[] = new Array(items.length).fill(null);
  let next = 0;
  let failure: unknown = null;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && failure === null) {
        const index = next++;
        const itemContext: Context = { ...context, Map: { Item: { Index: index, Value: items[index]! } } };
        const input = state.ItemSelector === undefined ? items[index]! : resolve(state.ItemSelector, data, itemContext);
        try {
          results[index] = await runStates(processor, input, { Execution: context.Execution }, options);
        } catch (error) {
          failure ??= error; // one iteration failing fails the Map, and no new iteration starts
        }
      }
    }),
  );
  if (failure !== null) throw failure;
  return results;
}

/** Parameters/ItemSelector: fields ending in `.$` are paths (or States.ArrayRange), the rest literal. */
function resolve(template: Json, data: Json, context: Context): Json {
  if (Array.isArray(template)) return template.map((item) => resolve(item, data, context));
  if (template === null || typeof template !== 'object') return template;
  const out: Obj = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) out[key.slice(0, -2)] = evaluate(String(value), data, context);
    else out[key] = resolve(value, data, context);
  }
  return out;
}

function evaluate(expression: string, data: Json, context: Context): Json {
  const range = /^States\.ArrayRange\((-?\d+), (-?\d+), (\d+)\)$/.exec(expression);
  if (range) {
    const [from, to, step] = [Number(range[1]), Number(range[2]), Number(range[3])];
    return Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
  }
  if (expression.startsWith('States.')) throw new Error(`intrinsic ${expression} is not run locally`);
  return readPath(data, expression, context);
}

function segmentsOf(path: string): { root: 'data' | 'context'; keys: string[] } {
  const match = /^(\$\$|\$)((?:\.\w+)*)$/.exec(path);
  if (!match) throw new Error(`path ${path} is not run locally`);
  return { root: match[1] === '$$' ? 'context' : 'data', keys: match[2] ? match[2].slice(1).split('.') : [] };
}

function readPath(data: Json, path: string, context: Context): Json {
  const { root, keys } = segmentsOf(path);
  let value: unknown = root === 'context' ? context : data;
  for (const key of keys) {
    if (value === null || typeof value !== 'object' || !(key in value)) throw new ExecutionFailed('States.Runtime', `path ${path} not found`);
    value = (value as Record<string, unknown>)[key];
  }
  return value as Json;
}

function isPresent(data: Json, path: string): boolean {
  const { root, keys } = segmentsOf(path);
  if (root !== 'data') throw new Error(`a choice on ${path} is not run locally`);
  let value: unknown = data;
  for (const key of keys) {
    if (value === null || typeof value !== 'object' || !(key in value)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return true;
}
