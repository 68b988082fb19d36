import { httpHandler } from '../lib/http/http';
import { readableProfile } from '../lib/data/profile-reads';
import { portfolioAgreementOf, toPortfolioDto } from '../lib/data/profile-api';
import { config } from '../lib/runtime/config';

export const handler = httpHandler('getPortfolio', async ({ caller, params }) => {
  const userId = params.userId;
  const profile = await readableProfile(userId, caller);
  return {
    body: {
      success: true,
      portfolio: { ...toPortfolioDto(profile), ...portfolioAgreementOf(profile, config.clientAgreement) },
    },
  };
});
