/**
 * The local state machine runner, on the weekly job's own definition with fake tasks: the shard
 * Map with its concurrency, the cursor loop, retries as the definition says, and a refusal of
 * anything it does not run.
 */
import { FUNCTION_ARN_PLACEHOLDER, weeklyGrowthFlow } from '../weekly-growth-flow';
import { ExecutionFailed, runStateMachine } from './state-machine';

type Payload = { step: string; shard?: number; now?: string; cursor?: string; calls?: number; shards?: { shard: number; calls: number }[]; startedAt?: string };

const input = { time: '2026-11-23T00:00:00.000Z' };
const startTime = new Date('2026-11-23T00:00:02.000Z');

/** A fake job: shard n takes n % 3 + 1 steps (each answers a cursor but the last); finish answers what it got. */
function fakeJob(options: { failFirstStepOf?: number; finishError?: string; delayMs?: number } = {}) {
  const calls: Payload[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const job = async (payload: unknown) => {
    const step = payload as Payload;
    calls.push(step);
    if (step.step === 'finish') {
      if (options.finishError) throw Object.assign(new Error('1 portfolio failed'), { name: options.finishError });
      return { now: step.now, startedAt: step.startedAt, shards: step.shards };
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
    inFlight -= 1;
    const done = (step.calls ?? 0) + 1;
    if (options.failFirstStepOf === step.shard && calls.filter((c) => c.shard === step.shard).length === 1) {
      throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
    }
    const answer = { step: 'grow-shard', shard: step.shard, now: step.now, calls: done };
    return done < ((step.shard ?? 0) % 3) + 1 ? { ...answer, cursor: `after-${done}` } : answer;
  };
  return { job, calls, maxInFlight: () => maxInFlight };
}

const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
};

beforeEach(() => {
  waits.length = 0;
});

it('runs each shard in a loop of steps until it answers no cursor, then finishes with every shard in order', async () => {
  const fake = fakeJob();
  const output = (await runStateMachine(weeklyGrowthFlow(), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: fake.job }, sleep, startTime })) as Payload;
  expect(output.now).toBe(input.time);
  expect(output.startedAt).toBe(startTime.toISOString());
  expect(output.shards?.map((s) => s.shard)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  expect(output.shards?.map((s) => s.calls)).toEqual(Array.from({ length: 16 }, (_, i) => (i % 3) + 1));
  // The steps after the first carry the previous answer, cursor included.
  const shardTwo = fake.calls.filter((c) => c.shard === 2);
  expect(shardTwo.map((c) => c.cursor)).toEqual([undefined, 'after-1', 'after-2']);
  expect(fake.calls.filter((c) => c.step === 'finish')).toHaveLength(1);
});

it('runs at most MaxConcurrency shards at once', async () => {
  const fake = fakeJob({ delayMs: 5 });
  await runStateMachine(weeklyGrowthFlow({ maxConcurrency: 3 }), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: fake.job }, sleep });
  expect(fake.maxInFlight()).toBe(3);
  const all = fakeJob({ delayMs: 5 });
  await runStateMachine(weeklyGrowthFlow(), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: all.job }, sleep });
  expect(all.maxInFlight()).toBe(16);
});

it('retries a failed step with backoff as the definition says, and does not retry the finish on the job\'s own error', async () => {
  const flaky = fakeJob({ failFirstStepOf: 5 });
  const output = (await runStateMachine(weeklyGrowthFlow(), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: flaky.job }, sleep })) as Payload;
  expect(output.shards?.[5]?.calls).toBe(3);
  expect(waits).toEqual([2000]);

  const failing = fakeJob({ finishError: 'PortfoliosFailed' });
  const run = runStateMachine(weeklyGrowthFlow(), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: failing.job }, sleep });
  await expect(run).rejects.toEqual(new ExecutionFailed('PortfoliosFailed', '1 portfolio failed'));
  expect(failing.calls.filter((c) => c.step === 'finish')).toHaveLength(1);
});

it('fails the execution after the retries run out', async () => {
  const job = async () => {
    throw Object.assign(new Error('down'), { name: 'Lambda.ServiceException' });
  };
  // One shard at a time: the first shard's 5 retries, waiting 2, 4, 8, 16, 32 s; then no other shard starts.
  await expect(runStateMachine(weeklyGrowthFlow({ maxConcurrency: 1 }), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: job }, sleep })).rejects.toMatchObject({
    error: 'Lambda.ServiceException',
  });
  expect(waits).toEqual([2000, 4000, 8000, 16000, 32000]);
});

it('does not retry a step the machine could not have sent (BadStep)', async () => {
  let calls = 0;
  const job = async () => {
    calls += 1;
    throw Object.assign(new Error('bad time: "soon"'), { name: 'BadStep' });
  };
  await expect(runStateMachine(weeklyGrowthFlow({ maxConcurrency: 1 }), input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: job }, sleep })).rejects.toMatchObject({ error: 'BadStep' });
  expect(calls).toBe(1);
  expect(waits).toEqual([]);
});

it('refuses what it does not run, rather than run another machine', async () => {
  const flow = weeklyGrowthFlow();
  const withTimeout = { ...flow, States: { ...flow.States, Finish: { ...flow.States.Finish, TimeoutSeconds: 60 } } };
  await expect(runStateMachine(withTimeout, input, { functions: { [FUNCTION_ARN_PLACEHOLDER]: async () => ({}) }, sleep })).rejects.toThrow('state Finish: TimeoutSeconds not run locally');
  const withWait = { StartAt: 'Wait', States: { Wait: { Type: 'Wait', Seconds: 1, End: true } } };
  await expect(runStateMachine(withWait, input, { functions: {}, sleep })).rejects.toThrow('type Wait is not run locally');
});
