/**
 * The weekly job, run as its state machine runs it (the definition, interpreted locally): its
 * completion metric (a successful run writes one EMF line on stdout with the namespace,
 * dimensions and metric names that weekly-growth-metrics.ts exports, which the CDK alarm is built
 * from; a failed run writes none), its run record, and its shard steps' cursor loop. DynamoDB is
 * faked at the client's `send`.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lib/data/table';
import { DAY_MS, replayLedger, WEEK_MS } from '../../shared/growth';
import type { Profile } from '../lib/data/profile-item';
import {
  WEEKLY_GROWTH_COMPLETED_METRIC,
  weeklyGrowthDimensions,
  WEEKLY_GROWTH_METRICS,
  WEEKLY_GROWTH_NAMESPACE,
  WEEKLY_GROWTH_SERVICE,
} from './weekly-growth-metrics';

type Job = typeof import('./weekly-growth');
type Db = typeof import('../lib/runtime/db');
type Runner = typeof import('../../infra/local/weekly-growth-run');

/** Monday 2026-11-23 00:00 UTC, as EventBridge's scheduled event gives it. */
const T = Date.parse('2026-11-23T00:00:00.000Z');

const profile = (sub: string, lastUpdate: number): Profile => ({
  ...keys.profile(sub),
  ...keys.clientsIndex(sub, lastUpdate),
  sub,
  email: `${sub}@example.com`,
  firstName: 'A',
  lastName: 'B',
  cognitoUsername: sub,
  balanceCents: 100_000,
  netCents: 100_000,
  lastUpdate: new Date(lastUpdate).toISOString(),
  version: 3,
  weeklyGainCents: 0,
  weeklyGainPercent: 0,
  createdAt: new Date(lastUpdate - 30 * DAY_MS).toISOString(),
});

/** Due a week ago: grown. */
const due = profile('due-client', T - WEEK_MS);
/** Listed as due, but already at T when its ledger is read: skipped. */
const alreadyGrown = profile('grown-client', T);

interface Fake {
  /** What each shard lists as due (the first shard only, by default). */
  listed: Profile[];
  listingFails?: boolean;
  updateFails?: boolean;
  recordFails?: boolean;
  /** Items the job Put (its run records), filled in by the fake. */
  put?: Record<string, unknown>[];
  /** The key conditions of the job's ledger queries, filled in by the fake. */
  ledgerReads?: string[];
  /** The values the job's profile updates set, filled in by the fake. */
  updates?: Record<string, unknown>[];
  /** The differences the job added to the admin totals, filled in by the fake. */
  totals?: Record<string, unknown>[];
}

/** By class name, not instanceof: an isolated module registry has its own copy of the SDK classes. */
type Command = { constructor: { name: string }; input: Record<string, unknown> };

type Listed = Profile & { PK: string; SK: string; GSI1PK: string; GSI1SK: string };

