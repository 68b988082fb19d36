/**
 * Figure 2 of the bench: the weekly growth job over growing tables of due portfolios, next to
 * the raw rates of DynamoDB Local on the same table (TransactWriteItems, the job's UpdateItem and
 * its ledger Query), with the peak memory of the process, and a replay check of a sample.
 *
 * The job runs in a child process (job-process.ts) configured as the CDK stack configures the
 * job's Lambda, by its environment, here pointing at the local stack's table.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_SHARDS, keys } from '../lambdas/lib/data/table';
import { WEEK_MS } from '../shared/growth';
import { batchPut, seedPortfolios, type SeedStats, verifyPortfolios } from './portfolios';
import { type AddRow, fmt, median, prng, runs, timedLoop } from './stats';

const MiB = 1024 * 1024;
const RSS_SAMPLE_MS = 100;
/** The weekly job's own default concurrency. */
const JOB_CONCURRENCY = 48;

export interface JobPlan {
  doc: DynamoDBDocumentClient;
  tableName: string;
  dynamoEndpoint: string;
  javaPid: number | undefined;
  /** lastUpdate of every seeded portfolio (8 days before the run). */
  lastUpdate: number;
  rawOps: number;
  rawReps: number;
  seedParallel: number;
  verifySample: number;
}

/** Resident set of another process (the JVM of DynamoDB Local), from /proc, in bytes. */
function rssOfPid(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Seeds portfolios in steps: `grow(n)` brings the table to n bench portfolios. */
export function portfolioTable(plan: JobPlan, row: AddRow, progress: (m: string) => void) {
  const all: SeedStats = { subs: [], portfolios: 0, entries: 0, items: 0, balanceCents: 0 };
  return {
    stats: all,
    async grow(target: number): Promise<void> {
      const count = target - all.portfolios;
      if (count <= 0) return;
      progress(
        `seeding ${count.toLocaleString('en-US')} due portfolios (BatchWriteItem x25, ${plan.seedParallel} in parallel)`,
      );
      const t = performance.now();
      let lastReport = 0;
      const step = await seedPortfolios(
        plan.doc,
        plan.tableName,
        { count, first: all.portfolios, lastUpdate: plan.lastUpdate },
        plan.seedParallel,
        (s) => {
          if (s.portfolios - lastReport >= Math.max(1000, count / 10)) {
            lastReport = s.portfolios;
            progress(`  seeded ${s.portfolios.toLocaleString('en-US')} portfolios`);
          }
        },
      );
      const seconds = (performance.now() - t) / 1000;
      all.subs.push(...step.subs);
      all.portfolios += step.portfolios;
      all.entries += step.entries;
      all.items += step.items;
      all.balanceCents += step.balanceCents;
      progress(
        `seeded ${step.portfolios} portfolios, ${step.entries} entries (${step.items} items) in ${seconds.toFixed(1)} s`,
      );
      row(
        `2. seeding ${step.portfolios.toLocaleString('en-US')} portfolios (BatchWriteItem)`,
        fmt(step.items / seconds, 0),
        'items/s',
        `${step.items.toLocaleString('en-US')} items in ${fmt(seconds, 1)} s, ${plan.seedParallel} calls of 25 in flight; ${fmt(step.entries / step.portfolios, 1)} deposits each on average (1 to 20), lastUpdate 8 days ago`,
      );
    },
  };
}

/** Raw rates of DynamoDB Local on the table as it is, with the job's own concurrency. */
export async function measureRawRates(plan: JobPlan, ledgerSubs: readonly string[], progress: (m: string) => void) {
  const { doc, tableName, rawOps, lastUpdate } = plan;
  // Scratch items shaped like profiles, on GSI1 partitions the job never reads.
  const rawSubs = Array.from({ length: rawOps }, (_, i) => `bench-raw-${String(i).padStart(6, '0')}`);
  const rawShard = (i: number) => `BENCH#RAW#${String(i % CLIENT_SHARDS).padStart(2, '0')}`;
  function* rawItems() {
    for (const [i, sub] of rawSubs.entries()) {
      yield {
        ...keys.profile(sub),
        GSI1PK: rawShard(i),
        GSI1SK: `${new Date(lastUpdate).toISOString()}#${sub}`,
        sub,
        balanceCents: 0,
        netCents: 0,
        version: 0,
      };
    }
  }
  await batchPut(doc, tableName, rawItems(), plan.seedParallel);
  const rawVersion = new Array<number>(rawOps).fill(0);
  const updateInput = (i: number) => {
    const sub = rawSubs[i] ?? '';
    const v = rawVersion[i] ?? 0;
    const at = lastUpdate + (v + 1) * WEEK_MS;
    return {
      TableName: tableName,
      Key: keys.profile(sub),
      UpdateExpression:
        'SET balanceCents = :b, netCents = :n, lastUpdate = :l, weeklyGainCents = :gc, weeklyGainPercent = :gp, GSI1SK = :sk, upcomingEligibleAt = :u, version = :v1',
      ConditionExpression: 'version = :v AND attribute_not_exists(deleted)',
      ExpressionAttributeValues: {
        ':b': 1000 + v,
        ':n': 1000 + v,
        ':l': new Date(at).toISOString(),
        ':gc': 13,
        ':gp': 1.3,
        ':sk': `${new Date(at).toISOString()}#${sub}`,
        ':u': [new Date(at + 90 * 24 * 3600 * 1000).toISOString()],
        ':v': v,
        ':v1': v + 1,
      },
    };
  };
  const sampleRand = prng(7);
  const querySubs = Array.from(
    { length: rawOps },
    () => ledgerSubs[Math.floor(sampleRand() * ledgerSubs.length)] ?? '',
  );
  const raw = { transact: [] as number[], update: [] as number[], query: [] as number[] };
  for (let rep = 0; rep < plan.rawReps; rep++) {
    const tx = await timedLoop(rawOps, JOB_CONCURRENCY, async (i) => {
      await doc.send(new TransactWriteCommand({ TransactItems: [{ Update: updateInput(i) }] }));
      rawVersion[i] = (rawVersion[i] ?? 0) + 1;
    });
    raw.transact.push(rawOps / (tx.wallMs / 1000));
    const up = await timedLoop(rawOps, JOB_CONCURRENCY, async (i) => {
      await doc.send(new UpdateCommand(updateInput(i)));
      rawVersion[i] = (rawVersion[i] ?? 0) + 1;
    });
    raw.update.push(rawOps / (up.wallMs / 1000));
    // What the job reads per portfolio: the whole ledger, strongly consistent.
    const q = await timedLoop(rawOps, JOB_CONCURRENCY, async (i) => {
      await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.clientPk(querySubs[i] ?? ''), ':prefix': keys.entryPrefix },
          ConsistentRead: true,
        }),
      );
    });
    raw.query.push(rawOps / (q.wallMs / 1000));
    progress(
      `raw rep ${rep + 1}/${plan.rawReps} c=${JOB_CONCURRENCY}: TransactWriteItems ${fmt(raw.transact.at(-1) ?? 0, 0)}/s, UpdateItem ${fmt(raw.update.at(-1) ?? 0, 0)}/s, ledger Query ${fmt(raw.query.at(-1) ?? 0, 0)}/s`,
    );
  }
  return { transact: median(raw.transact), update: median(raw.update), query: median(raw.query), runs: raw };
}

