/**
 * Closing a client's account, which keeps its books. The closing is one transaction on the
 * profile, conditioned on what it checked: the version read, a zero balance, no withdrawal
 * request and no four-eyes action waiting. So a deposit, a request or a proposal committed
 * between the read and the closing makes the closing fail, and it is read and judged again.
 * The closed profile keeps everything it held, flagged `deleted` (which every write path
 * refuses), off the client indexes and the totals, on the closed list (GSI3, CLIENTS#closed).
 *
 * Then every other item of the client is given the same expiry (the table's TTL attribute), the
 * stage's recordYears after the closing. That may be many items, so it runs after the closing,
 * not in it: conditional writes that only set an expiry not yet set, safe to run again, and the
 * profile says when it finished (recordsStampedAt). A closing cut short between the two is seen
 * on the closed list (records not yet stamped) and finished by closing it again.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { recordsExpireAt } from '../../../shared/record-keeping';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { activityPut } from './activity-log';
import { apiBucket, totalsDelta, totalsUpdate } from './client-totals';
import { AccountStillOpen, ClientNotFound } from './domain-errors';
import { forEachLimited } from './for-each-limited';
import { listPendingActionItems } from './pending-actions';
import { CLIENT_INDEX_ATTRIBUTES, isApplied, isClosed, type Profile } from './profile-item';
import { getProfile } from './profile-reads';
import { queryPages } from './query';
import { keys } from './table';
import { loadRequests, pendingCountOf } from './withdrawal-requests';

/** How many times a closing that lost a race (a write on the profile meanwhile) is judged again. */
const CLOSE_ATTEMPTS = 8;
/** Expiry writes in flight at once. */
const STAMP_CONCURRENCY = 8;

export interface Closer {
  email: string;
  sub: string;
}

/**
 * Refuses (AccountStillOpen) a profile that has a request or an action waiting (what to decide
 * first: a waiting withdrawal may be what empties it), or that holds money.
 * Requests are read from the client's own partition (consistent); actions are counted on the
 * profile, and the approvals queue is read too for an uncounted one (from a table older than the count).
 */
async function refuseWhileOpen(profile: Profile): Promise<void> {
  if (pendingCountOf(profile, await loadRequests(profile.sub, true)) > 0)
    throw new AccountStillOpen(profile.sub, 'closeRefusedRequests');
  if ((profile.pendingActions ?? 0) > 0) throw new AccountStillOpen(profile.sub, 'closeRefusedActions');
  const queued = await listPendingActionItems();
  if (queued.some((action) => action.clientId === profile.sub))
    throw new AccountStillOpen(profile.sub, 'closeRefusedActions');
  if (profile.balanceCents > 0) throw new AccountStillOpen(profile.sub, 'closeRefusedBalance');
}

/** The closing's writes: the profile closed on the state judged, the totals without it, the act's activity entry. */
function closingWrites(
  profile: Profile,
  by: Closer,
  now: number,
  expiresAt: number,
  also: readonly TransactItem[],
): TransactItem[] {
  const closedAt = new Date(now).toISOString();
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.profile(profile.sub),
        UpdateExpression: `SET deleted = :true, closedAt = :at, closedBy = :by, closedBySub = :bySub, expiresAt = :ttl, GSI3PK = :closedPk, GSI3SK = :closedSk, version = :next REMOVE ${CLIENT_INDEX_ATTRIBUTES.join(', ')}`,
        // Every fact the closing was judged on, as the profile holds it at commit.
        ConditionExpression:
          'version = :v AND attribute_not_exists(deleted) AND balanceCents <= :zero AND (attribute_not_exists(pendingRequests) OR pendingRequests = :zero) AND (attribute_not_exists(pendingActions) OR pendingActions = :zero)',
        ExpressionAttributeValues: {
          ':true': true,
          ':at': closedAt,
          ':by': by.email,
          ':bySub': by.sub,
          ':ttl': expiresAt,
          ':closedPk': keys.closedIndex(profile.sub, now).GSI3PK,
          ':closedSk': keys.closedIndex(profile.sub, now).GSI3SK,
          ':next': profile.version + 1,
          ':v': profile.version,
          ':zero': 0,
        },
      },
    },
    // A staff account was never counted in the totals, nor an applicant (a rejection closes one).
    ...(profile.staff || isApplied(profile) ? [] : [totalsUpdate(apiBucket(), totalsDelta(profile, null))]),
    activityPut({
      kind: 'client-closed',
      actor: by.email,
      at: now,
      clientId: profile.sub,
      clientEmail: profile.email,
      balanceBeforeCents: profile.balanceCents,
    }),
    ...also,
  ];
}