function fakeDynamo(db: Db, fake: Fake) {
  const firstShard = keys.allClientShards()[0];
  // The fake's own copies: a grown portfolio leaves the due range here, not in the fixtures.
  const stored = fake.listed.map((p) => ({ ...p }) as Listed);
  const grownSubs = new Set<string>();
  const send = async (command: Command): Promise<unknown> => {
    const kind = command.constructor.name;
    if (kind === QueryCommand.name) {
      const input = command.input as QueryCommand['input'];
      if (input.IndexName === 'GSI1') {
        if (fake.listingFails)
          throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
        // As listed when the run began (a profile at T listed as due is `alreadyGrown`), less what this run grew.
        const pk = String(input.ExpressionAttributeValues?.[':pk']);
        // Pages as DynamoDB gives them: after the start key's place, `Limit` at most, the last key when cut.
        const from = input.ExclusiveStartKey
          ? stored.findIndex((p) => keys.clientPk(p.sub) === input.ExclusiveStartKey?.PK) + 1
          : 0;
        const listed = pk === firstShard ? stored.slice(from).filter((p) => !grownSubs.has(p.sub)) : [];
        const page = listed.slice(0, input.Limit ?? listed.length);
        const last = page.at(-1);
        const cut = input.Limit !== undefined && page.length === input.Limit && last;
        return cut
          ? { Items: page, LastEvaluatedKey: { GSI1PK: pk, GSI1SK: last.GSI1SK, PK: last.PK, SK: last.SK } }
          : { Items: page };
      }
      const pk = input.ExpressionAttributeValues?.[':pk'] as string;
      const sub = pk.replace('CLIENT#', '');
      fake.ledgerReads?.push(String(input.KeyConditionExpression));
      // The entries after L: none here (the one deposit is 60 days before T).
      if (String(input.KeyConditionExpression).includes('BETWEEN')) return { Items: [] };
      return {
        Items: [
          {
            ...keys.entry(sub, T - 60 * DAY_MS, 'e1'),
            entryId: 'e1',
            sub,
            type: 'deposit',
            amountCents: 100_000,
            at: new Date(T - 60 * DAY_MS).toISOString(),
            adminEmail: 'admin@example.com',
            recordedAt: new Date(T - 60 * DAY_MS).toISOString(),
            balanceAfterCents: 100_000,
          },
        ],
      };
    }
    if (kind === TransactWriteCommand.name) {
      if (fake.updateFails) throw Object.assign(new Error('boom'), { name: 'InternalServerError' });
      // The job's write: the grown profile, and its difference on the admin totals' bucket.
      const [grown, totals] = (command.input as TransactWriteCommand['input']).TransactItems ?? [];
      fake.updates?.push(grown?.Update?.ExpressionAttributeValues ?? {});
      fake.totals?.push(totals?.Update?.ExpressionAttributeValues ?? {});
      // Grown: out of the due range, as the real update moves GSI1SK to T.
      grownSubs.add(String(grown?.Update?.Key?.PK).replace('CLIENT#', ''));
      return {};
    }
    if (kind === PutCommand.name) {
      if (fake.recordFails) throw Object.assign(new Error('boom'), { name: 'InternalServerError' });
      fake.put?.push((command.input as PutCommand['input']).Item ?? {});
      return {};
    }
    if (kind === GetCommand.name) {
      const key = (command.input as GetCommand['input']).Key;
      return { Item: stored.find((p) => keys.clientPk(p.sub) === key?.PK) };
    }
    throw new Error(`unexpected command ${kind}`);
  };
  return jest.spyOn(db.ddb(), 'send').mockImplementation(send as never);
}

interface Emf {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
  };
  [key: string]: unknown;
}

/** Runs `work` with stdout and stderr captured; returns what it wrote and its EMF documents. */
async function captured<R>(work: () => Promise<R>) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk));
    return true;
  });
  let result: R | undefined;
  let error: unknown;
  try {
    result = await work();
  } catch (e) {
    error = e;
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  const documents = stdout
    .join('')
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const emf = documents.filter((d): d is Emf => '_aws' in d);
  return { result, error, emf, stdout: stdout.join(''), stderr: stderr.join('') };
}

const saved = { ...process.env };
let job: Job;
let db: Db;
let runner: Runner;

/** One execution for the week of T, retries not waited for. */
const runJob = (local: Runner = runner) => local.runWeeklyGrowthLocally(T, { retryWaitMs: 0 });

beforeAll(async () => {
  // As in AWS (no dev mode, so Powertools Metrics is on), before the job's module creates its Metrics.
  delete process.env.POWERTOOLS_DEV;
  delete process.env.POWERTOOLS_METRICS_DISABLED;
  delete process.env.POWERTOOLS_METRICS_NAMESPACE;
  // The dimension comes from the exported constant, not from the environment.
  process.env.POWERTOOLS_SERVICE_NAME = 'some-other-service';
  process.env.AURUM_STAGE = 'prod';
  job = await import('./weekly-growth');
  db = await import('../lib/runtime/db');
  runner = await import('../../infra/local/weekly-growth-run');
});

afterAll(() => {
  process.env = saved;
});

afterEach(() => {
  jest.restoreAllMocks();
});

it('exports the contract the CDK alarm is built from', () => {
  expect(WEEKLY_GROWTH_NAMESPACE).toBe('Aurum/Portal');
  expect(WEEKLY_GROWTH_SERVICE).toBe('aurum-portal');
  expect(weeklyGrowthDimensions('prod')).toEqual({ service: 'aurum-portal', stage: 'prod' });
  expect(WEEKLY_GROWTH_COMPLETED_METRIC).toBe('WeeklyGrowthCompleted');
});

