import { httpHandler } from '../lib/http/http';
import { readableProfile, toPortfolioDto } from '../lib/data/profiles';

export const handler = httpHandler('getPortfolio', async ({ caller, params }) => {
  const userId = params.userId;
  const profile = await readableProfile(userId, caller);
  return { body: { success: true, portfolio: toPortfolioDto(profile) } };
});
