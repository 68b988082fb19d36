/**
 * A client's statement over one period, as a PDF and the draft of its DOC# item.
 * PLACEHOLDER until the statement's figures and layout land: a one-line PDF.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadLedger } from '../data/ledger';
import {
  type DocumentDraft,
  STATEMENT_KIND,
  type StatementPeriod,
  correctionDocId,
  statementDocId,
} from './document-item';

export interface StatementOptions {
  /** When the PDF is written. */
  issuedAt: number;
  /** A regenerated statement: the docId it corrects and the administrator who asked. */
  correction?: { of: string; by: string };
}

export interface RenderedDocument {
  draft: DocumentDraft;
  pdf: Uint8Array;
}

/** The statement of `sub` over `period`; null when the client had neither activity nor a balance in it. */
export async function statementDocument(
  sub: string,
  period: StatementPeriod,
  options: StatementOptions,
): Promise<RenderedDocument | null> {
  const entries = await loadLedger(sub);
  if (!entries.some((e) => Date.parse(e.at) < period.to)) return null;
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date(period.to));
  const page = doc.addPage();
  page.drawText(`Statement ${period.label}`, { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
  const docId = options.correction ? correctionDocId(period, options.issuedAt) : statementDocId(period);
  return {
    draft: {
      docId,
      kind: STATEMENT_KIND[period.kind],
      title: `Statement ${period.label}`,
      date: new Date(period.to).toISOString(),
      issuedAt: new Date(options.issuedAt).toISOString(),
      period: {
        kind: period.kind,
        label: period.label,
        from: new Date(period.from).toISOString(),
        to: new Date(period.to).toISOString(),
      },
      ...(options.correction ? { correctionOf: options.correction.of, regeneratedBy: options.correction.by } : {}),
    },
    pdf: await doc.save({ useObjectStreams: false }),
  };
}
