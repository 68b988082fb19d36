/** Clients whose deposits are within 2 weeks of eligibility, or became eligible in the last day. */
import type { AlertGroupDto } from '../../shared/api';
import { alertWindowRange, daysUntilEligible, eligibleAt } from '../../shared/eligibility';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http/http';
import { depositsEligibleBetween } from '../lib/data/indexes';
import { getProfile } from '../lib/data/profile-reads';

export const handler = httpHandler('listWithdrawalAlerts', async ({ now }) => {
  const { fromExclusive, toInclusive } = alertWindowRange(now);
  const deposits = await depositsEligibleBetween(fromExclusive, toInclusive);
  const groups = new Map<string, AlertGroupDto>();
  for (const d of deposits) {
    const group = groups.get(d.sub) ?? { userId: d.sub, userEmail: '', deposits: [] };
    group.deposits.push({
      id: d.entryId,
      amount: centsToDollars(d.amountCents),
      timestamp: d.at,
      daysUntilEligible: daysUntilEligible(eligibleAt(Date.parse(d.at)), now),
    });
    groups.set(d.sub, group);
  }
  const profiles = await Promise.all([...groups.keys()].map((sub) => getProfile(sub)));
  const data: AlertGroupDto[] = [];
  for (const profile of profiles) {
    if (!profile || profile.deleted) continue;
    const group = groups.get(profile.sub);
    if (!group) continue;
    group.userEmail = profile.email;
    group.deposits.sort((a, b) => a.daysUntilEligible - b.daysUntilEligible || a.timestamp.localeCompare(b.timestamp));
    data.push(group);
  }
  data.sort(
    (a, b) =>
      (a.deposits[0]?.daysUntilEligible ?? 0) - (b.deposits[0]?.daysUntilEligible ?? 0) ||
      a.userEmail.localeCompare(b.userEmail),
  );
  return { body: { data } };
});
