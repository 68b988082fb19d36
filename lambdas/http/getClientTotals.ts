/** The admin console's totals cards, from the aggregate every write keeps (lib/client-totals.ts). */
import { centsToDollars } from '../../shared/money';
import { readClientTotals } from '../lib/data/client-totals';
import { httpHandler } from '../lib/http/http';

export const handler = httpHandler('getClientTotals', async () => {
  const totals = await readClientTotals();
  return {
    body: {
      totalClients: totals.clients,
      totalPortfolioValue: centsToDollars(totals.balanceCents),
      // The mean of the weekly gains as the list shows them (summed in hundredths of a percent); the page rounds it to 2 decimals.
      averageWeeklyGain: totals.clients === 0 ? 0 : totals.weeklyGainHundredths / totals.clients / 100,
    },
  };
});
