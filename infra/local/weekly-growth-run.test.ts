/**
 * The weekly growth flow as the local stack runs it: the deployed definition, run by
 * aws-local-stepfunctions, with a double in place of the job's handler (the job itself runs
 * through this runner in lambdas/jobs/weekly-growth.test.ts, and against DynamoDB Local in
 * tests/integration/weekly-growth.test.ts). Covered: the shard Map with each shard's input and
 * its concurrency, the cursor loop, and a failing step retried as the definition says and then,
 * the definition catching nothing, failing the execution with the step's error.
 */
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import type { ShardStep, ShardStepDone, WeeklyGrowthStep, WeeklyGrowthSummary } from '../../lambdas/jobs/weekly-growth';
import { CLIENT_SHARDS } from '../../lambdas/lib/data/table';
import { weeklyGrowthDefinition, weeklyGrowthFlow } from '../weekly-growth-flow';
import { statesOf } from './lambda-invoke-tasks';
import {
  ExecutionFailed,
  LOCAL_JOB_FUNCTION,
  localWeeklyGrowthDefinition,
  runWeeklyGrowthLocally,
} from './weekly-growth-run';

const T = Date.parse('2026-11-23T00:00:00.000Z');
const NOW = new Date(T).toISOString();
const SHARDS = Array.from({ length: CLIENT_SHARDS }, (_, i) => i);

const flow = weeklyGrowthFlow();
const growShard = flow.States.Shards.ItemProcessor.States.GrowShard;
const finish = flow.States.Finish;

const totals = (due: number) => ({ due, updated: due, skipped: 0, failed: 0, totalValueCents: 0, totalGainCents: 0 });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

interface FakeOptions {
  /** How many steps shard n takes (each answers a cursor but the last): n % 3 + 1 by default. */
  stepsOf?: (shard: number) => number;
  /** Thrown by a shard's step: by shard and the step's call number there (1 for the first). */
  failStep?: (shard: number, call: number) => Error | undefined;
  failFinish?: (call: number) => Error | undefined;
  delayMs?: number;
}