it('writes one EMF line with WeeklyGrowthCompleted = 1 when a run completes', async () => {
  fakeDynamo(db, { listed: [due, alreadyGrown] });
  const { result, error, emf, stderr } = await captured(() => runJob());

  expect(error).toBeUndefined();
  // The job's answer is unchanged.
  expect(result).toMatchObject({ now: new Date(T).toISOString(), due: 2, updated: 1, skipped: 1, failed: 0 });
  expect(emf).toHaveLength(1);
  const [line] = emf as [Emf];
  expect(line._aws.CloudWatchMetrics).toHaveLength(1);
  const [directive] = line._aws.CloudWatchMetrics as [Emf['_aws']['CloudWatchMetrics'][number]];
  expect(directive.Namespace).toBe(WEEKLY_GROWTH_NAMESPACE);
  // Exactly the exported dimensions: one set, with exactly their names and values.
  // The stage's own dimension: another stage's run in the same account never answers this alarm.
  expect(directive.Dimensions).toEqual([Object.keys(weeklyGrowthDimensions('prod'))]);
  for (const [name, value] of Object.entries(weeklyGrowthDimensions('prod'))) expect(line[name]).toBe(value);
  expect(directive.Metrics).toEqual(
    expect.arrayContaining([
      { Name: WEEKLY_GROWTH_COMPLETED_METRIC, Unit: 'Count' },
      { Name: WEEKLY_GROWTH_METRICS.portfoliosDue, Unit: 'Count' },
      { Name: WEEKLY_GROWTH_METRICS.portfoliosUpdated, Unit: 'Count' },
      { Name: WEEKLY_GROWTH_METRICS.portfoliosSkipped, Unit: 'Count' },
      { Name: WEEKLY_GROWTH_METRICS.duration, Unit: 'Milliseconds' },
    ]),
  );
  expect(directive.Metrics).toHaveLength(5);
  expect(line[WEEKLY_GROWTH_COMPLETED_METRIC]).toBe(1);
  expect(line[WEEKLY_GROWTH_METRICS.portfoliosDue]).toBe(2);
  expect(line[WEEKLY_GROWTH_METRICS.portfoliosUpdated]).toBe(1);
  expect(line[WEEKLY_GROWTH_METRICS.portfoliosSkipped]).toBe(1);
  expect(line[WEEKLY_GROWTH_METRICS.duration]).toBe((result as { durationMs: number }).durationMs);
  // Stamped with the time it was written (the hour the alarm counts it in), not the event's T.
  expect(Math.abs(line._aws.Timestamp - Date.now())).toBeLessThan(60_000);
  // No Powertools warning (no namespace, empty flush, ...).
  expect(stderr).toBe('');
});

it('counts every successful run, including one that finds nothing due', async () => {
  fakeDynamo(db, { listed: [] });
  const first = await captured(() => runJob());
  const second = await captured(() => runJob());
  for (const run of [first, second]) {
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ due: 0, updated: 0, skipped: 0, failed: 0 });
    expect(run.emf).toHaveLength(1);
    expect(run.emf[0]?.[WEEKLY_GROWTH_COMPLETED_METRIC]).toBe(1);
    expect(run.emf[0]?.[WEEKLY_GROWTH_METRICS.portfoliosDue]).toBe(0);
    expect(run.stderr).toBe('');
  }
});

it('writes no metric for a run that throws because a portfolio failed', async () => {
  fakeDynamo(db, { listed: [due], updateFails: true });
  const run = await captured(() => runJob());
  expect(run.error).toMatchObject({ error: 'PortfoliosFailed', cause: 'weekly growth: 1 portfolios failed' });
  expect(run.emf).toEqual([]);
  expect(run.stdout).not.toContain(WEEKLY_GROWTH_COMPLETED_METRIC);
  // Only the job's own warnings (one per failed attempt), none from Powertools Metrics.
  expect(run.stderr).toContain('weekly update failed');
  expect(run.stderr).not.toMatch(/metric|namespace/i);
});

it('writes no metric for a run that throws while listing, or on a bad time', async () => {
  fakeDynamo(db, { listed: [due], listingFails: true });
  const listing = await captured(() => runJob());
  // Retried by the state machine, then the execution fails with the step's error.
  expect(listing.error).toMatchObject({ error: 'ProvisionedThroughputExceededException' });
  expect(listing.emf).toEqual([]);

  const badTime = await captured(() => job.handler({ step: 'grow-shard', shard: 0, now: 'soon' }));
  expect(badTime.error).toMatchObject({ name: 'BadStep', message: 'bad time: "soon"' });
  expect(badTime.emf).toEqual([]);

  // And a failed run leaves nothing behind for the next one to publish twice.
  fakeDynamo(db, { listed: [] });
  const next = await captured(() => runJob());
  expect(next.emf).toHaveLength(1);
  expect(next.emf[0]?.[WEEKLY_GROWTH_COMPLETED_METRIC]).toBe(1);
});

