/** A client's balance history and statement, from its ledger (shared/history.ts, shared/statement.ts). */
import type { HistoryAnswer, QueryOf } from '../../../shared/api';
import { balanceHistory } from '../../../shared/history';
import { centsToDollars } from '../../../shared/money';
import { statementCsv } from '../../../shared/statement';
import { PeriodInvalid } from './domain-errors';
import { loadLedger, toLedgerEntry } from './ledger';
import { balanceStateOf } from './profile-item';
import { readableProfile } from './profile-reads';

type StatementPeriod = QueryOf<'getStatement'>;

/** Who reads: an administrator may read a closed account's history too. */
type Reader = { isAdmin: boolean };

async function historyOf(sub: string, reader: Reader) {
  const profile = await readableProfile(sub, reader);
  const items = await loadLedger(sub);
  const points = balanceHistory(items.map(toLedgerEntry), balanceStateOf(profile).lastUpdate);
  return { profile, items, points };
}

export async function historyAnswer(sub: string, reader: Reader): Promise<{ body: HistoryAnswer }> {
  const { points } = await historyOf(sub, reader);
  return {
    body: {
      data: points.map((p) => ({
        at: new Date(p.at).toISOString(),
        kind: p.kind,
        balance: centsToDollars(p.balanceCents),
        amount: centsToDollars(p.amountCents),
      })),
    },
  };
}

/**
 * The client's statement over `period` (already checked by the route's query schema) as CSV.
 * Defaults: from the first entry to now; a period that ends before it starts is refused.
 */
export async function statementAnswer(
  sub: string,
  reader: Reader,
  period: StatementPeriod,
  now: number,
): Promise<{ body: string; filename: string }> {
  const { profile, items, points } = await historyOf(sub, reader);
  const from = period.from ?? points[0]?.at ?? now;
  const to = period.to ?? now;
  if (from > to) throw new PeriodInvalid(from, to);
  const notes = new Map(items.filter((i) => i.note).map((i) => [i.entryId, i.note as string]));
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const who = profile.email.replace(/[^\w.@-]+/g, '_');
  return {
    body: statementCsv({ points, notes, from, to }),
    filename: `aurum-statement-${who}-${day(from)}-to-${day(to)}.csv`,
  };
}
