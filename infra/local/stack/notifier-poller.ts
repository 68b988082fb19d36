/**
 * The notifier on the table's stream, as Lambda's event source mapping runs it (stream-poller.ts),
 * its position kept in the data folder as the mapping keeps its checkpoint: a restart, even after
 * a crash, resumes after the last handled record. A fresh folder's stream is read from its start,
 * the seed's deposits included (the mapping exists with the table, as in a deploy). Its failed
 * batches go to `<dataDir>/stream-failures.jsonl`, the mapping's on-failure destination.
 */
import { join } from 'node:path';
import { handler as notifier } from '../../../lambdas/jobs/notifier';
import { NOTIFIER_TABLE_USE } from '../../../lambdas/table-uses';
import { localCredentials } from '../dynamo';
import { failuresToFile, type StreamPoller, startStreamPoller } from '../stream-poller';
import { runAs } from '../table-permissions';

export function startNotifierPoller(
  dataDir: string,
  dynamoEndpoint: string,
  region: string,
  tableName: string,
): Promise<StreamPoller> {
  return startStreamPoller({
    endpoint: dynamoEndpoint,
    credentials: localCredentials(),
    region,
    tableName,
    handler: (event) => runAs('Notifier', NOTIFIER_TABLE_USE, () => notifier(event)),
    onFailure: failuresToFile(join(dataDir, 'stream-failures.jsonl')),
    positionsFile: join(dataDir, 'stream-positions.json'),
  });
}
