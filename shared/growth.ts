/**
 * Weekly compounding (docs/product.md, "Weekly growth").
 *
 * The ledger is the truth; the portfolio stores a balance B at a time L that can always be
 * recomputed from it:
 *
 *   net(L) = round_half_even( Σ_{at ≤ L} s·amount·r^weeks(L − at) ) + Σ_{at > L} s·amount
 *   B      = max(0, net(L))
 *
 * The portfolio keeps `netCents` beside B so that an entry dated after L can be applied by
 * addition alone (net += s·amount, B = max(0, net)) and still equal a replay bit for bit,
 * even when the floor at zero is in play.
 *
 * It also keeps the unrounded grown sum G(L) = Σ_{at ≤ L} s·amount·r^weeks(L − at), so the weekly
 * job can grow a portfolio by whole weeks without reading its ledger: when T − L is k whole
 * weeks, every entry at or before L has held exactly k weeks more at T, and
 *
 *   G(T) = G(L)·r^k + Σ_{L < at ≤ T} s·amount·r^weeks(T − at)
 *
 * which only needs the entries after L (`growFrom`). The sum is the same as the replay's, added
 * in another order; a property test holds the two equal to the cent.
 */
import { type Cents, roundHalfEven } from './money';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
/** 100% a year compounded weekly: r = 2^(1/52). */
export const WEEKS_PER_YEAR = 52;
export const WEEKLY_RATE = 2 ** (1 / WEEKS_PER_YEAR);

export type EntryType = 'deposit' | 'withdrawal' | 'adjustment';

export interface LedgerEntry {
  id: string;
  type: EntryType;
  /** Deposits and withdrawals carry a positive amount; an adjustment carries its signed difference. */
  amountCents: Cents;
  /** Epoch milliseconds the entry counts from. */
  at: number;
}

export interface BalanceState {
  /** B: what the client owns, never negative. */
  balanceCents: Cents;
  /** net(L): B before the floor at zero. */
  netCents: Cents;
  /** L, epoch milliseconds. */
  lastUpdate: number;
  /** G(L), unrounded; absent where it is not known (a profile from before it was kept): the job then replays. */
  grownUnrounded?: number;
}

export function signedCents(entry: Pick<LedgerEntry, 'type' | 'amountCents'>): Cents {
  return entry.type === 'withdrawal' ? -entry.amountCents : entry.amountCents;
}

/** Full weeks (7 × 24 h) from `from` to `to`; 0 when `to` is not later. */
export function fullWeeksBetween(from: number, to: number): number {
  return to > from ? Math.floor((to - from) / WEEK_MS) : 0;
}

/**
 * r^n. Computed as 2^(n/52) rather than (2^(1/52))^n: mathematically the same, and exact at
 * whole years (52 weeks doubles exactly), which repeated multiplication is not.
 */
export function growthFactor(weeks: number): number {
  return 2 ** (weeks / WEEKS_PER_YEAR);
}

/** The unrounded worth at time T of an entry held since its `at` (signed; 0 weeks held = face value). */
export function entryWorthAt(entry: LedgerEntry, t: number): number {
  return signedCents(entry) * growthFactor(fullWeeksBetween(entry.at, t));
}

