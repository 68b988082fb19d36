/**
 * The activity sealer on the table's stream, as its event source mapping runs it in AWS, beside
 * the notifier (notifier-poller.ts) with a position and failure file of its own: each mapping
 * keeps its own checkpoint. In AWS the mapping passes only ACTIVITY# items; here the sealer
 * passes over the rest itself.
 */
import { join } from 'node:path';
import { handler as sealer } from '../../../lambdas/jobs/activity-sealer';
import { ACTIVITY_SEALER_TABLE_USE } from '../../../lambdas/table-uses';
import { ACTIVITY_SEALER_NAME } from '../../aws/activity-seal-items';
import { localCredentials } from '../dynamo';
import { failuresToFile, type StreamPoller, startStreamPoller } from '../stream-poller';
import { runAs } from '../table-permissions';

export function startSealerPoller(
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
    handler: (event) => runAs(ACTIVITY_SEALER_NAME, ACTIVITY_SEALER_TABLE_USE, () => sealer(event)),
    onFailure: failuresToFile(join(dataDir, 'stream-failures-sealer.jsonl')),
    positionsFile: join(dataDir, 'stream-positions-sealer.json'),
  });
}
