import { httpHandler } from '../lib/http/http';
import { readableProfile } from '../lib/data/profile-reads';
import { portfolioAgreementOf, toPortfolioDto } from '../lib/data/profile-api';
import { config } from '../lib/runtime/config';

export const handler = httpHandler('getPortfolio', async ({ caller, params }) => {
  const userId = params.userId;
  const profile = await readableProfile(userId, caller);
  const portfolio = toPortfolioDto(profile);
  // How to fund the account only once the firm has approved it: an applicant under review reads none.
  const funding = portfolio.status === 'active' ? { funding: [...config.fundingInstructions] } : {};
  return {
    body: {
      success: true,
      portfolio: { ...portfolio, ...portfolioAgreementOf(profile, config.clientAgreement), ...funding },
    },
  };
});
