/** Client profiles and portfolios: the PROFILE item of each client, and every write to it outside a transaction. */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './table';
import type { ClientDto, PortfolioDto } from '../../../shared/api';
import { type BalanceState, emptyBalance, type WeeklyUpdate } from '../../../shared/growth';
import { centsToDollars, roundPercent } from '../../../shared/money';
import { apiBucket, type Bucket, totalsDelta, totalsUpdate } from './client-totals';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { ClientNotFound } from './domain-errors';
import type { EmailPreferences } from '../../../shared/email-preferences';
import type { MovedCents } from '../../../shared/four-eyes';

export interface Profile {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  cognitoUsername: string;
  balanceCents: number;
  netCents: number;
  /** ISO */
  lastUpdate: string;
  version: number;
  weeklyGainCents: number;
  weeklyGainPercent: number;
  createdAt: string;
  /**
   * When this client's deposits become eligible (ISO, ascending), those still ahead at the last
   * deposit or weekly update: written on creation, with every deposit and by the weekly job, so
   * the admin list needs no read of any ledger. A profile without it (written before the field
   * existed, and not yet given it by infra/tools/migrate-upcoming-eligible.ts) reads as no date
   * ahead until the weekly job rewrites it from its ledger; no request path rebuilds it.
   */
  upcomingEligibleAt?: string[];
  /**
   * G(L), the unrounded grown sum (shared/growth.ts): what lets the weekly job grow the portfolio
   * from the entries after L alone. Written on creation, by every replay and by the weekly job;
   * a profile without it is replayed from its ledger by the job once, which then writes it.
   */
  grownUnrounded?: number;
  /**
   * E-mail preferences (the account page): an optional kind set to false is not sent; a missing
   * one is on. Written only by setEmailPreferences, read by the notifier.
   */
  notifications?: Partial<EmailPreferences>;
  /** The client's withdrawal requests waiting for a decision (withdrawal-requests.ts pendingCountOf); absent on older profiles. */
  pendingRequests?: number;
  /**
   * A staff account (staff-accounts.ts): an administrator's profile that never held money. It is
   * off the client indexes (no GSI1PK, GSI1SK, GSI4SK, GSI5SK: neither listed nor grown by the
   * weekly job) and not counted in the admin console's totals. Absent on every client.
   */
  staff?: boolean;
  /**
   * What moved the balance in the last day (shared/four-eyes.ts MovedCents): when each applied move
   * was recorded and by how much, pruned to the window by every move. Written in the move's own
   * transaction, under the version condition, so the day's sum cannot be outrun by concurrent moves.
   */
  recentMoves?: MovedCents[];
  /**
   * The profile is no longer live: every write on it conditions on this flag's absence, so no
   * money move, request or edit can be made. With closedAt, a closed account (closed-accounts.ts):
   * its records kept read-only for administrators; without, a tombstone that reads as no client.
   */
  deleted?: boolean;
  /** When the account was closed (ISO) and by which administrator (e-mail); set once, with deleted. */
  closedAt?: string;
  closedBy?: string;
  /**
   * When the closed account's records expire (epoch seconds, the table's TTL attribute), set with
   * the closing; recordsStampedAt says every other item of the client was given it too.
   */
  expiresAt?: number;
  recordsStampedAt?: string;
  /**
   * Pending actions (four eyes) on this client's money, counted by each proposal and its decision
   * in their own transactions, so the closing can refuse them in its own. Absent: none counted.
   */
  pendingActions?: number;
}

export async function getProfile(sub: string, consistent = false): Promise<Profile | null> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.profile(sub), ConsistentRead: consistent }));
  return (Item as Profile | undefined) ?? null;
}

/** The live profile; ClientNotFound for an unknown, closed or deleted client. */
export async function requireProfile(sub: string, consistent = false): Promise<Profile> {
  const profile = await getProfile(sub, consistent);
  if (!profile || profile.deleted) throw new ClientNotFound(sub);
  return profile;
}

export const isClosed = (profile: Profile): boolean => profile.deleted === true && typeof profile.closedAt === 'string';

/**
 * The profile a read may show: a live one to its owner or an administrator, and a closed one
 * to an administrator only (its records are kept for them). The client of a closed account, with
 * a token still valid, gets ClientNotFound as for any client that is gone.
 */
export async function readableProfile(sub: string, caller: { isAdmin: boolean }, consistent = false): Promise<Profile> {
  const profile = await getProfile(sub, consistent);
  if (!profile) throw new ClientNotFound(sub);
  if (profile.deleted && !(caller.isAdmin && isClosed(profile))) throw new ClientNotFound(sub);
  return profile;
}

export function balanceStateOf(profile: Profile): BalanceState {
  const state: BalanceState = { balanceCents: profile.balanceCents, netCents: profile.netCents, lastUpdate: Date.parse(profile.lastUpdate) };
  return profile.grownUnrounded === undefined ? state : { ...state, grownUnrounded: profile.grownUnrounded };
}

export interface NewClient {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  cognitoUsername: string;
}

