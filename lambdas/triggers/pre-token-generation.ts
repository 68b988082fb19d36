/**
 * Cognito pre token generation (V1_0, the ID token): the client's names in every ID token are
 * the profile's, read from the table at each issue (sign-in, refresh, hosted UI). The profile is
 * where names are checked (the names route's rules); Cognito's own given_name and family_name are
 * only as trustworthy as whatever wrote them last, and a user may write them with their own
 * access token (the app client's write attributes must allow the sign-up form's names and
 * Google's mapping). An account without a live profile (an administrator's, one whose portfolio
 * is yet to be made) keeps Cognito's claims: only its owner sees them.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { getProfile } from '../lib/data/profiles';

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
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
