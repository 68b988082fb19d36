/**
 * A statement's PDF: one layout for the month, the quarter and the year, titled by its kind. The
 * firm's letterhead, the statement's title (and "Corrected statement" on a regenerated one), the
 * client and the period; the figures (opening balance, deposits, withdrawals, weekly growth,
 * adjustments, closing balance, eligible profit and pending requests at the close); then every
 * move and weekly credit of the period in date order, each with the balance it left and its note
 * wrapped under it, over as many pages as they need; the pending requests; the firm's footer.
 */
import type { FirmDetails } from '../../../shared/site-config';
import { formatUsd } from '../../../shared/money';
import { formatUtcDate } from '../../../shared/utc-format';
import {
  type Column,
  CONTENT_WIDTH,
  finishSheet,
  gap,
  newSheet,
  paragraph,
  row,
  rule,
  type Sheet,
  text,
} from './pdf-sheet';
import type { StatementFigures } from './statement-figures';

export interface StatementPdfInput {
  /** "October 2026 statement". */
  title: string;
  /** The client's name as the profile holds it (or the address, where it holds none). */
  clientName: string;
  firm: FirmDetails;
  figures: StatementFigures;
  /** When the statement was issued (epoch ms): what its "Issued" line says. */
  issuedAt: number;
  /** A regenerated statement: it says it corrects the earlier one. */
  correction?: boolean;
}

/** "+$1.00", "-$1.00", "$0.00". */
export function signedUsd(cents: number): string {
  return cents > 0 ? `+${formatUsd(cents)}` : formatUsd(cents);
}

const TYPE_NAMES = { deposit: 'Deposit', withdrawal: 'Withdrawal', adjustment: 'Balance adjustment' } as const;

/** The period's last day as a reader names it: `to` is the first instant after it. */
const lastDay = (to: number) => formatUtcDate(to - 1);

function heading(sheet: Sheet, input: StatementPdfInput): void {
  const { figures } = input;
  if (input.correction) text(sheet, 'Corrected statement', { size: 11, bold: true });
  text(sheet, input.title, { size: 16, bold: true });
  gap(sheet, 4);
  text(sheet, `Client: ${input.clientName}`);
  text(sheet, `Period: ${formatUtcDate(figures.from)} to ${lastDay(figures.to)} (UTC)`);
  text(sheet, `Issued: ${formatUtcDate(input.issuedAt)}`);
  if (input.correction)
    paragraph(sheet, 'This statement replaces the one issued earlier for the same period.', { size: 9, grey: true });
  gap(sheet, 10);
}

const FIGURES: Column[] = [
  { x: 0, width: 330 },
  { x: 330, width: CONTENT_WIDTH - 330, align: 'right' },
];

function figuresTable(sheet: Sheet, figures: StatementFigures): void {
  text(sheet, 'Summary', { size: 12, bold: true });
  rule(sheet);
  const pendingCents = figures.pendingRequests.reduce((sum, r) => sum + r.amountCents, 0);
  const rows: [string, string][] = [
    [`Opening balance on ${formatUtcDate(figures.from)}`, formatUsd(figures.openingCents)],
    ['Deposits', signedUsd(figures.depositsCents)],
    ['Withdrawals', signedUsd(-figures.withdrawalsCents)],
    ['Weekly growth', signedUsd(figures.growthCents)],
    ['Balance adjustments', signedUsd(figures.adjustmentsCents)],
    [`Closing balance on ${lastDay(figures.to)}`, formatUsd(figures.closingCents)],
  ];
  for (const [label, value] of rows)
    row(sheet, FIGURES, [label, value], { size: 10, bold: label.startsWith('Closing') });
  rule(sheet);
  row(sheet, FIGURES, ['Profit eligible for withdrawal at the close', formatUsd(figures.eligibleProfitCents)], {
    size: 10,
  });
  row(
    sheet,
    FIGURES,
    [`Withdrawal requests pending at the close (${figures.pendingRequests.length})`, formatUsd(pendingCents)],
    { size: 10 },
  );
  gap(sheet, 12);
}

const MOVES: Column[] = [
  { x: 0, width: 90 },
  { x: 92, width: 190 },
  { x: 285, width: 105, align: 'right' },
  { x: 395, width: CONTENT_WIDTH - 395, align: 'right' },
];

function movesTable(sheet: Sheet, figures: StatementFigures): void {
  text(sheet, 'Activity', { size: 12, bold: true });
  rule(sheet);
  const header = () => row(sheet, MOVES, ['Date', 'Description', 'Amount', 'Balance after'], { bold: true });
  header();
  sheet.tableHeader = header;
  const lines = [
    ...figures.moves.map((m) => ({
      at: m.at,
      order: 0,
      cells: [formatUtcDate(m.at), TYPE_NAMES[m.type], signedUsd(m.amountCents), formatUsd(m.balanceAfterCents)],
      note: m.note,
    })),
    ...figures.growth.map((g) => ({
      at: g.at,
      // A credit dated with an entry was made before it (history.ts): it comes first.
      order: -1,
      cells: [formatUtcDate(g.at), 'Weekly growth', signedUsd(g.amountCents), formatUsd(g.balanceAfterCents)],
      note: undefined,
    })),
  ].sort((a, b) => a.at - b.at || a.order - b.order);
  if (lines.length === 0) text(sheet, 'No deposits, withdrawals, adjustments or growth in this period.', { size: 9 });
  for (const line of lines) {
    row(sheet, MOVES, line.cells);
    if (line.note)
      row(sheet, [{ x: 92, width: CONTENT_WIDTH - 92 }], [`Note: ${line.note}`], { grey: true, size: 8.5 });
  }
  delete sheet.tableHeader;
  gap(sheet, 12);
}

const REQUESTS: Column[] = [
  { x: 0, width: 200 },
  { x: 200, width: 190, align: 'right' },
];

function pendingTable(sheet: Sheet, figures: StatementFigures): void {
  if (figures.pendingRequests.length === 0) return;
  text(sheet, 'Withdrawal requests pending at the close', { size: 12, bold: true });
  rule(sheet);
  row(sheet, REQUESTS, ['Requested', 'Amount'], { bold: true });
  for (const r of figures.pendingRequests)
    row(sheet, REQUESTS, [formatUtcDate(r.requestedAt), formatUsd(r.amountCents)]);
}

/** The statement's PDF bytes. */
export async function statementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const sheet = await newSheet({
    title: input.correction ? `${input.title} (corrected)` : input.title,
    subject: `Statement for ${input.clientName}`,
    // The period's end, whenever it is written: a statement rewritten from the same books is the same file.
    date: input.figures.to,
    firm: input.firm,
  });
  heading(sheet, input);
  figuresTable(sheet, input.figures);
  movesTable(sheet, input.figures);
  pendingTable(sheet, input.figures);
  return finishSheet(sheet);
}
