/**
 * A portfolio's balance over time, from its ledger alone, with the same growth code as the
 * stored balance: a point after every ledger entry and after every weekly update (each Monday
 * 00:00 UTC since the first entry, and the portfolio's own last update L). The last point is
 * the replay at L, so it always equals the stored balance.
 */
import { type Cents } from './money';
import { compareEntries, DAY_MS, type LedgerEntry, replayLedger, signedCents, WEEK_MS } from './growth';

export type HistoryKind = 'deposit' | 'withdrawal' | 'adjustment' | 'growth';

export interface HistoryPoint {
  at: number;
  kind: HistoryKind;
  /** The balance right after this point. */
  balanceCents: Cents;
  /** An entry's signed amount, or the growth credited. */
  amountCents: Cents;
  entryId?: string;
}

/** Monday 00:00 UTC on or after `t`. */
function nextMonday(t: number): number {
  const d = new Date(t);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const daysToMonday = (8 - new Date(midnight).getUTCDay()) % 7;
  const monday = midnight + daysToMonday * DAY_MS;
  return monday >= t ? monday : monday + WEEK_MS;
}

/** The weekly update instants after `from` up to L, L included. */
export function updateTimes(from: number, lastUpdate: number): number[] {
  const times: number[] = [];
  for (let t = nextMonday(from + 1); t < lastUpdate; t += WEEK_MS) times.push(t);
  times.push(lastUpdate);
  return times;
}

export function balanceHistory(ledger: readonly LedgerEntry[], lastUpdate: number): HistoryPoint[] {
  const entries = [...ledger].sort(compareEntries);
  const first = entries[0];
  if (!first) return [];
  const updates = first.at <= lastUpdate ? updateTimes(first.at, lastUpdate) : [];
  const points: HistoryPoint[] = [];
  let previous = 0;
  let u = 0;
  let lastGrowthAt = Number.NEGATIVE_INFINITY;
  const pushGrowth = (t: number) => {
    const balance = replayLedger(
      entries.filter((e) => e.at <= t),
      t,
    ).balanceCents;
    points.push({ at: t, kind: 'growth', balanceCents: balance, amountCents: balance - previous });
    previous = balance;
    lastGrowthAt = t;
  };
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as LedgerEntry;
    // An entry dated exactly at an update counts in it, so updates strictly before come first.
    while (u < updates.length && (updates[u] as number) < entry.at) pushGrowth(updates[u++] as number);
    const balance = replayLedger(entries.slice(0, i + 1), lastGrowthAt).balanceCents;
    points.push({
      at: entry.at,
      kind: entry.type,
      balanceCents: balance,
      amountCents: signedCents(entry),
      entryId: entry.id,
    });
    previous = balance;
  }
  while (u < updates.length) pushGrowth(updates[u++] as number);
  // The last point is the update at L, or an entry dated after it applied on top: the stored state either way.
  return points;
}

/**
 * The growth credited over the week up to L, as the history shows it: the sum of its growth
 * points dated in (L − 1 week, L]. A weekly update's own gain is exactly that (its point at L,
 * the one before a week earlier); a backdated entry's replay stores it as the latest weekly gain,
 * so the dashboard's "this week" is the sum of the growth lines of that week. Percent as the
 * weekly job's: of the balance before the growth, 0 when that is not positive.
 */
export function lastWeekGrowth(
  ledger: readonly LedgerEntry[],
  lastUpdate: number,
): { gainCents: Cents; gainPercent: number } {
  const points = balanceHistory(
    ledger.filter((entry) => entry.at <= lastUpdate),
    lastUpdate,
  );
  const gainCents = points
    .filter((p) => p.kind === 'growth' && p.at > lastUpdate - WEEK_MS && p.at <= lastUpdate)
    .reduce((sum, p) => sum + p.amountCents, 0);
  const base = replayLedger(ledger, lastUpdate).balanceCents - gainCents;
  return { gainCents, gainPercent: base > 0 ? (gainCents / base) * 100 : 0 };
}