/**
 * A client's place on the client indexes: every live client, by shard and lastUpdate (GSI1: the
 * weekly job), by e-mail (GSI4) and by balance (GSI5). A staff account has none of them.
 */
export function clientIndexKeys(profile: Pick<Profile, 'sub' | 'email' | 'balanceCents'>, lastUpdate: number): Record<'GSI1PK' | 'GSI1SK' | 'GSI4SK' | 'GSI5SK', string> {
  return { ...keys.clientsIndex(profile.sub, lastUpdate), ...keys.emailOrder(profile.sub, profile.email), ...keys.balanceOrder(profile.sub, profile.balanceCents) };
}

/** The client index keys by name, for the writes that take a profile off them. */
export const CLIENT_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI4SK', 'GSI5SK'] as const;

/**
 * The PROFILE item of a client whose portfolio is in `state` (an empty one for a new client); with
 * `staff`, of a staff account: off the client indexes.
 */
export function newProfileItem(client: NewClient, state: BalanceState, createdAt: number, staff = false): Profile & Record<string, unknown> {
  return {
    ...keys.profile(client.sub),
    ...(staff ? { staff: true } : clientIndexKeys({ ...client, balanceCents: state.balanceCents }, state.lastUpdate)),
    ...client,
    email: client.email.toLowerCase(),
    balanceCents: state.balanceCents,
    netCents: state.netCents,
    ...(state.grownUnrounded === undefined ? {} : { grownUnrounded: state.grownUnrounded }),
    lastUpdate: new Date(state.lastUpdate).toISOString(),
    version: 0,
    weeklyGainCents: 0,
    weeklyGainPercent: 0,
    createdAt: new Date(createdAt).toISOString(),
    upcomingEligibleAt: [],
  };
}

/**
 * Creates the profile and an empty portfolio once. Called by the post-confirmation trigger and
 * by POST /api/portfolios/create; a second call, or one for a deleted client, writes nothing.
 * With `staff` (an administrator's first sign-in), a staff account: neither listed nor counted.
 */
