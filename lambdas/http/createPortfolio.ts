/**
 * The web's sign-up flow calls this after the account is confirmed. The post-confirmation
 * trigger has normally created the portfolio already; this makes sure of it, idempotently.
 * A client can only create its own, empty, portfolio. An administrator's (one Cognito confirms
 * now, not only their token) is a staff account: neither listed nor counted as a client
 * (staff-accounts.ts).
 */
import { adminStanding } from '../lib/http/admin-membership';
import type { Caller } from '../lib/http/auth';
import { cognitoUser } from '../lib/cognito/cognito';
import { Forbidden } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { createProfile } from '../lib/data/profile-writes';
import { getProfile, requireProfile } from '../lib/data/profile-reads';
import { toPortfolioDto } from '../lib/data/profile-api';
import { userPoolDefinition } from '../../shared/user-pool';
import { refusals } from '../../shared/refusals';
import { config } from '../lib/runtime/config';

/** Only a token that claims `admins` costs the Cognito check; whether it has a second factor yet does not matter here. */
async function isConfirmedAdmin(caller: Caller): Promise<boolean> {
  return caller.groups.includes(userPoolDefinition.adminGroup) && (await adminStanding(caller.username)) !== 'notAdmin';
}

export const handler = httpHandler('createPortfolio', async ({ caller, now }) => {
  const existing = await getProfile(caller.sub, true);
  if (existing?.deleted) throw new Forbidden(refusals.accountDeleted);
  if (!existing) {
    const { emailVerified, ...user } = await cognitoUser(caller.username);
    const outcome = await createProfile({ sub: caller.sub, cognitoUsername: caller.username, ...user }, now, {
      staff: await isConfirmedAdmin(caller),
      // As the trigger does: only an address Cognito verified can use an invitation.
      verifiedEmail: emailVerified ? user.email : undefined,
      signUp: config.clientSignUp,
    });
    if (outcome === 'deleted') throw new Forbidden(refusals.accountDeleted);
  }
  const profile = await requireProfile(caller.sub, true);
  return { body: { success: true, portfolio: toPortfolioDto(profile) } };
});
