/**
 * Every write to a client's PROFILE item outside a money transaction (profile-transaction.ts):
 * its creation, its names and e-mail preferences, and the weekly job's growth. The writes only
 * the one-off migrations make are beside them (lambdas/lib/migrations/profile-migration-writes.ts).
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { emptyBalance, type WeeklyUpdate } from '../../../shared/growth';
import type { EmailPreferences } from '../../../shared/email-preferences';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { apiBucket, type Bucket, totalsDelta, totalsUpdate } from './client-totals';
import { type NewClient, newProfileItem, type Profile, type ProfileKind } from './profile-item';
import { applicationPut } from './applications';
import { signUpStatus } from './sign-up-status';
import type { ClientSignUp } from '../../../shared/client-sign-up';
import { getProfile } from './profile-reads';
import { acceptanceRefused, invitationAcceptance } from './invitation-acceptance';
import { keys } from './table';

/**
 * Creates the profile and an empty portfolio once. Called by the post-confirmation trigger and
 * by POST /api/portfolios/create; a second call, or one for a deleted client, writes nothing.
 * With `staff` (an administrator's first sign-in), a staff account: neither listed nor counted.
 * A client whose `verifiedEmail` has an open invitation is an invited one: active at once, the
 * invitation used in the same transaction (invitation-acceptance.ts); if only that fails (revoked,
 * expired or used meanwhile), the client signs up as any other. For any other, `signUp` (the
 * stage's clientSignUp) decides: active, or applied with its application in the same transaction,
 * neither listed nor counted until an administrator approves it.
 */
export async function createProfile(
  client: NewClient,
  now: number,
  options: { staff?: boolean; verifiedEmail?: string; signUp: ClientSignUp },
): Promise<'created' | 'exists' | 'deleted'> {
  const staff = options.staff === true;
  let acceptance = staff ? null : await invitationAcceptance(client.sub, options.verifiedEmail, now);
  for (let attempt = 1; ; attempt++) {
    const invited = acceptance !== null;
    const kind: ProfileKind = staff
      ? 'staff'
      : invited || signUpStatus(options.signUp) === 'active'
        ? 'client'
        : 'applied';
    const writes = newProfileWrites(client, now, kind);
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [...writes, ...(acceptance?.writes ?? [])] }));
      return 'created';
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (reasons[0] === 'ConditionalCheckFailed') {
        const existing = await getProfile(client.sub, true);
        return existing?.deleted ? 'deleted' : 'exists';
      }
      // The invitation alone was refused (its writes follow the profile's own): the sign-up stands, without it.
      if (invited && acceptanceRefused(reasons, writes.length)) {
        acceptance = null;
        continue;
      }
      // Another transaction on the same totals bucket: try again (another bucket, likely).
      if (reasons.length === 0 || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

/**
 * A new profile's writes, the profile's Put first: a client is counted on the admin console's
 * totals in the same transaction, an applicant's application is put instead, a staff account neither.
 */
function newProfileWrites(client: NewClient, now: number, kind: ProfileKind): TransactItem[] {
  const item = newProfileItem(client, emptyBalance(now), now, kind);
  return [
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
    ...(kind === 'client' ? [totalsUpdate(apiBucket(), totalsDelta(null, item))] : []),
    ...(kind === 'applied' ? [applicationPut(client, now)] : []),
  ];
}

/** How many times a write that only conflicted with another transaction is tried. */
const WRITE_ATTEMPTS = 8;

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** What a profile's conditional update sets, and on what condition. */
export interface ProfileUpdate {
  UpdateExpression: string;
  ConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** Updates the profile's item if its condition holds; whether it did (false: nothing written). */
export async function updateProfileIf(sub: string, update: ProfileUpdate): Promise<boolean> {
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
  const set = await updateProfileIf(sub, {
    UpdateExpression: 'SET firstName = :first, lastName = :last',
    ConditionExpression: LIVE,
    ExpressionAttributeValues: { ':first': firstName, ':last': lastName },
  });
  return set ? 'set' : 'gone';
}

/**
 * A live client's e-mail preferences, the whole set at once. Like names, not money: the version
 * stays, so a change here never makes a concurrent deposit plan again. 'gone' when the profile
 * does not exist or was deleted.
 */
export async function setEmailPreferences(sub: string, preferences: EmailPreferences): Promise<'set' | 'gone'> {
  const set = await updateProfileIf(sub, {
    UpdateExpression: 'SET notifications = :preferences',
    ConditionExpression: LIVE,
    ExpressionAttributeValues: { ':preferences': preferences },
  });
  return set ? 'set' : 'gone';
}

/**
 * The weekly job's write: the grown portfolio as `update` computed it from the profile as read,
 * and the eligibility dates still ahead. 'changed' when the profile changed meanwhile (another
 * write, or deleted): nothing was written, and the caller reads it again. A staff account (one
 * made so after the job listed it) stays off the client indexes and out of the totals.
 */
export async function writeWeeklyUpdate(
  profile: Profile,
  update: WeeklyUpdate,
  upcomingEligibleAt: string[],
  totalsBucket: Bucket,
): Promise<'written' | 'changed'> {
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
          ? {
              ':sk': keys.clientsIndex(profile.sub, update.next.lastUpdate).GSI1SK,
              ':bk': keys.balanceOrder(profile.sub, update.next.balanceCents).GSI5SK,
            }
          : {}),
        ':u': upcomingEligibleAt,
        ':v': profile.version,
        ':v1': profile.version + 1,
      },
    },
  };
  // The admin console's totals move with the balance and the weekly gain, in the same transaction.
  const totals = listed
    ? [
        totalsUpdate(
          totalsBucket,
          totalsDelta(profile, { balanceCents: update.next.balanceCents, weeklyGainPercent: update.gainPercent }),
        ),
      ]
    : [];
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [grown, ...totals] }));
    return 'written';
  } catch (error) {
    // Changed meanwhile, or a conflict (another execution's worker on the same bucket): read it again.
    if (cancellationReasons(error).length > 0) return 'changed';
    throw error;
  }
}
