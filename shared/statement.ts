/**
 * Statements as CSV (RFC 4180): a header row, every field quoted when it must be, CRLF line
 * ends, ISO dates, amounts with 2 decimals. Text a client or admin typed (notes, names) is
 * defused against CSV injection (safeText), so a spreadsheet shows it as text instead of running it.
 */
import type { HistoryPoint } from './history';
import { type Cents, assertCents } from './money';
import { FORMULA_SIGN } from './text';

export type Cell = string | { amountCents: Cents } | { percent: number };

/** Quoted: a field holding any reader's separator (`,` `;` tab), a quote or a line break, or edge spaces. */
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;
/** Where a reader may start a new cell inside a field: after any separator a locale uses, or a line break. */
const AFTER_CELL_BREAK = /(?<=[,;\t\r\n])/;
/** A piece a trimming reader sees as a formula: a formula sign, maybe behind white space or quotes. */
const FORMULA_BEHIND_TRIM = new RegExp(`^[\\s"]*${FORMULA_SIGN.source}`);
/** A field a reader sees as a formula (OWASP): a formula sign, or a tab or return some readers strip first. */
const FORMULA_START = new RegExp(`^(?:[\\t\\r]|${FORMULA_SIGN.source})`);

/**
 * Plain text from a person, defused so that no reader runs any of it as a formula.
 *
 * Which cells a spreadsheet sees depends on the separator IT splits on, which is the reader's
 * locale, not the file's: where the list separator is `;` (much of Europe) Excel splits each line
 * on `;` and honours a quote only at the start of a cell, so the line `a,"Doe;=1+1",3` is read as
 * the cells `a,"Doe` and `=1+1",3` (a formula) however well the field was quoted; a tab-splitting
 * reader does the same at tabs, and a line break inside a field may start a new row. So every
 * place where any reader could start a cell is checked: the field's start and what follows each
 * `,` `;` tab, CR or LF inside it. A piece that starts with a formula sign (= + - @ or their
 * full-width forms), even behind spaces or quotes a reader may trim, gets a `'` in front: it then
 * starts with `'`, which every spreadsheet shows as text. The field's own start also gets one for
 * a leading tab or return (OWASP's rule: some readers strip them before looking). Quoting
 * (quote) is then as RFC 4180 asks.
 */
export function safeText(text: string): string {
  return text
    .split(AFTER_CELL_BREAK)
    .map((piece, i) =>
      (i === 0 && FORMULA_START.test(piece)) || FORMULA_BEHIND_TRIM.test(piece) ? `'${piece}` : piece,
    )
    .join('');
}

function amount(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

function render(cell: Cell): string {
  if (typeof cell === 'string') return safeText(cell);
  if ('amountCents' in cell) return amount(cell.amountCents);
  return cell.percent.toFixed(2);
}

function quote(field: string): string {
  return NEEDS_QUOTES.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** One row of cells as a CSV line, with its CRLF: a long file is written a line at a time. */
export function csvLine(row: readonly Cell[]): string {
  return `${row.map((c) => quote(render(c))).join(',')}\r\n`;
}

export function csvHeaderLine(header: readonly string[]): string {
  return `${header.map(quote).join(',')}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return csvHeaderLine(header) + rows.map(csvLine).join('');
}

export const STATEMENT_HEADER = ['Date', 'Type', 'Description', 'Amount', 'Balance'] as const;

const TYPE_NAMES: Record<HistoryPoint['kind'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  adjustment: 'Balance adjustment',
  growth: 'Weekly growth',
};

export interface StatementInput {
  points: readonly HistoryPoint[];
  /** Notes of the ledger entries, by entry id. */
  notes: ReadonlyMap<string, string>;
  /** The period, inclusive; epoch milliseconds. */
  from: number;
  to: number;
}

/**
 * A client's statement for a period: the opening balance, then every entry and every weekly
 * growth credit in the period with the running balance, then the closing balance. Weeks that
 * credited nothing are left out.
 */
export function statementCsv({ points, notes, from, to }: StatementInput): string {
  const before = points.filter((p) => p.at < from);
  const inside = points.filter((p) => p.at >= from && p.at <= to && !(p.kind === 'growth' && p.amountCents === 0));
  const opening = before.at(-1)?.balanceCents ?? 0;
  const closing = [...before, ...points.filter((p) => p.at >= from && p.at <= to)].at(-1)?.balanceCents ?? opening;
  const rows: Cell[][] = [
    [new Date(from).toISOString(), 'Opening balance', '', { amountCents: 0 }, { amountCents: opening }],
  ];
  for (const p of inside) {
    rows.push([
      new Date(p.at).toISOString(),
      TYPE_NAMES[p.kind],
      (p.entryId && notes.get(p.entryId)) || '',
      { amountCents: p.amountCents },
      { amountCents: p.balanceCents },
    ]);
  }
  rows.push([new Date(to).toISOString(), 'Closing balance', '', { amountCents: 0 }, { amountCents: closing }]);
  return toCsv(STATEMENT_HEADER, rows);
}

export const BALANCES_HEADER = ['Email', 'Name', 'Balance', 'Weekly gain %', 'Last updated'] as const;

export interface BalancesRow {
  email: string;
  name: string;
  balanceCents: Cents;
  weeklyGainPercent: number;
  lastUpdate: string;
}

/** One client's line of the balances export. */
export function balancesLine(c: BalancesRow): string {
  return csvLine([c.email, c.name, { amountCents: c.balanceCents }, { percent: c.weeklyGainPercent }, c.lastUpdate]);
}

export function balancesCsv(clients: readonly BalancesRow[]): string {
  return csvHeaderLine(BALANCES_HEADER) + clients.map(balancesLine).join('');
}
