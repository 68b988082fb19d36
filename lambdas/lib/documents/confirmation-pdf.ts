/**
 * A confirmation's PDF: one page saying what moved. The firm's letterhead, the title ("Deposit
 * confirmation", "Withdrawal confirmation", "Payout confirmation"), the client, then the facts
 * of the move as label and value (the amount, its dates, its note, the balance it left; for a
 * payout the bank's reference and the masked account it went to), and the firm's footer.
 */
import type { FirmDetails } from '../../../shared/site-config';
import { type Column, CONTENT_WIDTH, finishSheet, gap, newSheet, paragraph, row, rule, text } from './pdf-sheet';

export interface ConfirmationPdfInput {
  title: string;
  clientName: string;
  firm: FirmDetails;
  /** What the confirmation says in a sentence. */
  summary: string;
  /** Label and value, in order. */
  facts: readonly (readonly [string, string])[];
  /** The move's time (epoch ms): the document's date. */
  date: number;
}

const FACTS: Column[] = [
  { x: 0, width: 160 },
  { x: 165, width: CONTENT_WIDTH - 165 },
];

/** The confirmation's PDF bytes. */
export async function confirmationPdf(input: ConfirmationPdfInput): Promise<Uint8Array> {
  const sheet = await newSheet({
    title: input.title,
    subject: `${input.title} for ${input.clientName}`,
    date: input.date,
    firm: input.firm,
  });
  text(sheet, input.title, { size: 16, bold: true });
  gap(sheet, 4);
  text(sheet, `Client: ${input.clientName}`);
  gap(sheet, 8);
  paragraph(sheet, input.summary);
  gap(sheet, 8);
  rule(sheet);
  for (const [label, value] of input.facts) row(sheet, FACTS, [label, value], { size: 10 });
  rule(sheet);
  return finishSheet(sheet);
}
