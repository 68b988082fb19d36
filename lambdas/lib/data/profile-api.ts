/**
 * A client's profile in the API's shapes (shared/api.ts): the portfolio a client reads, and the
 * client a row of the admin console's lists shows. On the data floor because the list modules
 * (client-list.ts, closed-list.ts) build their pages of these.
 */
import type { ClientDto, PortfolioDto } from '../../../shared/api';
import type { ClientAgreement } from '../../../shared/client-agreement';
import { centsToDollars, roundPercent } from '../../../shared/money';
import { displayName, isApplied, type Profile } from './profile-item';

export function toPortfolioDto(profile: Profile): PortfolioDto {
  return {
    userId: profile.sub,
    balance: centsToDollars(profile.balanceCents),
    lastUpdate: profile.lastUpdate,
    weeklyGain: roundPercent(profile.weeklyGainPercent),
    weeklyGainAmount: centsToDollars(profile.weeklyGainCents),
    status: isApplied(profile) ? 'applied' : 'active',
  };
}

/**
 * What the client's portfolio says of the client agreement: the version last accepted and the
 * current one. Nothing for a staff account (it never moves money) or where the stage has none.
 */
export function portfolioAgreementOf(
  profile: Profile,
  current: ClientAgreement | undefined,
): Pick<PortfolioDto, 'agreement'> {
  if (current === undefined || profile.staff === true) return {};
  return {
    agreement: {
      ...(profile.agreement ? { accepted: { ...profile.agreement } } : {}),
      current: { version: current.version, url: current.url },
    },
  };
}

/** A closed account's closing as every console view shows it: when, by which administrator, and until when its records are kept. */
export function closingOf(profile: Profile): { at: string; by: string; recordsKeptUntil?: string } {
  return {
    at: profile.closedAt ?? '',
    by: profile.closedBy ?? '',
    ...(profile.expiresAt === undefined ? {} : { recordsKeptUntil: new Date(profile.expiresAt * 1000).toISOString() }),
  };
}

export function toClientDto(profile: Profile, nextWithdrawalDate: number | undefined): ClientDto {
  return {
    id: profile.sub,
    email: profile.email,
    displayName: displayName(profile),
    portfolio: {
      balance: centsToDollars(profile.balanceCents),
      weeklyGain: roundPercent(profile.weeklyGainPercent),
      weeklyGainAmount: centsToDollars(profile.weeklyGainCents),
      lastUpdate: profile.lastUpdate,
    },
    ...(nextWithdrawalDate === undefined ? {} : { nextWithdrawalDate: new Date(nextWithdrawalDate).toISOString() }),
  };
}
