/**
 * A statement's figures, from the client's ledger and withdrawal requests alone (no I/O).
 *
 * Growth is never a ledger entry: it is what the weekly updates credit, and the balance history
 * (shared/history.ts) replays it from the ledger with the same code as the stored balance: a
 * `growth` point at each weekly update (Mondays 00:00 UTC, and the portfolio's last update L),
 * each with the growth it credited. The statement lists those credits week by week.
 *
 * A period holds the history's points dated from its `from` to before its `to`; the opening
 * balance is the balance after the last point before it, the closing one after the last point in
 * it, so the closing balance is the history's balance at the close. Each total counts every
 * point's change of the balance under its kind (as the chart does, decision 0020), so the totals
 * add up to the change to the cent even where the floor at zero makes a move's change of the
 * balance differ from its amount; each move keeps its own amount and the balance it left.
 *
 * "At the close" is the period's last instant (`to` − 1 ms): what is dated at `to` belongs to the
 * next period.
 */
import { type DepositRecord, withdrawalEligibility } from '../../../shared/eligibility';
import type { EntryType, LedgerEntry } from '../../../shared/growth';
import { balanceHistory, type HistoryPoint } from '../../../shared/history';
import type { Cents } from '../../../shared/money';

/** A ledger entry as the statement reads it: the ledger's fields and its note. */
export interface StatementEntry extends LedgerEntry {
  note?: string;
}

/** A withdrawal request as the statement reads it. Times are epoch ms. */
export interface StatementRequest {
  requestId: string;
  amountCents: Cents;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  requestedAt: number;
  /** When it was approved, rejected or cancelled; absent while pending. */
  decidedAt?: number;
}

/** One ledger entry in the period. */
export interface StatementMove {
  entryId: string;
  type: EntryType;
  at: number;
  /** The entry's signed amount: a deposit positive, a withdrawal negative, an adjustment as recorded. */
  amountCents: Cents;
  /** The balance right after it. */
  balanceAfterCents: Cents;
  note?: string;
}

/** One weekly update's credit in the period (weeks that credited nothing are left out). */
export interface GrowthCredit {
  at: number;
  amountCents: Cents;
  balanceAfterCents: Cents;
}

export interface StatementFigures {
  /** The period's bounds, epoch ms, `to` exclusive. */
  from: number;
  to: number;
  openingCents: Cents;
  closingCents: Cents;
  /** What the deposits added to the balance (positive). */
  depositsCents: Cents;
  /** What the withdrawals took from it (positive). */
  withdrawalsCents: Cents;
  /** The growth credited (signed: a replay after a backdated withdrawal may credit less than nothing). */
  growthCents: Cents;
  /** The adjustments' change of the balance (signed). */
  adjustmentsCents: Cents;
  /** The ledger entries of the period, oldest first. */
  moves: StatementMove[];
  /** The weekly credits of the period, oldest first. */
  growth: GrowthCredit[];
  /** The profit the client could have asked to withdraw at the close. */
  eligibleProfitCents: Cents;
  /** Requests made by the close and not decided by then, oldest first. */
  pendingRequests: StatementRequest[];
}

export interface FiguresInput {
  entries: readonly StatementEntry[];
  requests: readonly StatementRequest[];
  /** The portfolio's last update L: growth is credited up to it, as the stored balance is. */
  lastUpdate: number;
  period: { from: number; to: number };
}

/** Whether a request was pending at `close`: made by then and not decided by then. */
export function pendingAt(request: StatementRequest, close: number): boolean {
  if (request.requestedAt > close) return false;
  return request.status === 'pending' || request.decidedAt === undefined || request.decidedAt > close;
}

/** Whether a request held profit at `close`: pending then, or approved by then (eligibility.ts). */
function heldProfitAt(request: StatementRequest, close: number): boolean {
  if (pendingAt(request, close)) return true;
  return request.status === 'approved' && request.requestedAt <= close;
}

/** Each kind's change of the balance over `points`, which start from `opening`. */
function totalsOf(points: readonly HistoryPoint[], opening: Cents) {
  const totals = { deposit: 0, withdrawal: 0, adjustment: 0, growth: 0 };
  let previous = opening;
  for (const p of points) {
    totals[p.kind] += p.balanceCents - previous;
    previous = p.balanceCents;
  }
  return totals;
}

/** The eligible profit at the close: the deposits and requests made by then, grown to the last credit before it. */
function eligibleProfitAt(input: FiguresInput, before: readonly HistoryPoint[], closingCents: Cents): Cents {
  const close = input.period.to - 1;
  const deposits: DepositRecord[] = input.entries
    .filter((e) => e.type === 'deposit' && e.at <= close)
    .map((e) => ({ id: e.id, amountCents: e.amountCents, at: e.at }));
  const lastCredit = before.filter((p) => p.kind === 'growth').at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  return withdrawalEligibility({
    deposits,
    requestedCents: input.requests.filter((r) => heldProfitAt(r, close)).map((r) => r.amountCents),
    balanceCents: closingCents,
    // No credit yet: every deposit has grown by nothing (fullWeeksBetween is 0 when L is earlier).
    lastUpdate: lastCredit,
    now: close,
  }).totalEligibleProfitCents;
}

/** The statement's figures over `period`. */
export function statementFigures(input: FiguresInput): StatementFigures {
  const { from, to } = input.period;
  const points = balanceHistory(input.entries, input.lastUpdate);
  const upToClose = points.filter((p) => p.at < to);
  const inside = upToClose.filter((p) => p.at >= from);
  const openingCents = points.filter((p) => p.at < from).at(-1)?.balanceCents ?? 0;
  const closingCents = upToClose.at(-1)?.balanceCents ?? 0;
  const totals = totalsOf(inside, openingCents);
  const notes = new Map(input.entries.filter((e) => e.note).map((e) => [e.id, e.note as string]));
  const moves: StatementMove[] = inside
    .filter((p): p is HistoryPoint & { kind: EntryType; entryId: string } => p.kind !== 'growth' && !!p.entryId)
    .map((p) => ({
      entryId: p.entryId,
      type: p.kind,
      at: p.at,
      amountCents: p.amountCents,
      balanceAfterCents: p.balanceCents,
      ...(notes.has(p.entryId) ? { note: notes.get(p.entryId) } : {}),
    }));
  const close = to - 1;
  return {
    from,
    to,
    openingCents,
    closingCents,
    depositsCents: totals.deposit,
    withdrawalsCents: -totals.withdrawal,
    growthCents: totals.growth,
    adjustmentsCents: totals.adjustment,
    moves,
    growth: inside
      .filter((p) => p.kind === 'growth' && p.amountCents !== 0)
      .map((p) => ({ at: p.at, amountCents: p.amountCents, balanceAfterCents: p.balanceCents })),
    eligibleProfitCents: eligibleProfitAt(input, upToClose, closingCents),
    pendingRequests: input.requests
      .filter((r) => pendingAt(r, close))
      .sort((a, b) => a.requestedAt - b.requestedAt || a.requestId.localeCompare(b.requestId)),
  };
}

/** Whether the period is worth a statement: any point in it, or a balance at its start. */
export function hasStatement(figures: StatementFigures): boolean {
  return figures.openingCents !== 0 || figures.moves.length > 0 || figures.growth.length > 0;
}
