/** Client profiles and portfolios: the PROFILE item of each client. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './table';
import type { ClientDto, PortfolioDto } from '../../shared/api';
import { type BalanceState, emptyBalance } from '../../shared/growth';
import { apiMessages } from '../../shared/messages';
import { centsToDollars, roundPercent } from '../../shared/money';
import { ddb, table } from './db';
import { NotFound } from './errors';

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
   * deposit: written with every deposit, so the admin list needs no read of any ledger. Absent
   * on profiles written before it existed (their ledger is read instead).
   */
  upcomingEligibleAt?: string[];
  deleted?: boolean;
}

/** How long a tombstone outlives the client: longer than any access token it could still hold. */
export const TOMBSTONE_TTL_SECONDS = 7 * 24 * 3600;

export async function getProfile(sub: string, consistent = false): Promise<Profile | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: table(), Key: keys.profile(sub), ConsistentRead: consistent }));
  return (Item as Profile | undefined) ?? null;
}

/** The live profile, or 404 (unknown or deleted client). */
export async function requireProfile(sub: string, consistent = false): Promise<Profile> {
  const profile = await getProfile(sub, consistent);
  if (!profile || profile.deleted) throw new NotFound(apiMessages.clientNotFound);
  return profile;
}

export function balanceStateOf(profile: Profile): BalanceState {
  return { balanceCents: profile.balanceCents, netCents: profile.netCents, lastUpdate: Date.parse(profile.lastUpdate) };
}

export interface NewClient {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  cognitoUsername: string;
}

/**
 * Creates the profile and an empty portfolio once. Called by the post-confirmation trigger and
 * by POST /api/portfolios/create; a second call, or one for a deleted client, writes nothing.
 */
/** The PROFILE item of a client whose portfolio is in `state` (an empty one for a new client). */
export function newProfileItem(client: NewClient, state: BalanceState, createdAt: number): Profile & Record<string, unknown> {
  return {
    ...keys.profile(client.sub),
    ...keys.clientsIndex(client.sub, state.lastUpdate),
    ...client,
    email: client.email.toLowerCase(),
    balanceCents: state.balanceCents,
    netCents: state.netCents,
    lastUpdate: new Date(state.lastUpdate).toISOString(),
    version: 0,
    weeklyGainCents: 0,
    weeklyGainPercent: 0,
    createdAt: new Date(createdAt).toISOString(),
    upcomingEligibleAt: [],
  };
}

export async function createProfile(client: NewClient, now: number): Promise<'created' | 'exists' | 'deleted'> {
  const item = newProfileItem(client, emptyBalance(now), now);
  try {
    await ddb.send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
    return 'created';
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const existing = await getProfile(client.sub, true);
    return existing?.deleted ? 'deleted' : 'exists';
  }
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
    portfolio: { balance: centsToDollars(profile.balanceCents), weeklyGain: roundPercent(profile.weeklyGainPercent), lastUpdate: profile.lastUpdate },
    ...(nextWithdrawalDate === undefined ? {} : { nextWithdrawalDate: new Date(nextWithdrawalDate).toISOString() }),
  };
}

/** The e-mail recorded on ledger entries as who made them: the admin's own profile, else its username. */
export async function actorEmail(caller: { sub: string; username: string }): Promise<string> {
  return (await getProfile(caller.sub))?.email ?? caller.username;
}
