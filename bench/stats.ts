/** Small numeric helpers for the bench: timed loops with a concurrency limit, percentiles, medians, formatting. */
import { performance } from 'node:perf_hooks';

export interface TimedRun {
  /** Milliseconds per operation, in the order they were started. */
  samples: Float64Array;
  wallMs: number;
}

/** Runs `op` `count` times with at most `concurrency` in flight, timing each call with performance.now(). */
export async function timedLoop(
  count: number,
  concurrency: number,
  op: (i: number) => Promise<void>,
): Promise<TimedRun> {
  const samples = new Float64Array(count);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const start = performance.now();
        await op(i);
        samples[i] = performance.now() - start;
      }
    }),
  );
  return { samples, wallMs: performance.now() - t0 };
}

/** One row of the bench's table; `samples` is how many measurements its value summarizes, where it says. */
export interface Row {
  figure: string;
  value: string;
  unit: string;
  detail: string;
  samples?: number;
}

/** Adds one row to the bench's table: the figure, its value and unit, how it was measured and over how many samples. */
export type AddRow = (figure: string, value: string, unit: string, detail?: string, samples?: number) => void;

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A number with `digits` significant-ish decimals, thousands separated. */
export function fmt(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** "1.23, 1.31, 1.40" : every repetition, for the detail column. */
export function runs(values: readonly number[], decimals = 2): string {
  return values.map((v) => fmt(v, decimals)).join(', ');
}

/** Deterministic PRNG (mulberry32), so every run seeds the same portfolios. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
