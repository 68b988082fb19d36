/**
 * Cognito pre token generation (V1_0, the ID token): the client's names in every ID token are
 * the profile's, read from the table at each issue (sign-in, refresh, hosted UI). The profile is
 * where names are checked (the names route's rules); Cognito's own given_name and family_name are
 * only as trustworthy as whatever wrote them last, and a user may write them with their own
 * access token (the app client's write attributes must allow the sign-up form's names and
 * Google's mapping). An account without a live profile (an administrator's, one whose portfolio
 * is yet to be made) keeps Cognito's claims: only its owner sees them.
 *
 * It also records the admin moments Cognito shows and the security record lacks (an administrator
 * added in the Cognito console), with an `admin-added` activity entry: the one path that writes
 * them, so the API's admin check only reads (lambdas/lib/http/admin-moments.ts).
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { getProfile } from '../lib/data/profile-reads';
import { recordAdminMoments } from '../lib/http/admin-moments';
import { logger } from '../lib/runtime/logger';

/**
 * A failed recording does not refuse the sign-in: without the moment the admin check gives the
 * session no admin power (it answers sign in again), and the next issue of tokens tries again.
 */
async function recordMoments(event: PreTokenGenerationTriggerEvent): Promise<void> {
  const { sub, email } = event.request.userAttributes;
  if (!sub) return;
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  try {
    await recordAdminMoments({
      sub,
      username: event.userName,
      email: email ?? '',
      userPoolId: event.userPoolId,
      groups,
    });
  } catch (error) {
    logger.error('admin moments not recorded at sign-in', {
      sub,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  await recordMoments(event);
  const sub = event.request.userAttributes.sub;
  const profile = sub ? await getProfile(sub) : null;
  if (!profile || profile.deleted) return event;
  const { firstName, lastName } = profile;
  event.response.claimsOverrideDetails = {
    claimsToAddOrOverride: { given_name: firstName, family_name: lastName, name: `${firstName} ${lastName}`.trim() },
    // Given back as they came: a response without them would take the groups out of the tokens.
    groupOverrideDetails: event.request.groupConfiguration,
  };
  return event;
};
