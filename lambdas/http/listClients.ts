/** The admin client list: every live client with balance, weekly gain and next withdrawal date. */
import { nextUpcomingEligibility } from '../../shared/eligibility';
import { httpHandler } from '../lib/http';
import { listProfiles } from '../lib/indexes';
import { toClientDto } from '../lib/profiles';

/** The next withdrawal date comes from each profile's own list of eligibility dates: no ledger or index read. */
export const handler = httpHandler('listClients', async ({ now }) => {
  const profiles = await listProfiles();
  const clients = profiles.map((p) => toClientDto(p, nextUpcomingEligibility(p.upcomingEligibleAt ?? [], now) ?? undefined));
  clients.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return { body: clients };
});
