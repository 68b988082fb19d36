/**
 * The weekly job's completion metric: a successful run writes one EMF line on stdout with the
 * namespace, dimensions and metric names that weekly-growth-metrics.ts exports (the CDK alarm is
 * built from them); a run that throws writes none. DynamoDB is faked at the client's `send`.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lib/table';
import { DAY_MS, replayLedger, WEEK_MS } from '../../shared/growth';
import type { Profile } from '../lib/profiles';
import {
  WEEKLY_GROWTH_COMPLETED_METRIC,
  weeklyGrowthDimensions,
  WEEKLY_GROWTH_METRICS,
  WEEKLY_GROWTH_NAMESPACE,
  WEEKLY_GROWTH_SERVICE,
} from './weekly-growth-metrics';

type Job = typeof import('./weekly-growth');
type Db = typeof import('../lib/db');

/** Monday 2026-11-23 00:00 UTC, as EventBridge's scheduled event gives it. */
const T = Date.parse('2026-11-23T00:00:00.000Z');
const scheduled = { time: new Date(T).toISOString() };

const profile = (sub: string, lastUpdate: number): Profile =>
  ({
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
  }) as Profile;

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
}

/** By class name, not instanceof: an isolated module registry has its own copy of the SDK classes. */
type Command = { constructor: { name: string }; input: Record<string, unknown> };

function fakeDynamo(db: Db, fake: Fake) {
  const firstShard = keys.allClientShards()[0];
  const send = async (command: Command): Promise<unknown> => {
    const kind = command.constructor.name;
    if (kind === QueryCommand.name) {
      const input = command.input as QueryCommand['input'];
      if (input.IndexName === 'GSI1') {
        if (fake.listingFails) throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
        return { Items: input.ExpressionAttributeValues?.[':pk'] === firstShard ? fake.listed : [] };
      }
      const pk = input.ExpressionAttributeValues?.[':pk'] as string;
      const sub = pk.replace('CLIENT#', '');
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
    if (kind === UpdateCommand.name) {
      if (fake.updateFails) throw Object.assign(new Error('boom'), { name: 'InternalServerError' });
      return {};
    }
    if (kind === PutCommand.name) {
      if (fake.recordFails) throw Object.assign(new Error('boom'), { name: 'InternalServerError' });
      fake.put?.push((command.input as PutCommand['input']).Item ?? {});
      return {};
    }
    if (kind === GetCommand.name) {
      const key = (command.input as GetCommand['input']).Key;
      return { Item: fake.listed.find((p) => keys.clientPk(p.sub) === key?.PK) };
    }
    throw new Error(`unexpected command ${kind}`);
  };
  return jest.spyOn(db.ddb(), 'send').mockImplementation(send as never);
}

interface Emf {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
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

beforeAll(async () => {
  // As in AWS (no dev mode, so Powertools Metrics is on), before the job's module creates its Metrics.
  delete process.env.POWERTOOLS_DEV;
  delete process.env.POWERTOOLS_METRICS_DISABLED;
  delete process.env.POWERTOOLS_METRICS_NAMESPACE;
  // The dimension comes from the exported constant, not from the environment.
  process.env.POWERTOOLS_SERVICE_NAME = 'some-other-service';
  process.env.AURUM_STAGE = 'prod';
  job = await import('./weekly-growth');
  db = await import('../lib/db');
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
  const { result, error, emf, stderr } = await captured(() => job.handler(scheduled));

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
  const first = await captured(() => job.handler(scheduled));
  const second = await captured(() => job.handler(scheduled));
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
  const run = await captured(() => job.handler(scheduled));
  expect(run.error).toEqual(new Error('weekly growth: 1 portfolios failed'));
  expect(run.emf).toEqual([]);
  expect(run.stdout).not.toContain(WEEKLY_GROWTH_COMPLETED_METRIC);
  // Only the job's own warnings (one per failed attempt), none from Powertools Metrics.
  expect(run.stderr).toContain('weekly update failed');
  expect(run.stderr).not.toMatch(/metric|namespace/i);
});

it('writes no metric for a run that throws while listing, or on a bad time', async () => {
  fakeDynamo(db, { listed: [due], listingFails: true });
  const listing = await captured(() => job.handler(scheduled));
  expect((listing.error as Error).name).toBe('ProvisionedThroughputExceededException');
  expect(listing.emf).toEqual([]);

  const badTime = await captured(() => job.handler({ time: 'soon' }));
  expect((badTime.error as Error).message).toMatch(/^bad time in event/);
  expect(badTime.emf).toEqual([]);

  // And a failed run leaves nothing behind for the next one to publish twice.
  fakeDynamo(db, { listed: [] });
  const next = await captured(() => job.handler(scheduled));
  expect(next.emf).toHaveLength(1);
  expect(next.emf[0]?.[WEEKLY_GROWTH_COMPLETED_METRIC]).toBe(1);
});

describe('the run record that becomes the admins\' weekly summary', () => {
  it('records a run with its figures: the grown portfolios\' balances and gains added up', async () => {
    const put: Record<string, unknown>[] = [];
    fakeDynamo(db, { listed: [due, alreadyGrown], put });
    const run = await captured(() => job.handler(scheduled));
    expect(run.error).toBeUndefined();
    expect(put).toHaveLength(1);
    const [item] = put as [Record<string, unknown>];
    // The fake ledger: one 1,000.00 deposit 60 days before T, so the grown balance is its replay.
    const grownCents = replayLedger([{ id: 'e1', type: 'deposit', amountCents: 100_000, at: T - 60 * DAY_MS }], T).balanceCents;
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
    expect((await captured(() => job.handler(scheduled))).error).toBeUndefined();
    expect(put).toEqual([]);
  });

  it('records a failed run before throwing, so admins hear of the failures', async () => {
    const put: Record<string, unknown>[] = [];
    fakeDynamo(db, { listed: [due], updateFails: true, put });
    const run = await captured(() => job.handler(scheduled));
    expect(run.error).toEqual(new Error('weekly growth: 1 portfolios failed'));
    expect(put).toEqual([expect.objectContaining({ due: 1, grown: 0, failed: 1, totalValueCents: 0, totalGainCents: 0 })]);
  });

  it('does not fail a run that grew the portfolios when its record cannot be written', async () => {
    fakeDynamo(db, { listed: [due], recordFails: true });
    const run = await captured(() => job.handler(scheduled));
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ due: 1, updated: 1, failed: 0 });
    expect(run.stderr).toContain('weekly growth run not recorded');
    expect(run.emf).toHaveLength(1);
  });
});

it('writes no metric from runWeeklyGrowth, which the local stack calls', async () => {
  fakeDynamo(db, { listed: [due] });
  const run = await captured(() => job.runWeeklyGrowth(T));
  expect(run.result).toMatchObject({ due: 1, updated: 1, failed: 0 });
  expect(run.emf).toEqual([]);
});

it('writes nothing, and warns of nothing, in dev mode (POWERTOOLS_DEV=true, as a developer may set)', async () => {
  process.env.POWERTOOLS_DEV = 'true';
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  try {
    await jest.isolateModulesAsync(async () => {
      const devJob: Job = await import('./weekly-growth');
      const devDb: Db = await import('../lib/db');
      fakeDynamo(devDb, { listed: [due] });
      // Dev mode makes Powertools use the global console, which Jest captures.
      const log = jest.spyOn(console, 'log');
      const warn = jest.spyOn(console, 'warn');
      const run = await captured(() => devJob.handler(scheduled));
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
