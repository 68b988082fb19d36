/**
 * The writes to PROFILE items that only the one-off migrations make (migrate-upcoming-eligible.ts,
 * migrate-client-list-keys.ts): each conditional, so a profile changed since it was read is left
 * for the migration to read again.
 */
import type { Profile } from '../data/profile-item';
import { updateProfileIf } from '../data/profile-writes';

/**
 * Gives a live profile that lacks it its list of eligibility dates, computed from its ledger as
 * read at `profile.version`. Never touches a profile that has a list, a deleted one, or one that
 * changed since it was read ('changed': nothing written; read it again).
 */
export async function setMissingUpcomingEligibleAt(
  profile: Pick<Profile, 'sub' | 'version'>,
  upcomingEligibleAt: string[],
): Promise<'written' | 'changed'> {
  const written = await updateProfileIf(profile.sub, {
    UpdateExpression: 'SET upcomingEligibleAt = :u, version = :v1',
    ConditionExpression:
      'attribute_exists(PK) AND attribute_not_exists(upcomingEligibleAt) AND attribute_not_exists(deleted) AND version = :v',
    ExpressionAttributeValues: { ':u': upcomingEligibleAt, ':v': profile.version, ':v1': profile.version + 1 },
  });
  return written ? 'written' : 'changed';
}

/**
 * Puts a live profile written before the admin list's indexes on them (its GSI4SK and GSI5SK),
 * if it still has the e-mail and balance the keys were made from; 'changed' otherwise (nothing
 * written; read it again). Not money: the version stays.
 */
export async function setClientListKeys(
  profile: Pick<Profile, 'sub' | 'email' | 'balanceCents'>,
  listKeys: { GSI4SK: string; GSI5SK: string },
): Promise<'written' | 'changed'> {
  const written = await updateProfileIf(profile.sub, {
    UpdateExpression: 'SET GSI4SK = :e, GSI5SK = :b',
    // A staff account stays off the client indexes.
    ConditionExpression:
      'attribute_not_exists(deleted) AND attribute_not_exists(staff) AND email = :email AND balanceCents = :cents',
    ExpressionAttributeValues: {
      ':e': listKeys.GSI4SK,
      ':b': listKeys.GSI5SK,
      ':email': profile.email,
      ':cents': profile.balanceCents,
    },
  });
  return written ? 'written' : 'changed';
}
