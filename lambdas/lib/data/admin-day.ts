/**
 * What one administrator applied alone in the last day (ADMIN#<sub> / MOVES): the moves they made
 * without a second approval, each as {at, cents}. The item is read with the client's profile and
 * written in the move's own transaction, conditioned on the version read, so two moves by the same
 * administrator on two clients at once cannot both slip under the daily limit: one fails its
 * condition and is planned again with the other counted.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type MovedCents, withinWindow, windowSum } from '../../../shared/four-eyes';
import type { Cents } from '../../../shared/money';
import { ddb, table, type TransactItem } from '../runtime/db';
import { keys } from './table';

/** A day after its last move the item holds nothing that counts: DynamoDB's TTL removes it a day later. */
const EXPIRES_AFTER_SECONDS = 2 * 24 * 3600;

export interface AdminDay {
  sub: string;
  moves: MovedCents[];
  /** 0 when the administrator never applied a move alone. */
  version: number;
}

export async function getAdminDay(sub: string): Promise<AdminDay> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.adminMoves(sub), ConsistentRead: true }),
  );
  if (!Item) return { sub, moves: [], version: 0 };
  return {
    sub,
    moves: Array.isArray(Item.moves) ? (Item.moves as MovedCents[]) : [],
    version: typeof Item.version === 'number' ? Item.version : 0,
  };
}

/** What the administrator applied alone in the day up to `now`, with `cents` more. */
export function adminDaySum(day: AdminDay, now: number, cents: Cents): Cents {
  return windowSum(day.moves, now) + cents;
}

/** The write that adds one move to the day, only if nothing else changed it since it was read. */
export function adminDayWrite(day: AdminDay, move: MovedCents): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...keys.adminMoves(day.sub),
        itemType: 'admin-day',
        moves: [...withinWindow(day.moves, move.at), move],
        version: day.version + 1,
        expiresAt: Math.floor(move.at / 1000) + EXPIRES_AFTER_SECONDS,
      },
      ConditionExpression: day.version === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
      ...(day.version === 0 ? {} : { ExpressionAttributeValues: { ':version': day.version } }),
    },
  };
}