describe("the run record that becomes the admins' weekly summary", () => {
  it("records a run with its figures: the grown portfolios' balances and gains added up", async () => {
    const put: Record<string, unknown>[] = [];
    fakeDynamo(db, { listed: [due, alreadyGrown], put });
    const run = await captured(() => runJob());
    expect(run.error).toBeUndefined();
    expect(put).toHaveLength(1);
    const [item] = put as [Record<string, unknown>];
    // The fake ledger: one 1,000.00 deposit 60 days before T, so the grown balance is its replay.
    const grownCents = replayLedger(
      [{ id: 'e1', type: 'deposit', amountCents: 100_000, at: T - 60 * DAY_MS }],
      T,
    ).balanceCents;
    expect(item).toMatchObject({
      PK: 'JOBRUN#weekly-growth',
      itemType: 'weekly-growth-run',
      scheduledFor: new Date(T).toISOString(),
      due: 2,
      grown: 1,
      skipped: 1,
      failed: 0,
      totalValueCents: grownCents,
      totalGainCents: grownCents - due.balanceCents,
    });
    expect(String(item.SK)).toBe(`RUN#${String(item.runId)}`);
    expect(String(item.runId).startsWith(`${new Date(T).toISOString()}#`)).toBe(true);
  });

  it('records nothing when nothing was due: a repeated event e-mails nobody', async () => {
    const put: Record<string, unknown>[] = [];
    fakeDynamo(db, { listed: [], put });
    expect((await captured(() => runJob())).error).toBeUndefined();
    expect(put).toEqual([]);
  });

  it('records a failed run before throwing, so admins hear of the failures', async () => {
    const put: Record<string, unknown>[] = [];
    fakeDynamo(db, { listed: [due], updateFails: true, put });
    const run = await captured(() => runJob());
    expect(run.error).toMatchObject({ error: 'PortfoliosFailed' });
    expect(put).toEqual([
      expect.objectContaining({ due: 1, grown: 0, failed: 1, totalValueCents: 0, totalGainCents: 0 }),
    ]);
  });

  it('does not fail a run that grew the portfolios when its record cannot be written', async () => {
    fakeDynamo(db, { listed: [due], recordFails: true });
    const run = await captured(() => runJob());
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ due: 1, updated: 1, failed: 0 });
    expect(run.stderr).toContain('weekly growth run not recorded');
    expect(run.emf).toHaveLength(1);
  });
});

it('writes nothing, and warns of nothing, in dev mode (POWERTOOLS_DEV=true, as a developer may set)', async () => {
  process.env.POWERTOOLS_DEV = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  try {
    await jest.isolateModulesAsync(async () => {
      const devRunner: Runner = await import('../../infra/local/weekly-growth-run');
      const devDb: Db = await import('../lib/runtime/db');
      fakeDynamo(devDb, { listed: [due] });
      // Dev mode makes Powertools use the global console, which Jest captures.
      const log = jest.spyOn(console, 'log');
      const warn = jest.spyOn(console, 'warn');
      const run = await captured(() => runJob(devRunner));
      expect(run.error).toBeUndefined();
      expect(run.result).toMatchObject({ due: 1, updated: 1, failed: 0 });
      expect(run.emf).toEqual([]);
      expect(log.mock.calls.flat().join('\n')).not.toContain('_aws');
      expect(warn).not.toHaveBeenCalled();
    });
  } finally {
    delete process.env.POWERTOOLS_DEV;
    delete process.env.POWERTOOLS_LOG_LEVEL;
  }
});

