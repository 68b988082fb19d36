/**
 * The names users give their passkeys (CLIENT#<sub> / PASSKEY#<credentialId>): Cognito keeps the
 * passkeys themselves, and its own name for one is the authenticator's (often empty), so the
 * account page shows the user's name for it. Written in the same transaction as the security
 * record's change that adds or removes the passkey (lambdas/lib/cognito/passkeys.ts).
 *
 * A removed passkey's name is marked `removedAt` and expires a day later, never deleted: the
 * table's items are never deleted by the API (its functions are granted no DeleteItem).
 */
import { table, type TransactItem } from '../runtime/db';
import { queryAll } from './query';
import { keys } from './table';

/** How long a removed passkey's name stays (marked removed) before DynamoDB's TTL takes it. */
export const REMOVED_NAME_TTL_SECONDS = 24 * 3600;

interface PasskeyNameItem {
  SK: string;
  name?: unknown;
  removedAt?: unknown;
}

/** The names of the user's passkeys, by credential id (removed ones left out). */
export async function passkeyNames(sub: string): Promise<Map<string, string>> {
  const items = await queryAll<PasskeyNameItem>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.clientPk(sub), ':prefix': keys.passkeyPrefix },
    ConsistentRead: true,
  });
  const names = new Map<string, string>();
  for (const item of items) {
    if (item.removedAt !== undefined || typeof item.name !== 'string') continue;
    names.set(item.SK.slice(keys.passkeyPrefix.length), item.name);
  }
  return names;
}

/** The Put of a new passkey's name (a credential id Cognito just listed for the first time). */
export function passkeyNamePut(sub: string, credentialId: string, name: string, now: number): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...keys.passkey(sub, credentialId),
        itemType: 'passkey-name',
        sub,
        name,
        createdAt: new Date(now).toISOString(),
      },
    },
  };
}

/**
 * The Update that marks a removed passkey's name, to expire: on a passkey that had no name here
 * (added outside the product) it leaves a mark that expires as well.
 */
export function passkeyNameRemoval(sub: string, credentialId: string, now: number): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.passkey(sub, credentialId),
      UpdateExpression: 'SET itemType = :type, #sub = :sub, removedAt = :at, expiresAt = :ttl',
      ExpressionAttributeNames: { '#sub': 'sub' },
      ExpressionAttributeValues: {
        ':type': 'passkey-name',
        ':sub': sub,
        ':at': new Date(now).toISOString(),
        ':ttl': Math.floor(now / 1000) + REMOVED_NAME_TTL_SECONDS,
      },
    },
  };
}
