/**
 * The client's history as lines: every ledger entry and every weekly growth credit, each with
 * the balance right after it, newest first. The lines are the history's points (the ledger
 * replayed: the last one is the stored balance), so they add up by construction; a growth point
 * that credited nothing is left out (it changes no balance). An entry's note comes from the
 * transaction recorded at the same instant for the same amount.
 */
import type { HistoryPointDto, TransactionDto } from '../../../../shared/api';
import { type Cents, dollarsToCents } from '../../../../shared/money';

export interface LedgerLine {
  key: string;
  t: number;
  kind: HistoryPointDto['kind'];
  amountCents: Cents;
  balanceCents: Cents;
  note?: string;
}

const entryKey = (t: number, signedCents: Cents) => `${t}|${signedCents}`;

/** Notes of the transactions, by instant and signed amount (several entries alike: in turn). */
function notesOf(transactions: readonly TransactionDto[]): Map<string, string[]> {
  const notes = new Map<string, string[]>();
  for (const tx of [...transactions].reverse()) {
    const cents = dollarsToCents(tx.amount);
    const key = entryKey(Date.parse(tx.timestamp), tx.direction === 'in' ? cents : -cents);
    notes.set(key, [...(notes.get(key) ?? []), tx.note ?? '']);
  }
  return notes;
}

export function ledgerLines(points: readonly HistoryPointDto[], transactions: readonly TransactionDto[]): LedgerLine[] {
  const notes = notesOf(transactions);
  const lines = points.flatMap((p, i): LedgerLine[] => {
    if (p.kind === 'growth' && p.amount === 0) return [];
    const t = Date.parse(p.at);
    const amountCents = dollarsToCents(p.amount);
    const note = p.kind === 'growth' ? undefined : notes.get(entryKey(t, amountCents))?.shift();
    return [
      { key: `${i}`, t, kind: p.kind, amountCents, balanceCents: dollarsToCents(p.balance), ...(note ? { note } : {}) },
    ];
  });
  return lines.reverse();
}
