/** The admin client list: every live client with balance, weekly gain and next withdrawal date. */
import { nextUpcomingEligibility, nextWithdrawalDate } from '../../shared/eligibility';
import { httpHandler } from '../lib/http';
import { listProfiles } from '../lib/indexes';
import { loadLedger } from '../lib/ledger';
import { type Profile, toClientDto } from '../lib/profiles';

/** Profiles written before upcomingEligibleAt existed: their next date from their own ledger. */
async function nextFromLedger(profile: Profile, now: number): Promise<number | null> {
  const deposits = (await loadLedger(profile.sub)).filter((e) => e.type === 'deposit').map((e) => Date.parse(e.at));
  return nextWithdrawalDate(deposits, now);
}

export const handler = httpHandler('listClients', undefined, async ({ now }) => {
  const profiles = await listProfiles();
  const clients = await Promise.all(
    profiles.map(async (p) => {
      const next = p.upcomingEligibleAt ? nextUpcomingEligibility(p.upcomingEligibleAt, now) : await nextFromLedger(p, now);
      return toClientDto(p, next ?? undefined);
    }),
  );
  clients.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return { body: clients };
});
