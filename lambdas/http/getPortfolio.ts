import { httpHandler } from '../lib/http/http';
import { requireProfile, toPortfolioDto } from '../lib/data/profiles';

export const handler = httpHandler('getPortfolio', async ({ caller, params }) => {
  const userId = params.userId;
  const profile = await requireProfile(userId);
  return { body: { success: true, portfolio: toPortfolioDto(profile) } };
});
