/**
 * The demo's past statements: at a fresh folder's seed, every demo client is given the statements
 * the monthly job would have written on each 1st since the demo's first ledger entry, through the
 * job's own per-client code (statementsOfClient: find, make, store once), with the job's table
 * use, and issued at each run's scheduled time. So the demo's documents are what the job writes,
 * through the code that writes them in AWS, rather than items made to look like them. Not the
 * whole state machine once per month: its 16 shards' steps for two clients would add seconds to
 * every seeded start for nothing the demo shows (the job's run itself is what
 * POST /__local/run/monthly-statements and its tests run).
 */
import { listProfiles } from '../../../lambdas/lib/data/indexes';
import { loadLedger } from '../../../lambdas/lib/data/ledger';
import { monthStartOf, runPeriods } from '../../../lambdas/jobs/monthly-statements';
import { statementsOfClient } from '../../../lambdas/jobs/monthly-statements-client';
import { MONTHLY_STATEMENTS_TABLE_USE } from '../../../lambdas/table-uses';
import { runAs } from '../table-permissions';

/** The job's scheduled hour on the 1st (MONTHLY_SCHEDULE). */
const SCHEDULED_HOUR_MS = 2 * 3600_000;

/** Each 1st (at the job's hour) after the month of `first`, up to `now`. */
export function runTimesSince(first: number, now: number): number[] {
  const times: number[] = [];
  const d = new Date(monthStartOf(first));
  for (let m = 1; ; m++) {
    const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + m, 1) + SCHEDULED_HOUR_MS;
    if (at > now) return times;
    times.push(at);
  }
}

/** Writes each demo client's statements of every month, quarter and year that ended since its first entry. */
export async function seedDemoStatements(now: number): Promise<void> {
  await runAs('MonthlyStatements', MONTHLY_STATEMENTS_TABLE_USE, async () => {
    for (const profile of await listProfiles()) {
      const ledger = await loadLedger(profile.sub, true);
      if (ledger.length === 0) continue;
      const first = Math.min(...ledger.map((e) => Date.parse(e.at)));
      for (const at of runTimesSince(first, now)) {
        const outcomes = await statementsOfClient(profile, runPeriods(at).periods, at);
        if (outcomes === 'failed') throw new Error(`demo statements of ${profile.email} not written`);
      }
    }
  });
}