export async function createProfile(client: NewClient, now: number, options: { staff?: boolean } = {}): Promise<'created' | 'exists' | 'deleted'> {
  const staff = options.staff === true;
  const item = newProfileItem(client, emptyBalance(now), now, staff);
  for (let attempt = 1; ; attempt++) {
    try {
      // One more client on the admin console's totals, in the same transaction.
      const counted = staff ? [] : [totalsUpdate(apiBucket(), totalsDelta(null, item))];
      await ddb().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }, ...counted] }));
      return 'created';
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons[0] === 'ConditionalCheckFailed') {
        const existing = await getProfile(client.sub, true);
        return existing?.deleted ? 'deleted' : 'exists';
      }
      // Another transaction on the same totals bucket: try again (another bucket, likely).
      if (reasons.length === 0 || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

/** How many times a write that only conflicted with another transaction is tried. */
const WRITE_ATTEMPTS = 8;

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** What a profile's conditional update sets, and on what condition. */
interface ProfileUpdate {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** Updates the profile's item if its condition holds; whether it did (false: nothing written). */
async function updateProfileIf(sub: string, update: ProfileUpdate): Promise<boolean> {
  try {
    await ddb().send(new UpdateCommand({ TableName: table(), Key: keys.profile(sub), ...update }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The condition of a write to a live client's profile: it exists and is no tombstone. */
const LIVE = 'attribute_exists(PK) AND attribute_not_exists(deleted)';

/**
 * A live client's names. Names are not money: the version (which money transactions condition
 * on) is left alone, so a rename never makes a concurrent deposit plan again. 'gone' when the
 * profile does not exist or was deleted.
 */
export async function setProfileNames(sub: string, firstName: string, lastName: string): Promise<'set' | 'gone'> {
  const set = await updateProfileIf(sub, { UpdateExpression: 'SET firstName = :first, lastName = :last', ConditionExpression: LIVE, ExpressionAttributeValues: { ':first': firstName, ':last': lastName } });
  return set ? 'set' : 'gone';
}

/**
 * A live client's e-mail preferences, the whole set at once. Like names, not money: the version
 * stays, so a change here never makes a concurrent deposit plan again. 'gone' when the profile
 * does not exist or was deleted.
 */
export async function setEmailPreferences(sub: string, preferences: EmailPreferences): Promise<'set' | 'gone'> {
  const set = await updateProfileIf(sub, { UpdateExpression: 'SET notifications = :preferences', ConditionExpression: LIVE, ExpressionAttributeValues: { ':preferences': preferences } });
  return set ? 'set' : 'gone';
}

/**
 * The weekly job's write: the grown portfolio as `update` computed it from the profile as read,
 * and the eligibility dates still ahead. 'changed' when the profile changed meanwhile (another
 * write, or deleted): nothing was written, and the caller reads it again. A staff account (one
 * made so after the job listed it) stays off the client indexes and out of the totals.
 */
export async function writeWeeklyUpdate(profile: Profile, update: WeeklyUpdate, upcomingEligibleAt: string[], totalsBucket: Bucket): Promise<'written' | 'changed'> {
  const listed = profile.staff !== true;
  const grown: TransactItem = {
    Update: {
      TableName: table(),
      Key: keys.profile(profile.sub),
      UpdateExpression: `SET balanceCents = :b, netCents = :n, grownUnrounded = :g, lastUpdate = :l, weeklyGainCents = :gc, weeklyGainPercent = :gp, ${listed ? 'GSI1SK = :sk, GSI5SK = :bk, ' : ''}upcomingEligibleAt = :u, version = :v1`,
      ConditionExpression: 'version = :v AND attribute_not_exists(deleted)',
      ExpressionAttributeValues: {
        ':b': update.next.balanceCents,
        ':n': update.next.netCents,
        // Both ways of computing an update (replay, or growth from G(L)) give G at the new L.
        ':g': update.next.grownUnrounded ?? null,
        ':l': new Date(update.next.lastUpdate).toISOString(),
        ':gc': update.gainCents,
        ':gp': update.gainPercent,
        ...(listed
          ? { ':sk': keys.clientsIndex(profile.sub, update.next.lastUpdate).GSI1SK, ':bk': keys.balanceOrder(profile.sub, update.next.balanceCents).GSI5SK }
          : {}),
        ':u': upcomingEligibleAt,
        ':v': profile.version,
        ':v1': profile.version + 1,
      },
    },
  };
  // The admin console's totals move with the balance and the weekly gain, in the same transaction.
  const totals = listed ? [totalsUpdate(totalsBucket, totalsDelta(profile, { balanceCents: update.next.balanceCents, weeklyGainPercent: update.gainPercent }))] : [];
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [grown, ...totals] }));
    return 'written';
  } catch (error) {
    // Changed meanwhile, or a conflict (another execution's worker on the same bucket): read it again.
    if (cancellationReasons(error).length > 0) return 'changed';
    throw error;
  }
}

/**
 * Gives a live profile that lacks it its list of eligibility dates, computed from its ledger as
 * read at `profile.version`. Never touches a profile that has a list, a deleted one, or one that
 * changed since it was read ('changed': nothing written; read it again).
 */
export async function setMissingUpcomingEligibleAt(profile: Pick<Profile, 'sub' | 'version'>, upcomingEligibleAt: string[]): Promise<'written' | 'changed'> {
  const written = await updateProfileIf(profile.sub, {
    UpdateExpression: 'SET upcomingEligibleAt = :u, version = :v1',
    ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(upcomingEligibleAt) AND attribute_not_exists(deleted) AND version = :v',
    ExpressionAttributeValues: { ':u': upcomingEligibleAt, ':v': profile.version, ':v1': profile.version + 1 },
  });
  return written ? 'written' : 'changed';
}

/**
 * Puts a live profile written before the admin list's indexes on them (its GSI4SK and GSI5SK),
 * if it still has the e-mail and balance the keys were made from; 'changed' otherwise (nothing
 * written; read it again). Not money: the version stays.
 */
export async function setClientListKeys(profile: Pick<Profile, 'sub' | 'email' | 'balanceCents'>, listKeys: { GSI4SK: string; GSI5SK: string }): Promise<'written' | 'changed'> {
  const written = await updateProfileIf(profile.sub, {
    UpdateExpression: 'SET GSI4SK = :e, GSI5SK = :b',
    // A staff account stays off the client indexes.
    ConditionExpression: 'attribute_not_exists(deleted) AND attribute_not_exists(staff) AND email = :email AND balanceCents = :cents',
    ExpressionAttributeValues: { ':e': listKeys.GSI4SK, ':b': listKeys.GSI5SK, ':email': profile.email, ':cents': profile.balanceCents },
  });
  return written ? 'written' : 'changed';
}

export function displayName(profile: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [profile.firstName, profile.lastName].filter((n) => n).join(' ');
}

export function toPortfolioDto(profile: Profile): PortfolioDto {
  return {
    userId: profile.sub,
    balance: centsToDollars(profile.balanceCents),
    lastUpdate: profile.lastUpdate,
    weeklyGain: roundPercent(profile.weeklyGainPercent),
    weeklyGainAmount: centsToDollars(profile.weeklyGainCents),
  };
}

export function toClientDto(profile: Profile, nextWithdrawalDate: number | undefined): ClientDto {
  return {
    id: profile.sub,
    email: profile.email,
    displayName: displayName(profile),
    portfolio: {
      balance: centsToDollars(profile.balanceCents),
      weeklyGain: roundPercent(profile.weeklyGainPercent),
      weeklyGainAmount: centsToDollars(profile.weeklyGainCents),
      lastUpdate: profile.lastUpdate,
    },
    ...(nextWithdrawalDate === undefined ? {} : { nextWithdrawalDate: new Date(nextWithdrawalDate).toISOString() }),
  };
}

/** The e-mail recorded on ledger entries as who made them: the admin's own profile, else its username. */
export async function actorEmail(caller: { sub: string; username: string }): Promise<string> {
  return (await getProfile(caller.sub))?.email ?? caller.username;
}