export interface JobRun {
  due: number;
  updated: number;
  skipped: number;
  failed: number;
  seconds: number;
  rate: number;
  /** Peak resident set of the job's own process. */
  peakRss: number;
  javaPeak: number;
}

interface ChildRun {
  due: number;
  updated: number;
  skipped: number;
  failed: number;
  seconds: number;
  peakRss: number;
}

/** One run of the job in a fresh Node process (job-process.ts), DynamoDB Local's memory sampled meanwhile. */
function runJobProcess(plan: JobPlan, now: number, maxConcurrency?: number): Promise<ChildRun & { javaPeak: number }> {
  const script = join(import.meta.dirname, 'job-process.ts');
  const { javaPid } = plan;
  return new Promise((done, fail) => {
    const args = [
      script,
      new Date(now).toISOString(),
      ...(maxConcurrency === undefined ? [] : [String(maxConcurrency)]),
    ];
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: {
        ...process.env,
        // What the job's Lambda finds in its environment (lambdas/lib/runtime/settings.ts reads it).
        TABLE_NAME: plan.tableName,
        DYNAMODB_ENDPOINT: plan.dynamoEndpoint,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        // As quiet as the local stack: the bench measures the job, not its logging.
        POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let javaPeak = rssOfPid(javaPid);
    const timer = setInterval(() => (javaPeak = Math.max(javaPeak, rssOfPid(javaPid))), RSS_SAMPLE_MS);
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      clearInterval(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return fail(new Error(`job process exited ${code}: ${err.slice(-2000)}`));
      done({ ...(JSON.parse(line) as ChildRun), javaPeak });
    });
  });
}

/**
 * Runs the job `times` times, each in its own process. Run k happens `firstWeek` + k weeks
 * after `t0`, so each run finds every portfolio due again and does the same work.
 */
export async function runJob(
  plan: JobPlan,
  t0: number,
  firstWeek: number,
  times: number,
  progress: (m: string) => void,
  /** Shards at once (the state machine's MaxConcurrency): all 16 unless given. */
  maxConcurrency?: number,
): Promise<{ runs: JobRun[]; lastT: number }> {
  const out: JobRun[] = [];
  let lastT = t0;
  for (let k = 0; k < times; k++) {
    lastT = t0 + (firstWeek + k) * WEEK_MS;
    progress(
      `weekly growth run ${k + 1}/${times} at ${new Date(lastT).toISOString()}, ${maxConcurrency ?? 16} shard(s) at once, in its own process`,
    );
    const child = await runJobProcess(plan, lastT, maxConcurrency);
    const run: JobRun = { ...child, rate: child.due / child.seconds };
    out.push(run);
    progress(
      `  due ${run.due}, updated ${run.updated}, skipped ${run.skipped}, failed ${run.failed} in ${run.seconds.toFixed(1)} s: ${fmt(run.rate, 0)} portfolios/s; peak RSS of the job process ${fmt(run.peakRss / MiB, 0)} MiB, DynamoDB Local JVM ${fmt(run.javaPeak / MiB, 0)} MiB`,
    );
    if (run.failed > 0) progress(`  WARNING: ${run.failed} portfolios failed in run ${k + 1}`);
  }
  return { runs: out, lastT };
}