/** Ledger order: by time, then id, so every replay sums the same floats in the same order. */
export function compareEntries(a: Pick<LedgerEntry, 'at' | 'id'>, b: Pick<LedgerEntry, 'at' | 'id'>): number {
  if (a.at !== b.at) return a.at - b.at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** B and net at L, from the ledger alone. */
export function replayLedger(ledger: readonly LedgerEntry[], lastUpdate: number): BalanceState {
  const ordered = [...ledger].sort(compareEntries);
  let grown = 0;
  let pending = 0;
  for (const entry of ordered) {
    if (entry.at <= lastUpdate) grown += entryWorthAt(entry, lastUpdate);
    else pending += signedCents(entry);
  }
  const netCents = roundHalfEven(grown) + pending;
  return { balanceCents: Math.max(0, netCents), netCents, lastUpdate, grownUnrounded: grown };
}

/**
 * The state at `now` from the state at L and only the entries dated after L, when `now` is whole
 * weeks after L and G(L) is known; null otherwise (the caller replays the ledger instead).
 */
export function growFrom(state: BalanceState, entriesAfterL: readonly LedgerEntry[], now: number): BalanceState | null {
  const { grownUnrounded, lastUpdate } = state;
  if (grownUnrounded === undefined || now < lastUpdate || (now - lastUpdate) % WEEK_MS !== 0) return null;
  if (entriesAfterL.some((entry) => entry.at <= lastUpdate))
    throw new Error('growFrom takes only the entries dated after L');
  // G(L) must still be the portfolio's: net(L) is round(G(L)) plus every entry after L. A writer
  // that changed the balance without G, or a G that drifted, is caught here: replay instead.
  if (
    roundHalfEven(grownUnrounded) + entriesAfterL.reduce((sum, entry) => sum + signedCents(entry), 0) !==
    state.netCents
  )
    return null;
  let grown = grownUnrounded * growthFactor((now - lastUpdate) / WEEK_MS);
  let pending = 0;
  for (const entry of [...entriesAfterL].sort(compareEntries)) {
    if (entry.at <= now) grown += entryWorthAt(entry, now);
    else pending += signedCents(entry);
  }
  // G·r^k and the replay's Σ amount·r^n differ in their last bits, more so the larger G and the
  // more weeks it was carried. Where that could move the rounding (G within that distance of a
  // half cent), the replay decides.
  if (nearHalfCent(grown)) return null;
  const netCents = roundHalfEven(grown) + pending;
  return { balanceCents: Math.max(0, netCents), netCents, lastUpdate: now, grownUnrounded: grown };
}

/**
 * Whether `cents` lies so close to a half cent that float error could round it either way. The
 * margin, 1e-12 of the value (a cent in 10^12), is far above what a few thousand weeks of products
 * and sums can accumulate (~1e-16 each), and still rarely met: about one week in 10^4 for a
 * $1M portfolio.
 */
export function nearHalfCent(cents: number): boolean {
  const fraction = cents - Math.floor(cents);
  return Math.abs(fraction - 0.5) <= Math.abs(cents) * 1e-12 + 1e-9;
}

/** A new portfolio: nothing in the ledger yet, counted from its creation. */
export function emptyBalance(createdAt: number): BalanceState {
  return { balanceCents: 0, netCents: 0, lastUpdate: createdAt, grownUnrounded: 0 };
}

/** An entry dated at or before L changes what grew before L, so the ledger must be replayed. */
export function isBackdated(state: BalanceState, entry: Pick<LedgerEntry, 'at'>): boolean {
  return entry.at <= state.lastUpdate;
}

/**
 * The state after `entry` joins the ledger. An entry dated after L is a plain addition; a
 * backdated one needs the whole ledger, `entry` included, to replay.
 */
export function applyEntry(
  state: BalanceState,
  entry: LedgerEntry,
  ledgerWithEntry?: readonly LedgerEntry[],
): BalanceState {
  if (isBackdated(state, entry)) {
    if (!ledgerWithEntry) throw new Error('a backdated entry needs the ledger to replay');
    return replayLedger(ledgerWithEntry, state.lastUpdate);
  }
  const netCents = state.netCents + signedCents(entry);
  // Dated after L, the entry is not in G(L): the grown sum stays as it was.
  return { ...state, balanceCents: Math.max(0, netCents), netCents };
}

/** Whether the weekly job should update a portfolio last updated at L: at least one full week has passed. */
export function isDueForWeeklyUpdate(lastUpdate: number, now: number): boolean {
  return lastUpdate <= now - WEEK_MS;
}

export interface WeeklyUpdate {
  next: BalanceState;
  /** B_new − B_old. */
  gainCents: Cents;
  /** gain / B_old × 100, unrounded; 0 when B_old is 0. */
  gainPercent: number;
}

/**
 * The weekly update at time T: recompute from the ledger at T, which also catches up any
 * missed weeks. Returns null when the portfolio is not due, so a second run in the same week
 * changes nothing.
 */
export function weeklyUpdate(state: BalanceState, ledger: readonly LedgerEntry[], now: number): WeeklyUpdate | null {
  if (!isDueForWeeklyUpdate(state.lastUpdate, now)) return null;
  return updateTo(state, replayLedger(ledger, now));
}

/**
 * The weekly update from the entries dated after L alone (`growFrom`): null when not due, and
 * 'replay' when it cannot be grown that way (then `weeklyUpdate` with the whole ledger).
 */
export function weeklyUpdateFrom(
  state: BalanceState,
  entriesAfterL: readonly LedgerEntry[],
  now: number,
): WeeklyUpdate | 'replay' | null {
  if (!isDueForWeeklyUpdate(state.lastUpdate, now)) return null;
  const next = growFrom(state, entriesAfterL, now);
  return next ? updateTo(state, next) : 'replay';
}

function updateTo(state: BalanceState, next: BalanceState): WeeklyUpdate {
  const gainCents = next.balanceCents - state.balanceCents;
  const gainPercent = state.balanceCents === 0 ? 0 : (gainCents / state.balanceCents) * 100;
  return { next, gainCents, gainPercent };
}

/** The balance one week earlier, as the dashboard shows it: B / r (rounded once). */
export function previousWeekBalance(balanceCents: Cents): Cents {
  return roundHalfEven(balanceCents / WEEKLY_RATE);
}

/**
 * The adjustment that sets the balance to `targetCents` (an admin's balance edit), or null when
 * it already is. It is dated after L so it applies by addition, and it is measured from the
 * net rather than the floored balance, so the balance becomes exactly the target.
 */
export function adjustmentTo(
  state: BalanceState,
  targetCents: Cents,
  now: number,
): { amountCents: Cents; at: number } | null {
  if (targetCents === state.balanceCents && state.netCents === state.balanceCents) return null;
  return { amountCents: targetCents - state.netCents, at: Math.max(now, state.lastUpdate + 1) };
}
