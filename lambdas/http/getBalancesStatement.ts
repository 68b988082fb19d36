import { balancesCsv } from '../../shared/statement';
import { httpHandler } from '../lib/http';
import { listProfiles } from '../lib/indexes';
import { displayName } from '../lib/profiles';

/** Every client's balance as one CSV: the whole book. */
export const handler = httpHandler('getBalancesStatement', async ({ now }) => {
  const profiles = (await listProfiles()).sort((a, b) => a.email.localeCompare(b.email));
  const csv = balancesCsv(
    profiles.map((p) => ({ email: p.email, name: displayName(p), balanceCents: p.balanceCents, weeklyGainPercent: p.weeklyGainPercent, lastUpdate: p.lastUpdate })),
  );
  return { body: csv, filename: `aurum-balances-${new Date(now).toISOString().slice(0, 10)}.csv` };
});
