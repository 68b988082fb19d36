/**
 * The closed accounts, newest closed first: one GSI3 partition (CLIENTS#closed, table.ts), read
 * backwards. Closing is an administrator's act, one at a time, so the partition stays small; a
 * search filters on the lower-case e-mail as the live list's does, reads at most
 * CLOSED_SEARCH_BUDGET items a request and answers what it found with a cursor to read on.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientDto } from '../../../shared/api';
import { ddb, table } from '../runtime/db';
import type { ClientsPage } from './client-list';
import { listCursorAfter, encodeListCursor } from './list-cursor';
import type { Profile } from './profile-item';
import { closingOf, toClientDto } from './profile-api';
import { keys } from './table';

export interface ClosedListQuery {
  limit: number;
  cursor?: string;
  /** Lower-case e-mail substring. */
  search?: string;
}

/** Items a search may read in one request. */
export const CLOSED_SEARCH_BUDGET = 5_000;
/** What a closed list cursor's sort key looks like (table.ts closedIndex). */
const AFTER_SHAPE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[\w-]{1,128}$/;

/** The sort key to read on from; a cursor of another list or search, or not one at all, is refused. */
function startAfter(query: ClosedListQuery): string | undefined {
  if (query.cursor === undefined) return undefined;
  return listCursorAfter(query.cursor, { list: 'closed', search: query.search ?? '', shape: AFTER_SHAPE });
}

/** A closed account as the list shows it: its last figures, when and by whom it was closed, until when its records are kept. */
export function toClosedClientDto(profile: Profile): ClientDto {
  return {
    ...toClientDto(profile, undefined),
    closed: { ...closingOf(profile), recordsStamped: profile.recordsStampedAt !== undefined },
  };
}

export async function listClosedPage(query: ClosedListQuery): Promise<ClientsPage> {
  const search = query.search;
  const found: Profile[] = [];
  let after = startAfter(query);
  let examined = 0;
  for (;;) {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI3',
        KeyConditionExpression: after === undefined ? 'GSI3PK = :pk' : 'GSI3PK = :pk AND GSI3SK < :after',
        ...(search === undefined ? {} : { FilterExpression: 'contains(email, :search)' }),
        ExpressionAttributeValues: {
          ':pk': keys.closedPk,
          ...(after === undefined ? {} : { ':after': after }),
          ...(search === undefined ? {} : { ':search': search }),
        },
        ScanIndexForward: false,
        Limit: search === undefined ? query.limit - found.length : Math.min(1_000, CLOSED_SEARCH_BUDGET - examined),
      }),
    );
    for (const item of (page.Items ?? []) as (Profile & { GSI3SK: string })[]) {
      // A search's page may find more than the list asked for: the rest is read again from the cursor.
      if (found.length === query.limit)
        return {
          clients: found.map(toClosedClientDto),
          nextCursor: encodeListCursor({ list: 'closed', search: search ?? '', after: after as string }),
        };
      found.push(item);
      after = item.GSI3SK;
    }
    examined += page.ScannedCount ?? 0;
    const stoppedAt = page.LastEvaluatedKey?.GSI3SK as string | undefined;
    if (stoppedAt === undefined) return { clients: found.map(toClosedClientDto) };
    after = stoppedAt;
    if (found.length >= query.limit || examined >= CLOSED_SEARCH_BUDGET)
      return {
        clients: found.map(toClosedClientDto),
        nextCursor: encodeListCursor({ list: 'closed', search: search ?? '', after }),
      };
  }
}
