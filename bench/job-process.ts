/**
 * One run of the weekly growth job in a process of its own, so its peak memory is the job's and
 * not the bench's: `tsx bench/job-process.ts <now ISO> [shards at once]` runs the state
 * machine's definition locally (every step in this process, as many shards at once as given, all
 * 16 by default) and prints one JSON line with the run's summary and the process's peak resident
 * set (VmHWM). Its table and endpoint come from the environment job.ts gives it, as a Lambda's do.
 */
import { readFileSync } from 'node:fs';
import { configureRuntime } from '../lambdas/lib/runtime/runtime';
import { settingsFromEnvironment } from '../lambdas/lib/runtime/settings';
import { runWeeklyGrowthLocally } from '../infra/local/weekly-growth-run';

const now = Date.parse(process.argv[2] ?? '');
if (!Number.isFinite(now)) {
  console.error('usage: job-process.ts <now as ISO date-time> [shards at once]');
  process.exit(2);
}
// As the local stack runs it: the settings from the environment, no CloudWatch metrics on stdout.
configureRuntime({ ...settingsFromEnvironment(), publishMetrics: false });
const started = performance.now();
const maxConcurrency = process.argv[3] ? Number(process.argv[3]) : undefined;
const summary = await runWeeklyGrowthLocally(now, maxConcurrency === undefined ? {} : { maxConcurrency });
const seconds = (performance.now() - started) / 1000;
const hwm = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
const peakRss = hwm?.[1] ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ ...summary, seconds, peakRss })}\n`);
process.exit(0);
