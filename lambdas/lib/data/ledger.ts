/** Ledger entries: the immutable record of every change of a client's money. */
import { keys } from './table';
import type { TransactionDto } from '../../../shared/api';
import { eligibleAt, upcomingEligibility } from '../../../shared/eligibility';
import { type EntryType, type LedgerEntry, signedCents } from '../../../shared/growth';
import { centsToDollars } from '../../../shared/money';
import { queryAll } from './query';

export interface EntryItem {
  PK: string;
  SK: string;
  entryId: string;
  sub: string;
  type: EntryType;
  /** Positive for deposits and withdrawals; signed for adjustments. */
  amountCents: number;
  /** ISO: when the entry counts from. */
  at: string;
  note?: string;
  adminEmail: string;
  /** The second administrator who approved a move above the four-eyes threshold. */
  approvedBy?: string;
  recordedAt: string;
  /** Balance right after this entry was written (what its answer said). */
  balanceAfterCents: number;
  /** The withdrawal request this entry pays out, when an approval wrote it (its own e-mail tells the client). */
  requestId?: string;
  GSI2PK?: string;
  GSI2SK?: string;
}

export function newEntryItem(input: {
  sub: string;
  entryId: string;
  type: EntryType;
  amountCents: number;
  at: number;
  note: string;
  adminEmail: string;
  approvedBy?: string;
  now: number;
  balanceAfterCents: number;
  requestId?: string;
}): EntryItem {
  return {
    ...keys.entry(input.sub, input.at, input.entryId),
    // Deposits are found by the date they become eligible (alerts, next withdrawal date).
    ...(input.type === 'deposit' ? keys.eligibilityIndex(input.sub, eligibleAt(input.at), input.entryId) : {}),
    entryId: input.entryId,
    sub: input.sub,
    type: input.type,
    amountCents: input.amountCents,
    at: new Date(input.at).toISOString(),
    ...(input.note ? { note: input.note } : {}),
    adminEmail: input.adminEmail,
    ...(input.approvedBy ? { approvedBy: input.approvedBy } : {}),
    recordedAt: new Date(input.now).toISOString(),
    balanceAfterCents: input.balanceAfterCents,
    ...(input.requestId ? { requestId: input.requestId } : {}),
  };
}

/** Every item of a client under an SK prefix, all pages, oldest first. */
export function queryClientItems<T>(sub: string, skPrefix: string, consistent = false): Promise<T[]> {
  return queryAll<T>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.clientPk(sub), ':prefix': skPrefix },
    ConsistentRead: consistent,
  });
}

export const loadLedger = (sub: string, consistent = false) =>
  queryClientItems<EntryItem>(sub, keys.entryPrefix, consistent);

/** The ledger entries dated after `after` (L): all the weekly job reads of a portfolio it can grow from G(L). */
export function loadEntriesAfter(sub: string, after: number): Promise<EntryItem[]> {
  return queryAll<EntryItem>({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.clientPk(sub), ...keys.entriesAfter(after) },
    ConsistentRead: true,
  });
}

export function toLedgerEntry(item: EntryItem): LedgerEntry {
  return { id: item.entryId, type: item.type, amountCents: item.amountCents, at: Date.parse(item.at) };
}

/**
 * A profile's `upcomingEligibleAt` rebuilt from its whole ledger at `now`: the eligibility dates
 * of its deposits still ahead. (A deposit adds its own date to the profile's list instead.)
 */
export function upcomingEligibilityOf(ledger: readonly LedgerEntry[], now: number): string[] {
  return upcomingEligibility(
    ledger.filter((e) => e.type === 'deposit').map((e) => e.at),
    now,
  );
}

export function toTransactionDto(item: EntryItem, { forAdmin }: { forAdmin: boolean }): TransactionDto {
  const signed = signedCents(item);
  return {
    id: item.entryId,
    type: item.type,
    amount: centsToDollars(Math.abs(signed)),
    direction: signed < 0 ? 'out' : 'in',
    timestamp: item.at,
    ...(item.note ? { note: item.note } : {}),
    ...(forAdmin ? { adminEmail: item.adminEmail, ...(item.approvedBy ? { approvedBy: item.approvedBy } : {}) } : {}),
  };
}

/** The transaction list as the pages show it: newest first. */
export async function listTransactions(sub: string, forAdmin: boolean): Promise<TransactionDto[]> {
  const items = await loadLedger(sub);
  return items.reverse().map((item) => toTransactionDto(item, { forAdmin }));
}
