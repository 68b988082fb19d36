/**
 * Closing a client's account (the route keeps its name and path): (1) the closing, one
 * transaction refused while the account holds money or a request or action waits on it
 * (closed-accounts.ts); nothing is removed; (2) the login ends: the Cognito user is signed out
 * everywhere and disabled; (3) every record of the client is given the expiry the stage's
 * recordYears sets. Each step is idempotent, so closing a closed account again finishes
 * whatever a failure cut short, and answers as the first closing did.
 */
import { closeAccount, stampClosedRecords } from '../lib/data/closed-accounts';
import { endLogin } from '../lib/cognito/cognito';
import { BadRequest, Conflict } from '../lib/http/errors';
import { getProfile } from '../lib/data/profile-reads';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { config } from '../lib/runtime/config';
import { refusals } from '../../shared/refusals';

export const handler = httpHandler('deleteClient', async ({ caller, params, now }) => {
  const sub = params.id;
  if (sub === caller.sub) throw new BadRequest(refusals.cannotDeleteSelf);
  // An applicant's account is closed by rejecting the application, so that every rejection has a reason.
  if ((await getProfile(sub, true))?.status === 'applied') throw new Conflict(refusals.closeRefusedApplied);
  const closed = await closeAccount(sub, { email: await actorEmail(caller), sub: caller.sub }, now, config.recordYears);
  await endLogin(closed.cognitoUsername);
  await stampClosedRecords(closed, now);
  return { body: { success: true } };
});
