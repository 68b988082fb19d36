/** Clients' profit-withdrawal requests and the eligibility they are checked against (docs/product.md, "Withdrawals"). */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, requestIds } from './table';
import type { EligibilityDto, WithdrawalRequestDto, WithdrawalRequestStatus } from '../../../shared/api';
import { type Eligibility, withdrawalEligibility } from '../../../shared/eligibility';
import { centsToDollars } from '../../../shared/money';
import { type ActivityAct, activityPut } from './activity-log';
import { ddb, table } from '../runtime/db';
import { RequestAlreadyDecided, RequestNoLongerCovered } from './domain-errors';
import { type EntryItem, loadLedger, queryClientItems } from './ledger';
import type { TransactItem } from '../runtime/db';
import { transactOnProfile } from './profile-transaction';
import { balanceStateOf, type Profile } from './profile-item';
import { requireProfile } from './profile-reads';
import { queryAll } from './query';
import { maskedPayoutAccount, type PayoutAccountRecord, payoutRecordOf } from './payout-accounts';

export interface RequestItem {
  PK: string;
  SK: string;
  requestId: string;
  sub: string;
  userEmail: string;
  amountCents: number;
  status: WithdrawalRequestStatus;
  createdAt: string;
  /** A pending action (pending-actions.ts) awaiting a second administrator's approval of this request. */
  awaitingActionId?: string;
  decidedAt?: string;
  decidedBy?: string;
  reason?: string;
  /** Where the money goes: the client's payout account as it was when they asked (absent on requests from before payout accounts). */
  payTo?: PayoutAccountRecord;
  /** An approved request paid out: when the money left (ISO, as the bank says), its reference, who marked it and when. */
  sentAt?: string;
  sentReference?: string;
  sentBy?: string;
  markedSentAt?: string;
  /** GSI3: pending ones in the admins' queue, approved ones not yet sent among the payouts to make. */
  GSI3PK?: string;
  GSI3SK?: string;
}

/** Who decided a request is an admin's e-mail: shown to admins only. */
export function toRequestDto(item: RequestItem, { forAdmin }: { forAdmin: boolean }): WithdrawalRequestDto {
  return {
    id: item.requestId,
    userId: item.sub,
    userEmail: item.userEmail,
    amount: centsToDollars(item.amountCents),
    status: item.status,
    createdAt: item.createdAt,
    ...(item.decidedAt ? { decidedAt: item.decidedAt } : {}),
    ...(forAdmin && item.decidedBy ? { decidedBy: item.decidedBy } : {}),
    ...(item.reason ? { reason: item.reason } : {}),
    ...(item.payTo ? { destination: maskedPayoutAccount(item.payTo) } : {}),
    ...(item.sentAt ? { sentAt: item.sentAt } : {}),
    ...(item.sentReference ? { sentReference: item.sentReference } : {}),
    ...(forAdmin && item.sentBy ? { sentBy: item.sentBy } : {}),
  };
}

export function newRequestItem(
  sub: string,
  requestKey: string,
  userEmail: string,
  amountCents: number,
  now: number,
  payTo?: PayoutAccountRecord,
): RequestItem {
  const requestId = requestIds.make(sub, requestKey);
  return {
    ...keys.request(sub, requestKey),
    ...keys.pendingIndex(now, requestId),
    requestId,
    sub,
    userEmail,
    amountCents,
    status: 'pending',
    createdAt: new Date(now).toISOString(),
    ...(payTo ? { payTo: payoutRecordOf(payTo) } : {}),
  };
}

/** The write that records a new request, in the transaction that re-checks the client's eligible profit. */
export function newRequestWrite(item: RequestItem): TransactItem {
  return { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } };
}

export const loadRequests = (sub: string, consistent = false) =>
  queryClientItems<RequestItem>(sub, keys.requestPrefix, consistent);

/** A client's requests, newest first. */
export async function listRequests(sub: string, forAdmin: boolean): Promise<WithdrawalRequestDto[]> {
  return (await loadRequests(sub)).reverse().map((item) => toRequestDto(item, { forAdmin }));
}

/** The admin queue: every pending request, newest first. */
export async function listPendingRequests(): Promise<WithdrawalRequestDto[]> {
  const items = await queryAll<RequestItem>({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.pendingRequestsPk },
    ScanIndexForward: false,
  });
  return items.map((item) => toRequestDto(item, { forAdmin: true }));
}

/** The requests that hold eligible profit: waiting (reserved) or approved (paid out); a rejected or cancelled one frees it. */
const holdsProfit = (r: RequestItem) => r.status === 'pending' || r.status === 'approved';

