/**
 * A client's PROFILE item: its fields, its keys on the client indexes, a new one as it is first
 * written, and what is read off it without the table (its state, its name, whether it is closed).
 * The reads are in profile-reads.ts, the writes in profile-writes.ts.
 */
import type { BalanceState } from '../../../shared/growth';
import type { EmailPreferences } from '../../../shared/email-preferences';
import type { MovedCents } from '../../../shared/four-eyes';
import { keys } from './table';

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
   * `applied`: a new client's account the firm is still reviewing (a stage's clientSignUp
   * 'review'). Off the client indexes and not counted in the totals, as a staff account, and
   * refused every money move until an administrator approves it. Absent: active.
   */
  status?: 'applied';
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
  /**
   * The client agreement's version the client last accepted, and when (client-agreement.ts):
   * written with the AGREEMENT item that records it. Absent: none accepted yet.
   */
  agreement?: { version: string; acceptedAt: string };
}

export const isClosed = (profile: Profile): boolean => profile.deleted === true && typeof profile.closedAt === 'string';

export const isApplied = (profile: Pick<Profile, 'status'>): boolean => profile.status === 'applied';

export function balanceStateOf(profile: Profile): BalanceState {
  const state: BalanceState = {
    balanceCents: profile.balanceCents,
    netCents: profile.netCents,
    lastUpdate: Date.parse(profile.lastUpdate),
  };
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
export function clientIndexKeys(
  profile: Pick<Profile, 'sub' | 'email' | 'balanceCents'>,
  lastUpdate: number,
): Record<'GSI1PK' | 'GSI1SK' | 'GSI4SK' | 'GSI5SK', string> {
  return {
    ...keys.clientsIndex(profile.sub, lastUpdate),
    ...keys.emailOrder(profile.sub, profile.email),
    ...keys.balanceOrder(profile.sub, profile.balanceCents),
  };
}

/** The client index keys by name, for the writes that take a profile off them. */
export const CLIENT_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI4SK', 'GSI5SK'] as const;

/** What a new profile is: a client's, a staff account (staff-accounts.ts), or an applicant's the firm reviews first. */
export type ProfileKind = 'client' | 'staff' | 'applied';

/** Of a new profile of `kind`: a client is on the client indexes; a staff account and an applicant are not. */
function kindFields(client: NewClient, state: BalanceState, kind: ProfileKind): Record<string, unknown> {
  if (kind === 'staff') return { staff: true };
  if (kind === 'applied') return { status: 'applied' };
  return clientIndexKeys({ ...client, balanceCents: state.balanceCents }, state.lastUpdate);
}

/**
 * The PROFILE item of a client whose portfolio is in `state` (an empty one for a new client), of
 * `kind`: a staff account and an applicant are off the client indexes.
 */
export function newProfileItem(
  client: NewClient,
  state: BalanceState,
  createdAt: number,
  kind: ProfileKind = 'client',
): Profile & Record<string, unknown> {
  return {
    ...keys.profile(client.sub),
    ...kindFields(client, state, kind),
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

export function displayName(profile: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [profile.firstName, profile.lastName].filter((n) => n).join(' ');
}
