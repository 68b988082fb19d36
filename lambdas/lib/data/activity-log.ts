/**
 * The activity log: every administrative act, written as a Put in the act's own transaction (so
 * an act and its record stand or fall together) and never changed afterwards. The API's
 * functions are denied UpdateItem and DeleteItem on these keys; a new item cannot overwrite one
 * (`attribute_not_exists`). Read newest first, a month partition at a time, filtered.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { activityKindFilters, type ActivityKindName } from '../../../shared/activity-kinds';
import type { ActivityEntryDto, PendingActionKind } from '../../../shared/answers';
import { type Cents, centsToDollars } from '../../../shared/money';
import { ddb, table, type TransactItem } from '../runtime/db';
import { ListCursorInvalid } from './domain-errors';
import { forEachLimited } from './for-each-limited';
import { newId } from './ids';
import { displayName } from './profile-item';
import { getProfile } from './profile-reads';
import { activityKeys } from './table';

/** One act, as the code that does it describes it. Amounts in cents. */
export interface ActivityAct {
  kind: ActivityKindName;
  /** The administrator's e-mail, or for the admin command who ran it (an ARN, an OS user). */
  actor: string;
  at: number;
  clientId?: string;
  clientEmail?: string;
  amountCents?: Cents;
  balanceBeforeCents?: Cents;
  balanceAfterCents?: Cents;
  actionKind?: PendingActionKind;
  actionId?: string;
  proposedBy?: string;
  requestId?: string;
  reason?: string;
  note?: string;
  /** A statement's period label, on a statement regenerated. */
  period?: string;
}

export interface ActivityItem extends ActivityAct {
  PK: string;
  SK: string;
  id: string;
  /** The actor lower-cased, what the administrator filter matches. */
  actorKey: string;
}

/** The log entry of an act, as an item of the act's transaction. */
export function activityPut(act: ActivityAct): TransactItem {
  const id = newId(act.at);
  const defined = Object.fromEntries(Object.entries(act).filter(([, value]) => value !== undefined && value !== ''));
  const item = { ...activityKeys.entry(act.at, id), ...defined, id, actorKey: act.actor.toLowerCase() };
  return { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } };
}

const dollarsOf = (cents: Cents | undefined) => (cents === undefined ? undefined : centsToDollars(cents));

export function toActivityDto(item: ActivityItem): ActivityEntryDto {
  const dto: ActivityEntryDto = {
    id: item.id,
    at: new Date(item.at).toISOString(),
    kind: item.kind,
    actor: item.actor,
    clientId: item.clientId,
    clientEmail: item.clientEmail,
    amount: dollarsOf(item.amountCents),
    balanceBefore: dollarsOf(item.balanceBeforeCents),
    balanceAfter: dollarsOf(item.balanceAfterCents),
    actionKind: item.actionKind,
    actionId: item.actionId,
    proposedBy: item.proposedBy,
    requestId: item.requestId,
    reason: item.reason,
    note: item.note,
    period: item.period,
  };
  return Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined)) as ActivityEntryDto;
}

/** The log began with the console that writes it: no act is older, so a period never reaches before. */
export const ACTIVITY_LOG_START = Date.UTC(2026, 0, 1);

/** At most this many Queries answer one page; a sparse filter is answered short, with a cursor. */
const MAX_QUERIES_PER_PAGE = 24;

export interface ActivityQuery {
  limit: number;
  cursor?: string;
  actor?: string;
  client?: string;
  /** Lower-case: a part of the client's name or e-mail. */
  clientSearch?: string;
  kind?: ActivityKindName;
  from?: number;
  to?: number;
}

interface Position {
  month: string;
  after?: string;
}

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.month, position.after ?? ''])).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  try {
    const [month, after] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof month === 'string' &&
      /^ACTIVITY#\d{4}-\d{2}$/.test(month) &&
      typeof after === 'string' &&
      /^[\w:.-]*(#[\w]+)?$/.test(after)
    ) {
      return { month, after: after || undefined };
    }
  } catch {
    // Not our JSON: refused below like any other foreign cursor.
  }
  throw new ListCursorInvalid();
}

/** The kind filter: the kind's own entries, and for a money move the approvals that made the same move (activity-kinds.ts). */
function kindCondition(kind: ActivityKindName): {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  const filter = activityKindFilters[kind];
  if (!filter) return { expression: '#kind = :kind', names: { '#kind': 'kind' }, values: { ':kind': kind } };
  const kinds = Object.fromEntries(filter.kinds.map((k, i) => [`:kind${i}`, k]));
  const approved = Object.fromEntries(filter.approved.map((k, i) => [`:approved${i}`, k]));
  return {
    expression: `(#kind IN (${Object.keys(kinds).join(', ')}) OR (#kind = :approval AND #actionKind IN (${Object.keys(approved).join(', ')})))`,
    names: { '#kind': 'kind', '#actionKind': 'actionKind' },
    values: { ...kinds, ':approval': 'action-approved' satisfies ActivityKindName, ...approved },
  };
}

