/** The admin client list: every live client with balance, weekly gain and next withdrawal date. */
import { eligibleAt } from '../../shared/eligibility';
import { httpHandler } from '../lib/http';
import { depositsEligibleBetween, listProfiles } from '../lib/indexes';
import { toClientDto } from '../lib/profiles';

/** Deposits younger than 6 months become eligible within this horizon; later ones cannot exist yet. */
const HORIZON_MS = 200 * 24 * 3600 * 1000;

export const handler = httpHandler('listClients', undefined, async ({ now }) => {
  const [profiles, upcoming] = await Promise.all([listProfiles(), depositsEligibleBetween(now, now + HORIZON_MS)]);
  const next = new Map<string, number>();
  for (const deposit of upcoming) {
    const e = eligibleAt(Date.parse(deposit.at));
    const known = next.get(deposit.sub);
    if (known === undefined || e < known) next.set(deposit.sub, e);
  }
  const clients = profiles
    .map((p) => toClientDto(p, next.get(p.sub)))
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return { body: clients };
});