function eligibilityFrom(profile: Profile, ledger: EntryItem[], requests: RequestItem[], now: number): Eligibility {
  return withdrawalEligibility({
    deposits: ledger
      .filter((e) => e.type === 'deposit')
      .map((e) => ({ id: e.entryId, amountCents: e.amountCents, at: Date.parse(e.at) })),
    requestedCents: requests.filter(holdsProfit).map((r) => r.amountCents),
    balanceCents: profile.balanceCents,
    lastUpdate: balanceStateOf(profile).lastUpdate,
    now,
  });
}

/**
 * Refuses (409) the approval of a request the client's eligible profit no longer covers: other
 * requests count as reserved, this one does not. A balance edit since the request can lower it.
 */
export async function requestStillCovered(request: RequestItem, now: number): Promise<void> {
  const profile = await requireProfile(request.sub, true);
  // More than the balance: the transaction's own balance check refuses it, in its own words.
  if (request.amountCents > profile.balanceCents) return;
  const [ledger, requests] = await Promise.all([loadLedger(request.sub, true), loadRequests(request.sub, true)]);
  const others = requests.filter((r) => r.requestId !== request.requestId);
  if (eligibilityFrom(profile, ledger, others, now).totalEligibleProfitCents < request.amountCents)
    throw new RequestNoLongerCovered(request.requestId);
}

/** What the client may still request, from the ledger and the requests as they are now. */
export async function eligibilityOf(profile: Profile, now: number, consistent = false): Promise<Eligibility> {
  const [ledger, requests] = await Promise.all([
    loadLedger(profile.sub, consistent),
    loadRequests(profile.sub, consistent),
  ]);
  return eligibilityFrom(profile, ledger, requests, now);
}

/**
 * How many of the client's requests wait for a decision. The count is kept on the profile
 * (`pendingRequests`), so the cap (shared/withdrawal-rules.ts) is checked and raised in the new
 * request's own transaction; every write of it goes through transactOnProfile, conditioned on
 * the profile's version, so of two concurrent requests that both saw room for one more, the
 * second fails its condition and plans again from the count the first left. It goes down in the
 * transaction that decides a request (approve, reject, the client's cancel: afterDecision). A
 * profile from before the count has no attribute: its count is that of its pending requests, read
 * with it, and a decision leaves it absent, so it is exact from the next request on without a
 * migration.
 */
export function pendingCountOf(profile: Profile, requests: readonly RequestItem[]): number {
  return profile.pendingRequests ?? requests.filter((r) => r.status === 'pending').length;
}

/** The profile attributes a decision sets: one request fewer waiting (none for a profile from before the count). */
export function afterDecision(profile: Profile): Partial<Pick<Profile, 'pendingRequests'>> {
  return profile.pendingRequests === undefined ? {} : { pendingRequests: Math.max(0, profile.pendingRequests - 1) };
}

/** What a new request is checked against, read consistently: the eligibility, and the requests waiting for a decision. */
export async function requestChecks(
  profile: Profile,
  now: number,
): Promise<{ eligibility: Eligibility; pending: number }> {
  const [ledger, requests] = await Promise.all([loadLedger(profile.sub, true), loadRequests(profile.sub, true)]);
  return { eligibility: eligibilityFrom(profile, ledger, requests, now), pending: pendingCountOf(profile, requests) };
}

export function toEligibilityDto(e: Eligibility): EligibilityDto {
  return {
    totalEligibleProfit: centsToDollars(e.totalEligibleProfitCents),
    showRequestButton: e.showRequestButton,
    eligibleDeposits: e.eligibleDeposits.map((d) => ({
      id: d.id,
      amount: centsToDollars(d.amountCents),
      timestamp: new Date(d.at).toISOString(),
      monthsSinceDeposit: d.monthsSinceDeposit,
      profit: centsToDollars(d.profitCents),
      grownProfit: centsToDollars(d.grownCents),
      withdrawnProfit: centsToDollars(d.takenCents),
    })),
    upcoming: e.upcoming.map((d) => ({
      id: d.id,
      amount: centsToDollars(d.amountCents),
      timestamp: new Date(d.at).toISOString(),
      eligibleAt: new Date(d.eligibleAt).toISOString(),
      daysUntilEligible: d.daysUntilEligible,
      profit: centsToDollars(d.grownCents),
    })),
  };
}

/** The request an admin names by its public id, or null. */
export async function getRequest(requestId: string): Promise<RequestItem | null> {
  const parsed = requestIds.parse(requestId);
  if (!parsed) return null;
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.request(parsed.sub, parsed.requestKey), ConsistentRead: true }),
  );
  return (Item as RequestItem | undefined) ?? null;
}