/** A double of the job's handler: every step it is given, and at most how many ran at once. */
function fakeJob(options: FakeOptions = {}) {
  const steps: WeeklyGrowthStep[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const handler = async (step: WeeklyGrowthStep): Promise<ShardStepDone | WeeklyGrowthSummary> => {
    steps.push(step);
    if (step.step === 'finish') {
      const error = options.failFinish?.(steps.filter((s) => s.step === 'finish').length);
      if (error) throw error;
      return {
        now: step.now,
        ...totals(step.shards.reduce((sum, s) => sum + s.totals.due, 0)),
        durationMs: 0,
        shardsSeen: step.shards,
        startedAt: step.startedAt,
      } as WeeklyGrowthSummary;
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
    inFlight -= 1;
    const call = steps.filter((s) => s.step === 'grow-shard' && s.shard === step.shard).length;
    const error = options.failStep?.(step.shard, call);
    if (error) throw error;
    const done = (step.totals?.due ?? 0) + 1;
    const answer: ShardStepDone = { step: 'grow-shard', shard: step.shard, now: step.now, totals: totals(done) };
    return done < (options.stepsOf ?? ((n) => (n % 3) + 1))(step.shard)
      ? { ...answer, cursor: `after-${done}` }
      : answer;
  };
  const ofShard = (shard: number) => steps.filter((s): s is ShardStep => s.step === 'grow-shard' && s.shard === shard);
  const finishes = () => steps.filter((s) => s.step === 'finish');
  return { handler, steps, ofShard, finishes, maxInFlight: () => maxInFlight };
}

const run = (fake: ReturnType<typeof fakeJob>, options: { maxConcurrency?: number } = {}) =>
  runWeeklyGrowthLocally(T, { handler: fake.handler, retryWaitMs: 0, ...options });

it('runs the definition the stack deploys, the job function named by its local name', () => {
  const local = localWeeklyGrowthDefinition();
  expect(local).not.toContain('${');
  expect(local.split(LOCAL_JOB_FUNCTION).join(growShard.Parameters.FunctionName)).toBe(weeklyGrowthDefinition());
});

describe('the shard Map', () => {
  it('runs every shard, each from its own input, and hands every shard to the finish in order', async () => {
    const fake = fakeJob({ stepsOf: () => 1 });
    const before = Date.now();
    const summary = (await run(fake)) as WeeklyGrowthSummary & { shardsSeen: ShardStepDone[]; startedAt: string };
    for (const shard of SHARDS) expect(fake.ofShard(shard)).toEqual([{ step: 'grow-shard', shard, now: NOW }]);
    expect(fake.finishes()).toHaveLength(1);
    expect(summary.shardsSeen.map((s) => s.shard)).toEqual(SHARDS);
    expect(summary).toMatchObject({ now: NOW, due: CLIENT_SHARDS });
    // The execution's start ($$.Execution.StartTime), from which the job measures the run.
    expect(Date.parse(summary.startedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('runs all shards at once by default, and at most MaxConcurrency when given', async () => {
    const all = fakeJob({ stepsOf: () => 1, delayMs: 5 });
    await run(all);
    expect(all.maxInFlight()).toBe(CLIENT_SHARDS);
    const three = fakeJob({ stepsOf: () => 1, delayMs: 5 });
    await run(three, { maxConcurrency: 3 });
    expect(three.maxInFlight()).toBe(3);
  });
});

it("calls a shard's step again with the cursor it answered until it answers none", async () => {
  const fake = fakeJob();
  const summary = (await run(fake)) as WeeklyGrowthSummary & { shardsSeen: ShardStepDone[] };
  for (const shard of SHARDS) {
    const steps = fake.ofShard(shard);
    expect(steps).toHaveLength((shard % 3) + 1);
    // Each step after the first is the previous answer: the cursor and the totals so far.
    expect(steps.map((s) => s.cursor)).toEqual(steps.map((_, i) => (i === 0 ? undefined : `after-${i}`)));
    expect(steps.map((s) => s.totals?.due)).toEqual(steps.map((_, i) => (i === 0 ? undefined : i)));
  }
  // The finish gets each shard's last answer, with no cursor.
  expect(summary.shardsSeen).toEqual(
    SHARDS.map((shard) => ({ step: 'grow-shard', shard, now: NOW, totals: totals((shard % 3) + 1) })),
  );
});

describe('a failing step', () => {
  const stepRetry = growShard.Retry[1];
  const finishRetry = finish.Retry[0];

  it('is retried from the same cursor, and the run goes on', async () => {
    const fake = fakeJob({
      failStep: (shard, call) => (shard === 2 && call === 2 ? named('Lambda.ServiceException', 'busy') : undefined),
    });
    const summary = await run(fake);
    expect(fake.ofShard(2).map((s) => s.cursor)).toEqual([undefined, 'after-1', 'after-1', 'after-2']);
    expect(summary).toMatchObject({ due: SHARDS.reduce((sum, n) => sum + (n % 3) + 1, 0) });
  });

  it("is retried MaxAttempts times, then, the definition catching nothing, fails the execution with the step's error", async () => {
    expect(
      statesOf(JSON.parse(weeklyGrowthDefinition()) as StateMachineDefinition).filter(([, state]) => 'Catch' in state),
    ).toEqual([]);
    // The job's own error (not one of Lambda's) is a task failure: States.TaskFailed retries it.
    expect(stepRetry.ErrorEquals).toContain('States.TaskFailed');
    const fake = fakeJob({
      failStep: (shard) => (shard === 0 ? named('ProvisionedThroughputExceededException', 'throttled') : undefined),
    });
    await expect(run(fake, { maxConcurrency: 1 })).rejects.toEqual(
      new ExecutionFailed('ProvisionedThroughputExceededException', 'throttled'),
    );
    expect(fake.ofShard(0)).toHaveLength(1 + stepRetry.MaxAttempts);
    expect(fake.ofShard(0).every((s) => s.cursor === undefined)).toBe(true);
    // One shard at a time: its failure failed the Map, and the finish never ran. The interpreter
    // starts the waiting shards as the failed ones let go of their turn (Step Functions starts
    // none): the first step or two began as the Map failed, and no more, even with every chance.
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.finishes()).toEqual([]);
    const others = fake.steps.filter((s) => s.step === 'grow-shard' && s.shard !== 0);
    expect(others.length).toBeLessThanOrEqual(2);
    expect(others.every((s) => s.step === 'grow-shard' && s.cursor === undefined)).toBe(true);
  });

  it('is not retried when the machine could not have sent it (BadStep)', async () => {
    const fake = fakeJob({ failStep: (shard) => (shard === 0 ? named('BadStep', 'no shard 0') : undefined) });
    await expect(run(fake, { maxConcurrency: 1 })).rejects.toEqual(new ExecutionFailed('BadStep', 'no shard 0'));
    expect(fake.ofShard(0)).toHaveLength(1);
  });

  it("at the finish: Lambda's own errors are retried, the job's (failed portfolios) fail the execution at once", async () => {
    const flaky = fakeJob({
      stepsOf: () => 1,
      failFinish: (call) =>
        call <= finishRetry.MaxAttempts ? named('Lambda.TooManyRequestsException', 'slow down') : undefined,
    });
    await expect(run(flaky)).resolves.toMatchObject({ due: CLIENT_SHARDS });
    expect(flaky.finishes()).toHaveLength(1 + finishRetry.MaxAttempts);

    const down = fakeJob({ stepsOf: () => 1, failFinish: () => named('Lambda.TooManyRequestsException', 'slow down') });
    await expect(run(down)).rejects.toEqual(new ExecutionFailed('Lambda.TooManyRequestsException', 'slow down'));
    expect(down.finishes()).toHaveLength(1 + finishRetry.MaxAttempts);

    const failed = fakeJob({
      stepsOf: () => 1,
      failFinish: () => named('PortfoliosFailed', 'weekly growth: 1 portfolios failed'),
    });
    await expect(run(failed)).rejects.toEqual(
      new ExecutionFailed('PortfoliosFailed', 'weekly growth: 1 portfolios failed'),
    );
    expect(failed.finishes()).toHaveLength(1);
  });
});
