/** Every item of a client at once (table.ts: "everything of a client"), for deleting a client. */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './table';
import { ddb, table } from '../runtime/db';
import { queryPages } from './query';

const BATCH_SIZE = 25;

type DeleteRequests = Record<string, { DeleteRequest: { Key: Record<string, unknown> } }[]>;

/**
 * Deletes every item of the client but its PROFILE (the tombstone): ledger entries, withdrawal
 * requests, idempotency records. Idempotent: a retry after a partial failure finishes the job.
 */
export async function removeEverythingButProfile(sub: string): Promise<void> {
  const pages = queryPages<Record<string, unknown>>({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.clientPk(sub) },
    ProjectionExpression: 'PK, SK',
  });
  for await (const page of pages) {
    const doomed = page.filter((item) => item.SK !== keys.profile(sub).SK);
    for (let i = 0; i < doomed.length; i += BATCH_SIZE) {
      let requests: DeleteRequests | undefined = {
        [table()]: doomed.slice(i, i + BATCH_SIZE).map((Key) => ({ DeleteRequest: { Key } })),
      };
      while (requests && Object.keys(requests).length > 0) {
        const result = await ddb().send(new BatchWriteCommand({ RequestItems: requests }));
        requests = result.UnprocessedItems as DeleteRequests | undefined;
      }
    }
  }
}
