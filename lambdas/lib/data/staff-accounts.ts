/**
 * Staff accounts: the profile of an administrator who holds no money is no client's. The firm's
 * own people sign in to the same portal (a first sign-in creates a profile, as anyone's does), but
 * the admin list and its totals are the book of clients, so a staff account is off the client
 * indexes (Profile.staff: no GSI1PK, GSI1SK, GSI4SK, GSI5SK) and out of the totals.
 *
 * A profile is staff only while it never held money: balance 0, net 0, no ledger entry. It becomes
 * staff when created for a confirmed administrator (POST /api/portfolios/create) and when `npm run
 * admin -- add` makes an administrator of a user with no money; it becomes a client again by
 * `npm run admin -- remove`, or by the first money moved to it (transactOnProfile, with
 * clientListingOnWrite). Each change is one transaction conditioned on the profile's version and
 * carrying the totals' difference, so the list and the totals always count the same profiles.
 */
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiBucket, totalsDelta, totalsUpdate } from './client-totals';
import { table, type TransactItem } from '../runtime/db';
import { CLIENT_INDEX_ATTRIBUTES, clientIndexKeys, isApplied, type Profile } from './profile-item';
import { keys } from './table';

/** No money by the profile's own figures (whether it has ledger entries is asked apart). */
export const holdsNoMoney = (profile: Pick<Profile, 'balanceCents' | 'netCents'>): boolean =>
  profile.balanceCents === 0 && profile.netCents === 0;

/** Every ledger write sets the balance and the net: a change that sets either moves money. */
const movesMoney = (set: Record<string, unknown>) => 'balanceCents' in set || 'netCents' in set;

/** What a change to a profile does to its place on the client list, written in the change's own transaction. */
export interface ClientListing {
  /** Index keys to set with the change. */
  set: Record<string, string>;
  /** Attributes to remove with it. */
  remove: string[];
  /** Whether the totals count the profile before the change, and after it. */
  countedBefore: boolean;
  countedAfter: boolean;
}

/**
 * The listing side of a change that sets `set` on `profile` (transactOnProfile's plan): a client
 * whose balance changes moves in the balance order (GSI5); a staff account that the change gives
 * money becomes a client, back on every client index and counted from this same transaction; one
 * the change leaves without money stays staff, neither listed nor counted.
 */
export function clientListingOnWrite(profile: Profile, set: Record<string, unknown>): ClientListing {
  // transactOnProfile refuses an applicant first; were one to come here, it would stay off the list and uncounted.
  if (isApplied(profile)) return { set: {}, remove: [], countedBefore: false, countedAfter: false };
  const balanceCents = typeof set.balanceCents === 'number' ? set.balanceCents : profile.balanceCents;
  if (profile.staff !== true) {
    const moved = typeof set.balanceCents === 'number' ? keys.balanceOrder(profile.sub, balanceCents) : {};
    return { set: moved, remove: [], countedBefore: true, countedAfter: true };
  }
  if (!movesMoney(set)) return { set: {}, remove: [], countedBefore: false, countedAfter: false };
  const lastUpdate = Date.parse(typeof set.lastUpdate === 'string' ? set.lastUpdate : profile.lastUpdate);
  return {
    set: clientIndexKeys({ sub: profile.sub, email: profile.email, balanceCents }, lastUpdate),
    remove: ['staff'],
    countedBefore: false,
    countedAfter: true,
  };
}

/**
 * The writes that make a client who holds no money a staff account, if the profile is still as
 * read: off the client indexes, and one client fewer in the totals.
 */
export function toStaffItems(profile: Profile, tableName: string = table()): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.profile(profile.sub),
        UpdateExpression: `SET staff = :true, version = :next REMOVE ${CLIENT_INDEX_ATTRIBUTES.join(', ')}`,
        ConditionExpression:
          'version = :v AND attribute_not_exists(deleted) AND attribute_not_exists(staff) AND balanceCents = :zero AND netCents = :zero',
        ExpressionAttributeValues: { ':true': true, ':v': profile.version, ':next': profile.version + 1, ':zero': 0 },
      },
    },
    totalsUpdate(apiBucket(), totalsDelta(profile, null), tableName),
  ];
}

