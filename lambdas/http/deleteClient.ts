/**
 * Deleting a client: (1) the profile becomes a tombstone (with the act's activity entry), so the client's still-valid tokens can
 * neither read nor recreate anything; (2) the Cognito user is signed out everywhere and deleted;
 * (3) every other item of the client is removed. Each step is idempotent, so a retry after a
 * partial failure finishes the job.
 */
import { apiMessages } from '../../shared/messages';
import { removeEverythingButProfile } from '../lib/data/client-items';
import { deleteCognitoUser } from '../lib/cognito/cognito';
import { BadRequest, NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { actorEmail, getProfile, tombstoneProfile } from '../lib/data/profiles';

export const handler = httpHandler('deleteClient', async ({ caller, params, now }) => {
  const sub = params.id;
  if (sub === caller.sub) throw new BadRequest(apiMessages.cannotDeleteSelf);
  const profile = await getProfile(sub, true);
  if (!profile) throw new NotFound(apiMessages.clientNotFound);
  if (!profile.deleted) await tombstoneProfile(profile, now, await actorEmail(caller));
  await deleteCognitoUser(profile.cognitoUsername);
  await removeEverythingButProfile(sub);
  return { body: { success: true } };
});