/** The administrator, client and kind filters as one FilterExpression (empty: none). */
function filterOf(query: ActivityQuery) {
  const conditions = [
    ...(query.actor
      ? [{ expression: '#actor = :actor', names: { '#actor': 'actorKey' }, values: { ':actor': query.actor } }]
      : []),
    ...(query.client
      ? [{ expression: '#client = :client', names: { '#client': 'clientId' }, values: { ':client': query.client } }]
      : []),
    // Only entries about a client can match a search for one; the name is matched in code (clientMatcher).
    ...(query.clientSearch
      ? [{ expression: 'attribute_exists(#client)', names: { '#client': 'clientId' }, values: {} }]
      : []),
    ...(query.kind ? [kindCondition(query.kind)] : []),
  ];
  return {
    expression: conditions.map((c) => c.expression).join(' AND '),
    names: Object.assign({}, ...conditions.map((c) => c.names)) as Record<string, string>,
    values: Object.assign({}, ...conditions.map((c) => c.values)) as Record<string, unknown>,
  };
}

/** Profiles looked up at once while a search reads the log. */
const NAME_LOOKUPS_IN_FLIGHT = 8;

/** "first last email", lower-case, as the client's profile has it now; null for a client with no profile left. */
async function profileSearchText(clientId: string): Promise<string | null> {
  const profile = await getProfile(clientId);
  return profile ? `${displayName(profile)} ${profile.email}`.toLowerCase() : null;
}

/**
 * Which entries answer a search for a client by a part of the name or e-mail, case aside: the
 * e-mail the entry logged, or the name and e-mail the client's profile has now (read once per
 * client in a request, only for entries whose logged e-mail does not already match). A client
 * whose profile is gone is found by the logged e-mail alone.
 */
export function clientMatcher(
  needle: string,
  searchTextOf: (clientId: string) => Promise<string | null> = profileSearchText,
) {
  const known = new Map<string, string | null>();
  return async (items: ActivityItem[]): Promise<ActivityItem[]> => {
    const byEmail = (item: ActivityItem) => item.clientEmail?.toLowerCase().includes(needle) === true;
    const unknown = [
      ...new Set(
        items.filter((i) => !byEmail(i) && i.clientId && !known.has(i.clientId)).map((i) => i.clientId as string),
      ),
    ];
    await forEachLimited(unknown, NAME_LOOKUPS_IN_FLIGHT, async (id) => void known.set(id, await searchTextOf(id)));
    return items.filter(
      (i) => byEmail(i) || (i.clientId !== undefined && known.get(i.clientId)?.includes(needle) === true),
    );
  };
}

/** A page of the log, newest first, from the cursor's position on. */
export async function readActivityPage(
  query: ActivityQuery,
  now: number,
): Promise<{ entries: ActivityEntryDto[]; nextCursor?: string }> {
  const from = Math.max(query.from ?? ACTIVITY_LOG_START, ACTIVITY_LOG_START);
  const to = Math.min(query.to ?? now, now);
  const months = activityKeys.monthsNewestFirst(from, to);
  const start = query.cursor === undefined ? { month: months[0] ?? '' } : decodeCursor(query.cursor);
  let monthIndex = months.indexOf(start.month);
  if (monthIndex < 0) return query.cursor === undefined ? { entries: [] } : Promise.reject(new ListCursorInvalid());
  const filter = filterOf(query);
  const matching = query.clientSearch ? clientMatcher(query.clientSearch) : async (items: ActivityItem[]) => items;
  const entries: ActivityEntryDto[] = [];
  let after = start.after;
  for (let queries = 0; queries < MAX_QUERIES_PER_PAGE; queries++) {
    const month = months[monthIndex] as string;
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': month,
          ':from': activityKeys.sortKeyAt(from),
          ':to': `${activityKeys.sortKeyAt(to)}~`,
          ...filter.values,
        },
        ...(filter.expression ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
        ScanIndexForward: false,
        Limit: query.limit - entries.length,
        ...(after ? { ExclusiveStartKey: { PK: month, SK: after } } : {}),
      }),
    );
    entries.push(...(await matching((page.Items ?? []) as ActivityItem[])).map(toActivityDto));
    const last = page.LastEvaluatedKey?.SK as string | undefined;
    if (last) after = last;
    else {
      monthIndex += 1;
      after = undefined;
      if (monthIndex >= months.length) return { entries };
    }
    if (entries.length >= query.limit) break;
  }
  return { entries, nextCursor: encodeCursor({ month: months[monthIndex] as string, after }) };
}
