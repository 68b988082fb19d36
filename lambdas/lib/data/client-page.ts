/**
 * One client as the console's client page shows it, from the readers each part already has: the
 * profile, the payout account, the ledger (once, for both the running balance and the
 * transactions), the withdrawal requests and the newest of the client's activity, read at once.
 */
import type { ClientPageDto } from '../../../shared/api';
import { balanceHistory } from '../../../shared/history';
import { centsToDollars } from '../../../shared/money';
import { readActivityPage } from './activity-log';
import { ClientNotFound } from './domain-errors';
import { loadLedger, toLedgerEntry, toTransactionDto } from './ledger';
import { getPayoutAccount, maskedPayoutAccount } from './payout-accounts';
import { closingOf, portfolioAgreementOf, toPortfolioDto } from './profile-api';
import type { ClientAgreement } from '../../../shared/client-agreement';
import { balanceStateOf, displayName, isApplied, isClosed, type Profile } from './profile-item';
import { type ApplicationItem, getApplication, toApplicationDto } from './applications';
import { readableProfile } from './profile-reads';
import { loadRequests, toRequestDto } from './withdrawal-requests';

/** The newest entries of the client's activity the page shows; the activity log reads on. */
export const CLIENT_PAGE_ACTIVITY = 25;

/**
 * Where the client's activity starts: the month the account opened. The log is read a month at a
 * time, so the whole month costs what its later days do, and an act logged in the moments before
 * the profile's own write (a demo's seeding, an invitation's) is not lost.
 */
function monthStartOf(iso: string): number {
  const at = new Date(iso);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
}

function clientOf(profile: Profile, application: ApplicationItem | undefined): ClientPageDto['client'] {
  const closed = isClosed(profile);
  return {
    id: profile.sub,
    email: profile.email,
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: displayName(profile),
    createdAt: profile.createdAt,
    status: closed ? 'closed' : isApplied(profile) ? 'applied' : 'active',
    ...(closed ? { closed: closingOf(profile) } : {}),
    ...(application ? { application: toApplicationDto(application) } : {}),
  };
}

/**
 * The client's page for an administrator; an unknown id is a 404 (readableProfile).
 * `currentAgreement`: the stage's client agreement, which the page compares with the client's.
 */
export async function readClientPage(
  sub: string,
  reader: { isAdmin: boolean },
  now: number,
  currentAgreement?: ClientAgreement,
): Promise<ClientPageDto> {
  // The profile first: an unknown id reads nothing else, and the activity starts with the account's month.
  const profile = await readableProfile(sub, reader);
  // An administrator's own profile never held money: it is no client's page.
  if (profile.staff) throw new ClientNotFound(sub);
  const [payout, ledger, requests, activity, application] = await Promise.all([
    getPayoutAccount(sub),
    loadLedger(sub),
    loadRequests(sub),
    readActivityPage({ limit: CLIENT_PAGE_ACTIVITY, client: sub, from: monthStartOf(profile.createdAt) }, now),
    getApplication(sub),
  ]);
  const points = balanceHistory(ledger.map(toLedgerEntry), balanceStateOf(profile).lastUpdate);
  return {
    client: clientOf(profile, application),
    // As the client's own read answers it.
    portfolio: { ...toPortfolioDto(profile), ...portfolioAgreementOf(profile, currentAgreement) },
    agreement: {
      accepted: profile.agreement ? { ...profile.agreement } : null,
      currentVersion: currentAgreement?.version ?? null,
    },
    payoutAccount: payout ? maskedPayoutAccount(payout) : null,
    ledger: points.map((p) => ({
      at: new Date(p.at).toISOString(),
      kind: p.kind,
      balance: centsToDollars(p.balanceCents),
      amount: centsToDollars(p.amountCents),
      ...(p.entryId ? { transactionId: p.entryId } : {}),
    })),
    transactions: [...ledger].reverse().map((item) => toTransactionDto(item, { forAdmin: true })),
    requests: [...requests].reverse().map((item) => toRequestDto(item, { forAdmin: true })),
    activity,
  };
}
