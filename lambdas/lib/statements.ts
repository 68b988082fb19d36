/** A client's balance history and statement, from its ledger (shared/history.ts, shared/statement.ts). */
import type { HistoryAnswer } from '../../shared/api';
import { balanceHistory } from '../../shared/history';
import { apiMessages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { statementCsv } from '../../shared/statement';
import { parseIsoTimestamp } from '../../shared/iso-date';
import { BadRequest } from './errors';
import type { Answer } from './http';
import { loadLedger, toLedgerEntry } from './ledger';
import { balanceStateOf, requireProfile } from './profiles';

async function historyOf(sub: string) {
  const profile = await requireProfile(sub);
  const items = await loadLedger(sub);
  const points = balanceHistory(items.map(toLedgerEntry), balanceStateOf(profile).lastUpdate);
  return { profile, items, points };
}

export async function historyAnswer(sub: string): Promise<Answer> {
  const { points } = await historyOf(sub);
  const body: HistoryAnswer = {
    data: points.map((p) => ({ at: new Date(p.at).toISOString(), kind: p.kind, balance: centsToDollars(p.balanceCents), amount: centsToDollars(p.amountCents) })),
  };
  return { body };
}

const DAY_END = 24 * 3600 * 1000 - 1;

/** `from`/`to` as dates (or date-times); a date-only `to` includes its whole day. Defaults: the first entry, and now. */
function period(query: Record<string, string>, firstAt: number | undefined, now: number): { from: number; to: number } {
  const read = (value: string | undefined, endOfDay: boolean): number | undefined => {
    if (value === undefined || value === '') return undefined;
    const ms = parseIsoTimestamp(value);
    if (!Number.isFinite(ms)) throw new BadRequest(apiMessages.invalidPeriod);
    return endOfDay && value.length === 10 ? ms + DAY_END : ms;
  };
  const from = read(query.from, false) ?? firstAt ?? now;
  const to = read(query.to, true) ?? now;
  if (from > to) throw new BadRequest(apiMessages.invalidPeriod);
  return { from, to };
}

export async function statementAnswer(sub: string, query: Record<string, string>, now: number): Promise<Answer> {
  const { profile, items, points } = await historyOf(sub);
  const { from, to } = period(query, points[0]?.at, now);
  const notes = new Map(items.filter((i) => i.note).map((i) => [i.entryId, i.note as string]));
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const who = profile.email.replace(/[^\w.@-]+/g, '_');
  return { body: statementCsv({ points, notes, from, to }), csv: { filename: `aurum-statement-${who}-${day(from)}-to-${day(to)}.csv` } };
}
