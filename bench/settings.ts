/**
 * How big a bench run is. The full run (`npm run bench`) and the small one `npm test` makes
 * (`BENCH_RUN=small`, bench/bench.test.ts) share every line of the bench: only these numbers
 * differ, so a figure the small run cannot reach is a figure the full run cannot reach either.
 * Each knob can be set on its own in the environment (the header of bench/run.ts lists them).
 */

/** Ledger sizes the weekly job's cost per portfolio is timed at, and how many portfolios of each. */
export interface LedgerSize {
  entries: number;
  portfolios: number;
}

export interface BenchSettings {
  /** The table grows through each size and the job runs at each. */
  sizes: number[];
  /** Requests per latency run (figure 1). */
  requests: number;
  /** Requests per concurrency of the admin list (figure 7); a search reads every client, so it has its own. */
  listRequests: number;
  searchRequests: number;
  latencyReps: number;
  /** Warm-up calls before each latency case (at most its own request count). */
  warmup: number;
  rawOps: number;
  rawReps: number;
  /** Job runs at the first size (1 at larger ones). */
  jobRuns: number;
  /** Lighthouse runs per page and loads of the admin page (figures 4 and 5). */
  browserReps: number;
  verifySample: number;
  seedParallel: number;
  notifyDeposits: number;
  /** Imports of each Lambda bundle in a fresh process (figure 3). */
  importRuns: number;
  ledgerSizes: LedgerSize[];
  skipBundles: boolean;
  skipBrowser: boolean;
}

/** The run the figures in docs/benchmarks.md come from. */
export const FULL_RUN: BenchSettings = {
  sizes: [10_000, 100_000],
  requests: 2_000,
  listRequests: 200,
  searchRequests: 20,
  latencyReps: 3,
  warmup: 200,
  rawOps: 2_000,
  rawReps: 3,
  jobRuns: 3,
  browserReps: 3,
  verifySample: 200,
  seedParallel: 8,
  notifyDeposits: 100,
  importRuns: 5,
  ledgerSizes: [
    { entries: 5, portfolios: 40 },
    { entries: 500, portfolios: 20 },
    { entries: 5_000, portfolios: 10 },
  ],
  skipBundles: false,
  skipBrowser: false,
};

/** Every figure reached, none of them worth reading: a few hundred portfolios, a handful of requests each. */
export const SMALL_RUN: BenchSettings = {
  sizes: [300],
  requests: 10,
  listRequests: 5,
  searchRequests: 2,
  latencyReps: 1,
  warmup: 2,
  rawOps: 50,
  rawReps: 1,
  jobRuns: 1,
  browserReps: 1,
  verifySample: 20,
  seedParallel: 4,
  notifyDeposits: 3,
  importRuns: 1,
  ledgerSizes: [
    { entries: 5, portfolios: 2 },
    { entries: 50, portfolios: 2 },
  ],
  skipBundles: false,
  skipBrowser: false,
};

type Env = Record<string, string | undefined>;

function intEnv(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

function sizesEnv(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const sizes = raw.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1) || sizes.some((n, i) => i > 0 && n <= (sizes[i - 1] ?? 0))) {
    throw new Error(`${name} must be increasing positive integers separated by commas, got ${JSON.stringify(raw)}`);
  }
  return sizes;
}

/** The run BENCH_RUN names (`full`, the default, or `small`), each knob the environment sets overriding it. */
export function benchSettings(env: Env): BenchSettings {
  const run = env.BENCH_RUN ?? 'full';
  if (run !== 'full' && run !== 'small') throw new Error(`BENCH_RUN must be full or small, got ${JSON.stringify(run)}`);
  const base = run === 'small' ? SMALL_RUN : FULL_RUN;
  return {
    sizes: sizesEnv(env, 'BENCH_PORTFOLIOS', base.sizes),
    requests: intEnv(env, 'BENCH_REQUESTS', base.requests),
    listRequests: intEnv(env, 'BENCH_LIST_REQUESTS', base.listRequests),
    searchRequests: intEnv(env, 'BENCH_SEARCH_REQUESTS', base.searchRequests),
    latencyReps: intEnv(env, 'BENCH_LATENCY_REPS', base.latencyReps),
    warmup: base.warmup,
    rawOps: intEnv(env, 'BENCH_RAW_OPS', base.rawOps),
    rawReps: intEnv(env, 'BENCH_RAW_REPS', base.rawReps),
    jobRuns: intEnv(env, 'BENCH_JOB_RUNS', base.jobRuns),
    browserReps: intEnv(env, 'BENCH_BROWSER_REPS', base.browserReps),
    verifySample: intEnv(env, 'BENCH_VERIFY_SAMPLE', base.verifySample),
    seedParallel: intEnv(env, 'BENCH_SEED_PARALLEL', base.seedParallel),
    notifyDeposits: intEnv(env, 'BENCH_NOTIFY_DEPOSITS', base.notifyDeposits),
    importRuns: intEnv(env, 'BENCH_IMPORT_RUNS', base.importRuns),
    ledgerSizes: base.ledgerSizes,
    skipBundles: env.BENCH_SKIP_BUNDLES === 'true',
    skipBrowser: env.BENCH_SKIP_BROWSER === 'true',
  };
}