export function jobRows(
  size: number,
  jobRuns: JobRun[],
  raw: { transact: number; update: number; query: number },
  row: AddRow,
): void {
  const n = size.toLocaleString('en-US');
  const rate = median(jobRuns.map((r) => r.rate));
  const pairRate = 1 / (1 / raw.query + 1 / raw.update);
  row(
    `2. weekly growth job, ${n} portfolios: rate`,
    fmt(rate, 0),
    'portfolios/s',
    `median of ${jobRuns.length} run(s): ${runs(
      jobRuns.map((r) => r.rate),
      0,
    )}; ${fmt(median(jobRuns.map((r) => r.seconds)), 1)} s each; due/updated/failed ${jobRuns.map((r) => `${r.due}/${r.updated}/${r.failed}`).join(', ')}`,
    jobRuns.length,
  );
  row(
    `2. weekly growth job, ${n} portfolios: ratio to raw TransactWriteItems`,
    fmt(rate / raw.transact, 2),
    '×',
    `raw ${fmt(raw.transact, 0)} transactions/s (1 Update each)`,
  );
  row(
    `2. weekly growth job, ${n} portfolios: ratio to raw Query + UpdateItem pair`,
    fmt(rate / pairRate, 2),
    '×',
    `the job's work per portfolio; pair rate ${fmt(pairRate, 0)}/s = 1 / (1/query + 1/update)`,
  );
  row(
    `2. weekly growth job, ${n} portfolios: peak RSS of the job process`,
    fmt(Math.max(...jobRuns.map((r) => r.peakRss)) / MiB, 0),
    'MiB',
    `VmHWM of a Node process running only the job (a Lambda's memory); DynamoDB Local's JVM (separate) peaked at ${fmt(Math.max(...jobRuns.map((r) => r.javaPeak)) / MiB, 0)} MiB`,
  );
}

/** The same table grown with one shard at a time: what running the shards in parallel buys. */
export function shardRows(size: number, parallel: JobRun[], oneAtATime: JobRun, row: AddRow): void {
  const n = size.toLocaleString('en-US');
  const rate = median(parallel.map((r) => r.rate));
  row(
    `2. weekly growth job, ${n} portfolios: one shard at a time`,
    fmt(oneAtATime.rate, 0),
    'portfolios/s',
    `${fmt(oneAtATime.seconds, 1)} s; 16 at once: ${fmt(rate, 0)}/s (${fmt(rate / oneAtATime.rate, 2)}×). Locally every shard shares one DynamoDB Local and 2 cores; in AWS each shard is its own Lambda and partition (docs/scale.md)`,
  );
}

export function rawRows(raw: Awaited<ReturnType<typeof measureRawRates>>, plan: JobPlan, row: AddRow): void {
  const detail = (v: number[]) =>
    `${plan.rawOps.toLocaleString('en-US')} ops at c=${JOB_CONCURRENCY}, median of ${plan.rawReps}; runs: ${runs(v, 0)}`;
  row(
    '2. raw TransactWriteItems rate (1 Update each, distinct items)',
    fmt(raw.transact, 0),
    'transactions/s',
    detail(raw.runs.transact),
  );
  row(
    "2. raw UpdateItem rate (the job's write, same expression)",
    fmt(raw.update, 0),
    'updates/s',
    detail(raw.runs.update),
  );
  row("2. raw ledger Query rate (the job's read, consistent)", fmt(raw.query, 0), 'queries/s', detail(raw.runs.query));
}

/** A sample of portfolios equals the replay of its ledger at the last run's time. */
export async function verifySample(
  plan: JobPlan,
  subs: readonly string[],
  lastT: number,
  row: AddRow,
  progress: (m: string) => void,
): Promise<number> {
  const pick = prng(11);
  const sample = new Set<string>();
  const want = Math.min(plan.verifySample, subs.length);
  while (sample.size < want) sample.add(subs[Math.floor(pick() * subs.length)] ?? '');
  progress(`verifying ${sample.size} portfolios against a replay of their ledgers`);
  const verification = await verifyPortfolios(plan.doc, plan.tableName, [...sample], lastT);
  for (const m of verification.mismatches.slice(0, 10)) progress(`  MISMATCH ${m.sub}: ${m.reason}`);
  row(
    '2. sampled portfolios equal to replayLedger at the new lastUpdate',
    `${verification.matched} / ${verification.checked}`,
    'portfolios',
    verification.mismatches.length ? `${verification.mismatches.length} MISMATCHED` : 'all matched',
  );
  return verification.mismatches.length;
}
