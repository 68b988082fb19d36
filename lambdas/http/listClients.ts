/** The admin client list: every live client with balance, weekly gain and next withdrawal date. */
import { eligibleAt, nextUpcomingEligibility, nextWithdrawalDate } from '../../shared/eligibility';
import { FUTURE_SKEW_MS } from '../../shared/forms';
import { httpHandler } from '../lib/http';
import { depositsEligibleBetween, listProfiles } from '../lib/indexes';
import { toClientDto } from '../lib/profiles';

/**
 * The next withdrawal date of every client with a deposit still ahead, from GSI2: for profiles
 * written before upcomingEligibleAt existed (until their next deposit or weekly update writes
 * it). One indexed read for all of them, rather than one ledger read each.
 */
async function nextDatesFromEligibilityIndex(now: number): Promise<Map<string, number | null>> {
  const depositTimes = new Map<string, number[]>();
  // No deposit is dated later than now plus the allowed clock skew, so none becomes eligible later.
  for (const deposit of await depositsEligibleBetween(now, eligibleAt(now + FUTURE_SKEW_MS))) {
    const times = depositTimes.get(deposit.sub);
    if (times) times.push(Date.parse(deposit.at));
    else depositTimes.set(deposit.sub, [Date.parse(deposit.at)]);
  }
  return new Map([...depositTimes].map(([sub, times]) => [sub, nextWithdrawalDate(times, now)]));
}

export const handler = httpHandler('listClients', undefined, async ({ now }) => {
  const profiles = await listProfiles();
  const fromIndex = profiles.some((p) => !p.upcomingEligibleAt) ? await nextDatesFromEligibilityIndex(now) : undefined;
  const clients = profiles.map((p) => {
    const next = p.upcomingEligibleAt ? nextUpcomingEligibility(p.upcomingEligibleAt, now) : fromIndex?.get(p.sub);
    return toClientDto(p, next ?? undefined);
  });
  clients.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return { body: clients };
});