/**
 * The writes that make an applicant (an applied profile, never counted) a staff account, if the
 * profile is still as read: the totals unchanged, and its application decided, off the queue.
 */
export function appliedToStaffItems(profile: Profile, tableName: string = table(), now = Date.now()): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.profile(profile.sub),
        UpdateExpression: 'SET staff = :true, version = :next REMOVE #status',
        ConditionExpression: 'version = :v AND attribute_not_exists(deleted) AND #status = :applied',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':true': true,
          ':v': profile.version,
          ':next': profile.version + 1,
          ':applied': 'applied',
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: keys.application(profile.sub),
        UpdateExpression: 'SET #status = :approved, decidedBy = :by, decidedAt = :at REMOVE GSI3PK, GSI3SK',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':approved': 'approved',
          ':pending': 'pending',
          ':by': STAFF_DECISION,
          ':at': new Date(now).toISOString(),
        },
      },
    },
  ];
}

/** Who decided an application the operator tool settled by making its applicant an administrator. */
export const STAFF_DECISION = 'npm run admin -- add';

/** The writes that make a staff account a client again, if the profile is still as read: back on the client indexes, and counted. */
export function toClientItems(profile: Profile, tableName: string = table()): TransactItem[] {
  const index = clientIndexKeys(profile, Date.parse(profile.lastUpdate));
  return [
    {
      Update: {
        TableName: tableName,
        Key: keys.profile(profile.sub),
        UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk, GSI4SK = :ek, GSI5SK = :bk, version = :next REMOVE staff',
        ConditionExpression: 'version = :v AND attribute_not_exists(deleted) AND staff = :true',
        ExpressionAttributeValues: {
          ':pk': index.GSI1PK,
          ':sk': index.GSI1SK,
          ':ek': index.GSI4SK,
          ':bk': index.GSI5SK,
          ':true': true,
          ':v': profile.version,
          ':next': profile.version + 1,
        },
      },
    },
    totalsUpdate(apiBucket(), totalsDelta(null, profile), tableName),
  ];
}

/** A table and the client that reaches it: the API's own, or an operator tool's (infra/tools). */
export interface TableAccess {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

async function hasLedgerEntries(access: TableAccess, sub: string): Promise<boolean> {
  const { Items } = await access.doc.send(
    new QueryCommand({
      TableName: access.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :entry)',
      ExpressionAttributeValues: { ':pk': keys.clientPk(sub), ':entry': keys.entryPrefix },
      ProjectionExpression: 'PK',
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).length > 0;
}

/**
 * The writes that make `sub`'s profile, as it is now, a staff account (`to: 'staff'`) or a client
 * again (`to: 'client'`): none when there is no live profile or nothing to change (a profile that
 * ever held money stays a client). Every write is conditioned on the version read, and any money
 * move bumps it, so a move between this read and the commit cancels the transaction.
 */
export async function listingChange(access: TableAccess, sub: string, to: 'staff' | 'client'): Promise<TransactItem[]> {
  const { Item } = await access.doc.send(
    new GetCommand({ TableName: access.tableName, Key: keys.profile(sub), ConsistentRead: true }),
  );
  const profile = Item as Profile | undefined;
  if (!profile || profile.deleted === true) return [];
  if (to === 'client') return profile.staff === true ? toClientItems(profile, access.tableName) : [];
  if (isApplied(profile)) return appliedToStaffItems(profile, access.tableName);
  if (profile.staff === true || !holdsNoMoney(profile) || (await hasLedgerEntries(access, sub))) return [];
  return toStaffItems(profile, access.tableName);
}