describe("a shard's steps", () => {
  const gsi1Sk = (p: Profile) => (p as Listed).GSI1SK;
  const dueClients = () =>
    Array.from({ length: 5 }, (_, i) => profile(`due-${i}`, T - WEEK_MS - i * 60_000)).sort((a, b) =>
      gsi1Sk(a) < gsi1Sk(b) ? -1 : 1,
    );

  it('answer a cursor when time is short, and the next step goes on from it until the shard is done', async () => {
    const listed = dueClients();
    fakeDynamo(db, { listed });
    const first = { step: 'grow-shard' as const, shard: 0, now: new Date(T).toISOString() };
    const steps = [await job.growShard(first, () => 0, { pageSize: 2 })];
    while (steps.at(-1)?.cursor) steps.push(await job.growShard(steps.at(-1)!, () => 0, { pageSize: 2 }));
    // Pages of 2, 2 and 1: the short page is the last.
    expect(steps.map((s) => s.totals.due)).toEqual([2, 4, 5]);
    expect(steps.at(-1)).toEqual({
      step: 'grow-shard',
      shard: 0,
      now: first.now,
      totals: expect.objectContaining({ due: 5, updated: 5, failed: 0 }),
    });
    // With time to spare, one step does the whole shard.
    fakeDynamo(db, { listed: dueClients() });
    expect(await job.growShard(first, () => 10 * 60_000, { pageSize: 2 })).toEqual(
      expect.not.objectContaining({ cursor: expect.anything() }),
    );
  });

  it("refuses a cursor that is not its shard's, or not a cursor", async () => {
    fakeDynamo(db, { listed: dueClients() });
    const now = new Date(T).toISOString();
    const { cursor } = await job.growShard({ step: 'grow-shard', shard: 0, now }, () => 0, { pageSize: 2 });
    expect(cursor).toBeDefined();
    await expect(job.growShard({ step: 'grow-shard', shard: 1, now, cursor: cursor! }, () => 0)).rejects.toMatchObject({
      name: 'BadStep',
    });
    await expect(
      job.growShard({ step: 'grow-shard', shard: 0, now, cursor: 'bm90IGpzb24' }, () => 0),
    ).rejects.toMatchObject({ name: 'BadStep' });
    await expect(job.growShard({ step: 'grow-shard', shard: 16, now }, () => 0)).rejects.toMatchObject({
      name: 'BadStep',
    });
  });

  it('run as the state machine loops them: every due portfolio grown once, in as many steps as pages', async () => {
    // The page size is a runtime setting, read from the environment when the runtime is next used.
    process.env.WEEKLY_GROWTH_PAGE_SIZE = '2';
    const runtime = await import('../lib/runtime/runtime');
    runtime.resetRuntime();
    fakeDynamo(db, { listed: dueClients() });
    try {
      const answers: unknown[] = [];
      const summary = await runner.runWeeklyGrowthLocally(T, {
        stepBudgetMs: 0,
        onStep: (a) => answers.push(a),
        retryWaitMs: 0,
      });
      expect(summary).toMatchObject({ due: 5, updated: 5, skipped: 0, failed: 0 });
      const shardZero = answers.filter((a) => (a as { shard?: number }).shard === 0);
      expect(shardZero).toHaveLength(3);
      // The other 15 shards: one step each, nothing due. Then the finish.
      expect(answers).toHaveLength(3 + 15 + 1);
    } finally {
      delete process.env.WEEKLY_GROWTH_PAGE_SIZE;
      runtime.resetRuntime();
    }
  });
});

describe('growing one portfolio', () => {
  const ledger = [{ id: 'e1', type: 'deposit' as const, amountCents: 100_000, at: T - 60 * DAY_MS }];

  it('reads only the entries after L when the profile knows G(L) and is whole weeks behind, and writes G(T)', async () => {
    const L = T - WEEK_MS;
    const known = replayLedger(ledger, L);
    const listed = {
      ...due,
      balanceCents: known.balanceCents,
      netCents: known.netCents,
      grownUnrounded: known.grownUnrounded,
      upcomingEligibleAt: [],
    } as Profile;
    const fake: Fake = { listed: [listed], ledgerReads: [], updates: [], totals: [] };
    fakeDynamo(db, fake);
    expect(await job.growOne(listed, T, { partition: 0, name: 'job-0' })).toEqual({
      balanceCents: replayLedger(ledger, T).balanceCents,
      gainCents: replayLedger(ledger, T).balanceCents - known.balanceCents,
    });
    expect(fake.ledgerReads).toEqual(['PK = :pk AND SK BETWEEN :from AND :to']);
    expect(fake.updates?.[0]?.[':g']).toBeCloseTo(replayLedger(ledger, T).grownUnrounded ?? Number.NaN, 6);
    // The same transaction adds the portfolio's growth and new weekly gain to the admin totals.
    const grownCents = replayLedger(ledger, T).balanceCents;
    const shownGain = Math.round(((grownCents - known.balanceCents) / known.balanceCents) * 100 * 100);
    expect(fake.totals).toEqual([{ ':c': 0, ':b': grownCents - known.balanceCents, ':g': shownGain }]);
  });

  it('replays the whole ledger once when the profile does not know G(L), and writes it', async () => {
    const fake: Fake = { listed: [due], ledgerReads: [], updates: [] };
    fakeDynamo(db, fake);
    expect(await job.growOne(due, T, { partition: 0, name: 'job-0' })).toMatchObject({
      balanceCents: replayLedger(ledger, T).balanceCents,
    });
    expect(fake.ledgerReads).toEqual([
      'PK = :pk AND SK BETWEEN :from AND :to',
      'PK = :pk AND begins_with(SK, :prefix)',
    ]);
    expect(fake.updates?.[0]?.[':g']).toBeCloseTo(replayLedger(ledger, T).grownUnrounded ?? Number.NaN, 6);
  });
});
