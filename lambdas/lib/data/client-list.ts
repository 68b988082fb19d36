/**
 * A page of the admin client list, at any number of clients: each of the CLIENT_SHARDS shards
 * is read in the page's order (GSI4: e-mail, GSI5: balance) from the cursor on, and the shards'
 * reads are merged. A page costs about (limit + 1) items per shard, whatever the size of the book.
 *
 * A search filters each shard's read on the lower-case e-mail. Items that do not match are read
 * all the same, so a search reads at most `searchBudget` items per shard per request and then
 * answers what it found so far (maybe nothing) with a cursor to go on from: no request reads the
 * whole book, and a caller that wants a full page asks again.
 *
 * The cursor is the sort key of the last item the answer accounts for, with the order and search
 * it belongs to: the next page starts strictly after it in every shard.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { nextUpcomingEligibility } from '../../../shared/eligibility';
import type { ClientDto } from '../../../shared/api';
import type { ClientOrder } from '../../../shared/validation';
import { ddb, table } from '../runtime/db';
import { ListCursorInvalid } from './domain-errors';
import { encodeListCursor, listCursorAfter } from './list-cursor';
import type { Profile } from './profile-item';
import { toClientDto } from './profile-api';
import { keys, keyTextBefore } from './table';

export interface ClientListQuery {
  limit: number;
  order: ClientOrder;
  cursor?: string;
  /** Lower-case e-mail substring. */
  search?: string;
}

export interface ClientsPage {
  clients: ClientDto[];
  nextCursor?: string;
}

/** Items a search may read per shard in one request (at ~0.5 KB a client, about 5 MB a shard). */
export const SEARCH_BUDGET_PER_SHARD = 10_000;
/** Items a search's query evaluates per round trip (DynamoDB also stops at 1 MB). */
const SEARCH_PAGE_ITEMS = 2_000;

const ORDERS = {
  email: { index: 'GSI4', sortKey: 'GSI4SK', forward: true },
  'balance-desc': { index: 'GSI5', sortKey: 'GSI5SK', forward: false },
  'balance-asc': { index: 'GSI5', sortKey: 'GSI5SK', forward: true },
} as const satisfies Record<ClientOrder, { index: string; sortKey: string; forward: boolean }>;

/** What a cursor's sort key looks like in each order (table.ts emailOrder and balanceOrder). */
const AFTER_SHAPE: Record<ClientOrder, RegExp> = {
  email: /^.+#[\w-]{1,128}$/su,
  'balance-desc': /^\d{16}#[\w-]{1,128}$/,
  'balance-asc': /^\d{16}#[\w-]{1,128}$/,
};
/** DynamoDB's limit on a sort key value. */
const MAX_SORT_KEY_BYTES = 1024;

/** The sort key to start after; a cursor of another order or search, or not one at all, is refused. */
function startAfter(query: ClientListQuery): string | undefined {
  if (query.cursor === undefined) return undefined;
  const after = listCursorAfter(query.cursor, {
    list: query.order,
    search: query.search ?? '',
    shape: AFTER_SHAPE[query.order],
  });
  // A sort key DynamoDB would refuse is no cursor of ours.
  if (Buffer.byteLength(after, 'utf8') > MAX_SORT_KEY_BYTES) throw new ListCursorInvalid();
  return after;
}

/** What one shard's read found: its matches in order, and where it stopped (absent: the shard is done). */
interface ShardRead {
  matches: Profile[];
  stoppedAt?: string;
}

async function readShard(
  shardPk: string,
  query: ClientListQuery,
  after: string | undefined,
  searchBudget: number,
): Promise<ShardRead> {
  const order = ORDERS[query.order];
  const matches: Profile[] = [];
  let examined = 0;
  let start: Record<string, unknown> | undefined;
  for (;;) {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: order.index,
        KeyConditionExpression:
          after === undefined
            ? 'GSI1PK = :pk'
            : `GSI1PK = :pk AND ${order.sortKey} ${order.forward ? '>' : '<'} :after`,
        ...(query.search === undefined ? {} : { FilterExpression: 'contains(email, :search)' }),
        ExpressionAttributeValues: {
          ':pk': shardPk,
          ...(after === undefined ? {} : { ':after': after }),
          ...(query.search === undefined ? {} : { ':search': query.search }),
        },
        ScanIndexForward: order.forward,
        // Without a search every item read is a match: one more than the page tells whether the list goes on.
        Limit:
          query.search === undefined
            ? query.limit + 1 - matches.length
            : Math.min(SEARCH_PAGE_ITEMS, searchBudget - examined),
        ExclusiveStartKey: start,
      }),
    );
    matches.push(...((page.Items ?? []) as Profile[]));
    examined += page.ScannedCount ?? 0;
    start = page.LastEvaluatedKey;
    if (start === undefined) return { matches };
    if (matches.length > query.limit || examined >= searchBudget)
      return { matches, stoppedAt: start[order.sortKey] as string };
  }
}

/** `a` comes before `b` in the order read (DynamoDB's order of key text). */
const before = (forward: boolean) => (a: string, b: string) => (forward ? keyTextBefore(a, b) : keyTextBefore(b, a));

export async function listClientsPage(
  query: ClientListQuery,
  now: number,
  searchBudget = SEARCH_BUDGET_PER_SHARD,
): Promise<ClientsPage> {
  const order = ORDERS[query.order];
  const after = startAfter(query);
  const reads = await Promise.all(keys.allClientShards().map((pk) => readShard(pk, query, after, searchBudget)));
  const precedes = before(order.forward);
  const keyOf = (p: Profile) => (p as Profile & Record<string, string>)[order.sortKey] as string;

  // Every shard has been read up to the earliest place one stopped: only what lies before it is known in full.
  let frontier: string | undefined;
  for (const read of reads)
    if (read.stoppedAt !== undefined && (frontier === undefined || precedes(read.stoppedAt, frontier)))
      frontier = read.stoppedAt;
  const known = reads
    .flatMap((read) => read.matches)
    .filter((p) => frontier === undefined || !precedes(frontier, keyOf(p)))
    .sort((a, b) => (precedes(keyOf(a), keyOf(b)) ? -1 : 1));

  const page = known.slice(0, query.limit);
  const last = known.length > query.limit ? keyOf(page[page.length - 1] as Profile) : frontier;
  const clients = page.map((p) =>
    toClientDto(p, nextUpcomingEligibility(p.upcomingEligibleAt ?? [], now) ?? undefined),
  );
  return last === undefined
    ? { clients }
    : { clients, nextCursor: encodeListCursor({ list: query.order, search: query.search ?? '', after: last }) };
}
