import { setCognitoNames } from '../lib/cognito/cognito';
import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { requireProfile } from '../lib/data/profile-reads';
import { setProfileNames } from '../lib/data/profile-writes';
import { refusals } from '../../shared/refusals';

/**
 * A client renames itself (the account page). Cognito first: it is where the names are checked
 * last and what the next ID token shows; then the portfolio, which admins see. Setting the same
 * names again is harmless, so a failure between the two is mended by trying again.
 */
export const handler = httpHandler('updateMyNames', async ({ params, body }) => {
  const profile = await requireProfile(params.userId, true);
  await setCognitoNames(profile.cognitoUsername, body.firstName, body.lastName);
  if ((await setProfileNames(params.userId, body.firstName, body.lastName)) === 'gone')
    throw new NotFound(refusals.clientNotFound);
  return { body: { success: true, firstName: body.firstName, lastName: body.lastName } };
});
