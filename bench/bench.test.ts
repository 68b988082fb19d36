/**
 * The bench cannot rot between releases: `npm test` runs its small run (bench/settings.ts), the
 * same code as `npm run bench` on a few hundred portfolios, and holds that every figure was
 * reached and measured: a finite number over the samples the run asked for. Never how fast:
 * timings on a shared machine say nothing a test could hold.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BenchSettings, benchSettings } from './settings';
import type { Row } from './stats';

const root = resolve(__dirname, '..');
const SMALL = benchSettings({ BENCH_RUN: 'small' });

/**
 * Runs `tsx bench/run.ts` with the small settings; resolves with its exit code and the end of its
 * progress, which also goes to stderr as it comes, so a run that never ends shows where it stood.
 */
function runSmallBench(
  resultsDir: string,
  started: (child: ChildProcess) => void,
): Promise<{ code: number | null; log: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', 'run.ts')], {
      cwd: root,
      env: { ...process.env, BENCH_RUN: 'small', BENCH_RESULTS_DIR: resultsDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started(child);
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      log = (log + chunk.toString()).slice(-6_000);
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, log }));
  });
}

/** One pattern per figure of the table (bench/run.ts's header): each must name at least one row. */
const FIGURES: RegExp[] = [
  /^1\. GET \/api\/portfolios\/.*c=1: via gateway/,
  /^1\. GET \/api\/portfolios\/.*c=16: bare/,
  /^1\. .*transactions.*: ratio gateway \/ bare/,
  /^1\. .*deposit.*c=16: via gateway/,
  /^1\. requests sent again after a keep-alive reset$/,
  /^2\. seeding /,
  /^2\. raw TransactWriteItems rate/,
  /^2\. weekly growth job, 300 portfolios: rate$/,
  /^2\. weekly growth job, 300 portfolios: one shard at a time$/,
  /^2\. weekly growth job, 300 portfolios: peak RSS/,
  /^2\. sampled portfolios equal to replayLedger/,
  /^2\. weekly job per portfolio, 50 ledger entries$/,
  /^2\. weekly job per portfolio: 50 entries against 5$/,
  /^3\. cold start: empty handler$/,
  /^3\. bundle: /,
  /^4\. web: initial JS for \/$/,
  /^4\. web: initial JS for \/dashboard$/,
  /^4\. web: admin chunk$/,
  /^4\. Lighthouse \/ \(mobile\): performance score$/,
  /^4\. Lighthouse \/signup \(mobile\): LCP$/,
  /^4\. Lighthouse \/ \(desktop\): TBT$/,
  /^4\. Lighthouse \/dashboard \(mobile, signed in\): performance score$/,
  /^5\. \/admin with .* clients: time to first rows$/,
  /^5\. \/admin with .* clients: search to one match$/,
  /^5\. \/admin with .* clients: sort Highest First$/,
  /^6\. deposit to its e-mail/,
  /^6\. deposit answered/,
  /^7\. GET \/api\/admin\/clients.*first page.*c=16: via gateway/,
  /^7\. GET \/api\/admin\/clients.*search.*c=1: bare/,
  /^7\. GET \/api\/admin\/clients.*Highest First.*ratio/,
  /^8\. balances export of .* clients: start to ready$/,
  /^9\. monthly statements, one shard step: rate$/,
];

/** How many samples a row's value should summarize under `s`, for the rows that say; undefined for the others. */
function expectedSamples(row: Row, s: BenchSettings): number | undefined {
  const f = row.figure;
  if (/^1\. .*: (via gateway|bare) /.test(f)) return s.latencyReps * s.requests;
  if (/^7\. .*: (via gateway|bare) /.test(f)) return /\(search /.test(f) ? s.searchRequests : s.listRequests;
  if (/^2\. weekly growth job, .*: rate$/.test(f)) return s.jobRuns;
  const ledger = /^2\. weekly job per portfolio, ([\d,]+) ledger entries$/.exec(f);
  if (ledger)
    return Math.ceil(
      (s.ledgerSizes.find((l) => l.entries === Number(ledger[1]?.replace(/,/g, '')))?.portfolios ?? Number.NaN) / 2,
    );
  if (/^3\. (cold start|bundle)/.test(f)) return s.importRuns;
  if (/^4\. Lighthouse /.test(f) || /^5\. /.test(f)) return s.browserReps;
  if (/^6\. /.test(f)) return s.notifyDeposits;
  return undefined;
}

/** The numbers of a value ("2.77 / 5.04", "10,003", "200 / 200"); NaN for anything else ("n/a"). */
const numbersOf = (value: string) =>
  value
    .split(' / ')
    .map((part) => (/^-?[\d,]+(\.\d+)?$/.test(part.trim()) ? Number(part.replace(/,/g, '')) : Number.NaN));

/** Figures that may honestly be zero: a blocking time on a fast page, a count of resent requests. */
const MAY_BE_ZERO = /TBT$|sent again after a keep-alive reset$/;

describe('the small run of the bench', () => {
  let rows: Row[] = [];
  let settings: BenchSettings | undefined;
  const resultsDir = mkdtempSync(join(tmpdir(), 'aurum-bench-small-'));
  let bench: ChildProcess | undefined;
  afterAll(() => {
    // A run cut off by the timeout stops its stack (bench/run.ts stops it on SIGTERM).
    if (bench && bench.exitCode === null) bench.kill('SIGTERM');
    rmSync(resultsDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    const { code, log } = await runSmallBench(resultsDir, (child) => (bench = child));
    if (code !== 0) throw new Error(`bench/run.ts exited ${code}; the end of its progress:\n${log}`);
    ({ rows, settings } = JSON.parse(readFileSync(join(resultsDir, 'results.json'), 'utf8')) as {
      rows: Row[];
      settings: BenchSettings;
    });
  }, 45 * 60_000);

  it('ran with the small settings, which reach every figure of the full run', () => {
    expect(settings).toEqual(SMALL);
  });

  it('reached every figure', () => {
    const missing = FIGURES.filter((pattern) => !rows.some((r) => pattern.test(r.figure)));
    expect(missing).toEqual([]);
  });

  it('measured each figure as finite numbers, positive where a measure cannot be zero', () => {
    const figures = rows.filter((r) => /^\d\./.test(r.figure));
    expect(figures.length).toBeGreaterThanOrEqual(FIGURES.length);
    const unmeasured = figures.filter((r) =>
      numbersOf(r.value).some((n) => !Number.isFinite(n) || n < 0 || (n === 0 && !MAY_BE_ZERO.test(r.figure))),
    );
    expect(unmeasured).toEqual([]);
  });

  it('summarized the samples the run asked for', () => {
    const counted = rows.flatMap((r) => {
      const want = settings && expectedSamples(r, settings);
      return want === undefined ? [] : [{ figure: r.figure, samples: r.samples, want }];
    });
    // Figures 1 to 7 each have rows that say how many samples they summarize.
    expect(new Set(counted.map((c) => c.figure[0]))).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7']));
    expect(counted.filter((c) => c.samples !== c.want)).toEqual([]);
  });
});
