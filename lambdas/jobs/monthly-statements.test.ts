/**
 * The monthly statements job's pure parts: which periods a run writes (from the scheduled time,
 * never the clock), which of them a closed account gets, the run record's keys, and the steps it
 * refuses without reading anything. The run itself is tested on the local stack
 * (tests/integration/monthly-statements.test.ts).
 */
import { newMonthlyStatementsRunItem } from '../lib/data/monthly-statements-run';
import type { Profile } from '../lib/data/profile-item';
import { periodOf } from '../lib/documents/document-item';
import { periodsOf } from './monthly-statements-client';
import { BadStep, handler, runPeriods, statementsShard } from './monthly-statements';

const labels = (at: string) => runPeriods(Date.parse(at)).periods.map((p) => p.label);

it('writes the month before the scheduled time, and the quarter and year that end with it', () => {
  expect(runPeriods(Date.parse('2026-11-01T02:00:00Z')).month).toBe('2026-10');
  expect(labels('2026-11-01T02:00:00Z')).toEqual(['2026-10']);
  expect(labels('2026-10-01T02:00:00Z')).toEqual(['2026-09', '2026-Q3']);
  expect(labels('2027-01-01T02:00:00Z')).toEqual(['2026-12', '2026-Q4', '2026']);
  // A late start later in the month writes the same month.
  expect(labels('2026-11-01T23:59:59Z')).toEqual(['2026-10']);
});

it('gives a closed account only the periods it was open in', () => {
  const periods = runPeriods(Date.parse('2027-01-01T02:00:00Z')).periods;
  const closed = (closedAt: string) => ({ sub: 's', deleted: true, closedAt }) as Profile;
  expect(periodsOf(closed('2026-12-10T00:00:00Z'), periods).map((p) => p.label)).toEqual([
    '2026-12',
    '2026-Q4',
    '2026',
  ]);
  expect(periodsOf(closed('2026-11-10T00:00:00Z'), periods).map((p) => p.label)).toEqual(['2026-Q4', '2026']);
  expect(periodsOf(closed('2026-02-10T00:00:00Z'), periods).map((p) => p.label)).toEqual(['2026']);
  expect(periodsOf({ sub: 's' } as Profile, periods)).toEqual(periods);
});

it("keys a run's record by its month, one item per invocation", () => {
  const run = {
    month: '2026-10',
    periods: ['2026-10'],
    scheduledFor: Date.parse('2026-11-01T02:00:00Z'),
    startedAt: Date.parse('2026-11-01T02:00:01Z'),
    finishedAt: Date.parse('2026-11-01T02:10:00Z'),
    ...{ clients: 3, written: 2, existing: 0, skipped: 1, failed: 0 },
  };
  const item = newMonthlyStatementsRunItem(run, 'abc');
  expect(item).toMatchObject({ PK: 'JOBRUN#monthly-statements', SK: 'RUN#2026-10#abc', runId: '2026-10#abc' });
  expect(item.expiresAt).toBeGreaterThan(run.finishedAt / 1000);
  expect(periodOf('2026-10')?.to).toBe(run.scheduledFor - 2 * 3600_000);
});

it('refuses steps the state machine could not have sent', async () => {
  await expect(
    statementsShard({ step: 'statements-shard', shard: 16, time: '2026-11-01T02:00:00Z' }, () => 0),
  ).rejects.toBeInstanceOf(BadStep);
  await expect(statementsShard({ step: 'statements-shard', shard: 0, time: 'soon' }, () => 0)).rejects.toBeInstanceOf(
    BadStep,
  );
  await expect(handler({ step: 'nothing' } as never)).rejects.toBeInstanceOf(BadStep);
  await expect(
    handler({ step: 'finish', time: '2026-11-01T02:00:00Z', startedAt: '2026-11-01T02:00:00Z', shards: [] }),
  ).rejects.toBeInstanceOf(BadStep);
});
