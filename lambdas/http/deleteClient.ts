/**
 * Deleting a client: (1) the profile becomes a tombstone, so the client's still-valid tokens can
 * neither read nor recreate anything; (2) the Cognito user is signed out everywhere and deleted;
 * (3) every other item of the client is removed. Each step is idempotent, so a retry after a
 * partial failure finishes the job.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lib/table';
import { apiMessages } from '../../shared/messages';
import { deleteCognitoUser } from '../lib/cognito';
import { ddb, table } from '../lib/db';
import { BadRequest, NotFound } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { getProfile, TOMBSTONE_TTL_SECONDS } from '../lib/profiles';
import { queryPages } from '../lib/query';

async function removeEverythingButTombstone(sub: string): Promise<void> {
  const pages = queryPages<Record<string, unknown>>({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.clientPk(sub) },
    ProjectionExpression: 'PK, SK',
  });
  for await (const page of pages) {
    const doomed = page.filter((item) => item.SK !== 'PROFILE');
    for (let i = 0; i < doomed.length; i += 25) {
      let requests: Record<string, { DeleteRequest: { Key: Record<string, unknown> } }[]> | undefined = {
        [table()]: doomed.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
      };
      while (requests && Object.keys(requests).length > 0) {
        const result = await ddb.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = result.UnprocessedItems as typeof requests;
      }
    }
  }
}

export const handler = httpHandler('deleteClient', undefined, async ({ caller, params, now }) => {
  const sub = params.id ?? '';
  if (sub === caller.sub) throw new BadRequest(apiMessages.cannotDeleteSelf);
  const profile = await getProfile(sub, true);
  if (!profile) throw new NotFound(apiMessages.clientNotFound);
  if (!profile.deleted) {
    // The tombstone keeps only what the remaining steps need, and leaves every index.
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.profile(sub),
        UpdateExpression:
          'SET deleted = :true, deletedAt = :now, expiresAt = :ttl, version = version + :one REMOVE GSI1PK, GSI1SK, email, firstName, lastName, balanceCents, netCents',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':true': true,
          ':now': new Date(now).toISOString(),
          ':ttl': Math.floor(now / 1000) + TOMBSTONE_TTL_SECONDS,
          ':one': 1,
        },
      }),
    );
  }
  await deleteCognitoUser(profile.cognitoUsername);
  await removeEverythingButTombstone(sub);
  return { body: { success: true } };
});
