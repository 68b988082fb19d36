import { tableDefinition } from './table';
import { notificationsFor } from '../../notifications/events';
import { jobRunKeys } from './table';
import { JOB_RUN_TTL_SECONDS, newWeeklyGrowthRunItem } from './job-run-item';
import { readWeeklyGrowthRun } from '../../notifications/stored-item-views';
import { asImage, MONDAY, weeklyRun, weeklyRunItem } from '../../notifications/test-support/stream-records';

describe('the weekly growth run item', () => {
  it('is keyed JOBRUN#weekly-growth / RUN#<week>#<invocation>', () => {
    const item = weeklyRunItem();
    expect(item.PK).toBe('JOBRUN#weekly-growth');
    expect(item.SK).toBe('RUN#2026-11-23T00:00:00.000Z#mi9x2k3h5run0000000000001');
    expect(item.runId).toBe('2026-11-23T00:00:00.000Z#mi9x2k3h5run0000000000001');
    expect(jobRunKeys.weeklyGrowthRun(item.runId)).toEqual({ PK: item.PK, SK: item.SK });
  });

  it('holds the counts and totals as written, times as ISO, and expires by the table TTL', () => {
    const item = weeklyRunItem();
    expect(item).toMatchObject({
      itemType: 'weekly-growth-run',
      scheduledFor: '2026-11-23T00:00:00.000Z',
      startedAt: '2026-11-23T00:00:02.000Z',
      finishedAt: '2026-11-23T00:01:35.000Z',
      due: 1_204,
      grown: 1_200,
      skipped: 3,
      failed: 1,
      totalValueCents: 98_765_432_100,
      totalGainCents: 131_527_012,
    });
    expect(tableDefinition.ttlAttribute).toBe('expiresAt');
    expect(item.expiresAt).toBe(Math.floor((MONDAY + 95_000) / 1000) + JOB_RUN_TTL_SECONDS);
  });

  it('is on no index and in no client partition', () => {
    const item = weeklyRunItem();
    expect(Object.keys(item).filter((k) => k.startsWith('GSI'))).toEqual([]);
    expect(item.PK.startsWith('CLIENT#')).toBe(false);
  });

  it('gives every invocation its own item by default: a retry of the same week is a new run', () => {
    const first = newWeeklyGrowthRunItem(weeklyRun());
    const retry = newWeeklyGrowthRunItem(weeklyRun({ finishedAt: MONDAY + 900_000 }));
    expect(first.SK).not.toBe(retry.SK);
    expect(first.SK.startsWith('RUN#2026-11-23T00:00:00.000Z#')).toBe(true);
    expect(retry.SK.startsWith('RUN#2026-11-23T00:00:00.000Z#')).toBe(true);
    expect(notificationsFor({ eventName: 'INSERT', newImage: asImage(first) })[0]?.id).not.toBe(
      notificationsFor({ eventName: 'INSERT', newImage: asImage(retry) })[0]?.id,
    );
  });

  it('reads back from its stream image as written', () => {
    const { PK: _pk, SK: _sk, itemType: _t, expiresAt: _e, ...fields } = weeklyRunItem();
    expect(readWeeklyGrowthRun(asImage(weeklyRunItem()))).toEqual(fields);
  });
});