/**
 * Closes the client's account, or finds it closed already (a retry): the closed profile either
 * way. ClientNotFound for no client (or a tombstone); AccountStillOpen while money or a decision
 * waits. `recordYears`: how long its records are kept. `also`: writes that stand or fall with
 * the closing (a rejected application's decision and its entry).
 */
export async function closeAccount(
  sub: string,
  by: Closer,
  now: number,
  recordYears: number,
  also: readonly TransactItem[] = [],
): Promise<Profile> {
  for (let attempt = 1; ; attempt++) {
    const profile = await getProfile(sub, true);
    if (!profile || (profile.deleted && !isClosed(profile))) throw new ClientNotFound(sub);
    if (isClosed(profile)) return profile;
    await refuseWhileOpen(profile);
    const expiresAt = recordsExpireAt(now, recordYears);
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: closingWrites(profile, by, now, expiresAt, also) }));
      return {
        ...profile,
        deleted: true,
        closedAt: new Date(now).toISOString(),
        closedBy: by.email,
        expiresAt,
        version: profile.version + 1,
      };
    } catch (error) {
      // The profile changed after it was judged (a deposit, a request, a proposal), or a conflict on
      // the totals bucket: judge it again as it is now.
      if (cancellationReasons(error).length === 0 || attempt >= CLOSE_ATTEMPTS) throw error;
    }
  }
}

/** Items of a client that keep an expiry of their own, shorter than the records': left alone. */
const OWN_EXPIRY_PREFIXES = ['IDEMPOTENCY#', keys.noticePrefix];

/** Gives one item the records' expiry, unless it already has one (or is gone). */
async function stampItem(key: { PK: string; SK: string }, expiresAt: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET expiresAt = :ttl',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(expiresAt)',
        ExpressionAttributeValues: { ':ttl': expiresAt },
      }),
    );
  } catch (error) {
    // Stamped already (a run before this one), or expired meanwhile: nothing to do.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Gives every item of a closed account (ledger entries, requests, its security record) the
 * profile's expiry, then marks the profile stamped. Safe to run again, in part or whole.
 */
export async function stampClosedRecords(profile: Profile, now: number): Promise<void> {
  const expiresAt = profile.expiresAt;
  if (!isClosed(profile) || expiresAt === undefined || profile.recordsStampedAt) return;
  const pages = queryPages<{ PK: string; SK: string }>({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.clientPk(profile.sub) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  for await (const page of pages) {
    const records = page.filter(
      (item) =>
        item.SK !== keys.profile(profile.sub).SK && !OWN_EXPIRY_PREFIXES.some((prefix) => item.SK.startsWith(prefix)),
    );
    await forEachLimited(records, STAMP_CONCURRENCY, (item) => stampItem({ PK: item.PK, SK: item.SK }, expiresAt));
  }
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.profile(profile.sub),
      UpdateExpression: 'SET recordsStampedAt = :now',
      ConditionExpression: 'attribute_exists(closedAt) AND expiresAt = :ttl',
      ExpressionAttributeValues: { ':now': new Date(now).toISOString(), ':ttl': expiresAt },
    }),
  );
}
