/**
 * Records of the weekly growth job's runs (JOBRUN#weekly-growth / RUN#<week>#<invocation>, see
 * lambdas/lib/data/job-run-item.ts). Each is written once, never updated: its INSERT on the table's
 * stream is what tells the administrators of the run.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { newWeeklyGrowthRunItem, type WeeklyGrowthRun, type WeeklyGrowthRunItem } from './job-run-item';
import { ddb, table } from '../runtime/db';

export async function recordWeeklyGrowthRun(run: WeeklyGrowthRun): Promise<WeeklyGrowthRunItem> {
  const item = newWeeklyGrowthRunItem(run);
  await ddb().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  return item;
}