export interface Decision {
  status: 'approved' | 'rejected' | 'cancelled';
  /** The deciding admin's e-mail; for a cancellation, the client's own. */
  by: string;
  now: number;
  reason?: string;
}

/**
 * Which second approval a decision may meet: `none` (a decision at once: refused while a pending
 * action awaits approval of the request), `any` (a rejection or the client's cancel, allowed even
 * then: the action's approval then finds the request decided), or the id of the pending action
 * being approved.
 */
export type AwaitingRule = 'none' | 'any' | { actionId: string };

/** The write that decides a request; it fails its condition if someone decided it first. */
export function decisionUpdate(item: RequestItem, decision: Decision, awaiting: AwaitingRule = 'none') {
  const actionId = typeof awaiting === 'object' ? awaiting.actionId : undefined;
  const awaitingCondition =
    awaiting === 'any'
      ? ''
      : actionId
        ? ' AND (attribute_not_exists(awaitingActionId) OR awaitingActionId = :action)'
        : ' AND attribute_not_exists(awaitingActionId)';
  // An approval moves the request from the admins' queue to the payouts still to send; any other decision takes it off GSI3.
  const unsent = decision.status === 'approved' ? keys.unsentIndex(decision.now, item.requestId) : null;
  const index = unsent ? ', GSI3PK = :unsentPk, GSI3SK = :unsentSk' : '';
  return {
    TableName: table(),
    Key: { PK: item.PK, SK: item.SK },
    UpdateExpression: `SET #status = :status, decidedAt = :at, decidedBy = :by${decision.reason ? ', reason = :reason' : ''}${index}${unsent ? '' : ' REMOVE GSI3PK, GSI3SK'}`,
    ConditionExpression: `#status = :pending${awaitingCondition}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': decision.status,
      ':at': new Date(decision.now).toISOString(),
      ':by': decision.by,
      ':pending': 'pending',
      ...(decision.reason ? { ':reason': decision.reason } : {}),
      ...(actionId ? { ':action': actionId } : {}),
      ...(unsent ? { ':unsentPk': unsent.GSI3PK, ':unsentSk': unsent.GSI3SK } : {}),
    },
  };
}

export function decided(item: RequestItem, decision: Decision): RequestItem {
  const { GSI3PK: _pk, GSI3SK: _sk, ...rest } = item;
  return {
    ...rest,
    ...(decision.status === 'approved' ? keys.unsentIndex(decision.now, item.requestId) : {}),
    status: decision.status,
    decidedAt: new Date(decision.now).toISOString(),
    decidedBy: decision.by,
    ...(decision.reason ? { reason: decision.reason } : {}),
  };
}

/** What a decision made alone writes to the activity log, beside the request's own fields. */
type DecisionAct = Pick<ActivityAct, 'kind' | 'actor' | 'reason'>;

/**
 * Decides a pending request in one transaction with the client's count of waiting requests and
 * the activity log's entry (an approval's decisionUpdate joins the transaction of its withdrawal
 * instead). RequestAlreadyDecided when someone decided it first; answers the request as decided.
 */
async function decideAlone(
  item: RequestItem,
  now: number,
  decisionFor: (profile: Profile) => { decision: Decision; act: DecisionAct },
): Promise<RequestItem> {
  return transactOnProfile(
    item.sub,
    async (profile) => {
      const { decision, act } = decisionFor(profile);
      return {
        profileSet: afterDecision(profile),
        writes: [
          { Update: decisionUpdate(item, decision, 'any') },
          activityPut({
            ...act,
            at: decision.now,
            clientId: item.sub,
            clientEmail: profile.email,
            amountCents: item.amountCents,
            requestId: item.requestId,
          }),
        ],
        onWriteConditionFailed: () => {
          throw new RequestAlreadyDecided(item.requestId);
        },
        answer: decided(item, decision),
      };
    },
    { now },
  );
}

/** An admin rejects a pending request with a reason. */
export async function rejectRequest(
  item: RequestItem,
  rejection: { by: string; now: number; reason: string },
): Promise<RequestItem> {
  const decision: Decision = { status: 'rejected', ...rejection };
  return decideAlone(item, rejection.now, () => ({
    decision,
    act: { kind: 'request-rejected', actor: rejection.by, reason: rejection.reason },
  }));
}

/**
 * The client withdraws its own pending request; its reserved profit is free again. Allowed while a
 * second administrator's approval awaits: that approval then finds the request decided (409).
 */
export async function cancelRequest(item: RequestItem, now: number): Promise<RequestItem> {
  return decideAlone(item, now, (profile) => {
    const by = profile.email || item.userEmail;
    return { decision: { status: 'cancelled', by, now }, act: { kind: 'request-cancelled', actor: by } };
  });
}
