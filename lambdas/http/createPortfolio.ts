/**
 * The web's sign-up flow calls this after the account is confirmed. The post-confirmation
 * trigger has normally created the portfolio already; this makes sure of it, idempotently.
 * A client can only create its own, empty, portfolio.
 */
import { apiMessages } from '../../shared/messages';
import { cognitoUser } from '../lib/cognito';
import { Forbidden } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { createProfile, getProfile, requireProfile, toPortfolioDto } from '../lib/profiles';

export const handler = httpHandler('createPortfolio', async ({ caller, body, now }) => {
  const existing = await getProfile(caller.sub, true);
  if (existing?.deleted) throw new Forbidden(apiMessages.accountDeleted);
  if (!existing) {
    const user = await cognitoUser(caller.username);
    const outcome = await createProfile({ sub: caller.sub, cognitoUsername: caller.username, ...user }, now);
    if (outcome === 'deleted') throw new Forbidden(apiMessages.accountDeleted);
  }
  const profile = await requireProfile(caller.sub, true);
  return { body: { success: true, portfolio: toPortfolioDto(profile) } };
});
