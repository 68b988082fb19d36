/**
 * One run of the weekly growth job in a process of its own, as in Lambda, so its peak memory is
 * the job's and not the bench's: `tsx infra/bench/job-process.ts <now ISO>` prints one JSON line
 * with the job's summary and the process's peak resident set (VmHWM). Its table and endpoint
 * come from the environment job.ts gives it, as a Lambda's do.
 */
import { readFileSync } from 'node:fs';
import { runWeeklyGrowth } from '../../lambdas/jobs/weekly-growth';

const now = Date.parse(process.argv[2] ?? '');
if (!Number.isFinite(now)) {
  console.error('usage: job-process.ts <now as ISO date-time>');
  process.exit(2);
}
const started = performance.now();
const summary = await runWeeklyGrowth(now);
const seconds = (performance.now() - started) / 1000;
const hwm = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
const peakRss = hwm?.[1] ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ ...summary, seconds, peakRss })}\n`);
process.exit(0);
