/**
 * A client's statement over one period, as a PDF and the draft of its DOC# item: the profile (for
 * the client's name and the portfolio's last update), the ledger and the withdrawal requests,
 * read consistently, made into figures (statement-figures.ts) and laid out (statement-pdf.ts).
 * A client with neither activity in the period nor a balance at its start gets none.
 *
 * The PDF is dated the period's end, whenever it is written; a regenerated statement says
 * "Corrected statement" and its item names the statement it corrects and who asked.
 */
import { balanceStateOf, displayName, isClosed, type Profile } from '../data/profile-item';
import { getProfile } from '../data/profile-reads';
import { type EntryItem, loadLedger, toLedgerEntry } from '../data/ledger';
import { loadRequests, type RequestItem } from '../data/withdrawal-requests';
import { config } from '../runtime/config';
import type { FirmDetails } from '../../../shared/site-config';
import {
  type DocumentDraft,
  STATEMENT_KIND,
  type StatementPeriod,
  correctionDocId,
  statementDocId,
} from './document-item';
import { hasStatement, type StatementEntry, statementFigures, type StatementRequest } from './statement-figures';
import { statementPdf } from './statement-pdf';
import { statementTitleOf } from './period-name';

export interface StatementOptions {
  /** When the PDF is written. */
  issuedAt: number;
  /** A regenerated statement: the docId it corrects and the administrator who asked. */
  correction?: { of: string; by: string };
  /** The firm on the letterhead; the function's setting (config.firm) when not given. */
  firm?: FirmDetails;
}

export interface RenderedDocument {
  draft: DocumentDraft;
  pdf: Uint8Array;
}

/** "October 2026 statement", "Q4 2026 statement", "2026 annual statement". */
export function statementTitle(period: StatementPeriod): string {
  return statementTitleOf(period.kind, period.from);
}

/** The name a document is addressed to: the client's names, or the address where there are none. */
export function clientNameOf(profile: Pick<Profile, 'firstName' | 'lastName' | 'email'>): string {
  return displayName(profile) || profile.email;
}

export const toStatementEntry = (item: EntryItem): StatementEntry => ({
  ...toLedgerEntry(item),
  ...(item.note ? { note: item.note } : {}),
});

export const toStatementRequest = (item: RequestItem): StatementRequest => ({
  requestId: item.requestId,
  amountCents: item.amountCents,
  status: item.status,
  requestedAt: Date.parse(item.createdAt),
  ...(item.decidedAt ? { decidedAt: Date.parse(item.decidedAt) } : {}),
});

function draftOf(period: StatementPeriod, options: StatementOptions): DocumentDraft {
  const docId = options.correction ? correctionDocId(period, options.issuedAt) : statementDocId(period);
  return {
    docId,
    kind: STATEMENT_KIND[period.kind],
    title: statementTitle(period),
    date: new Date(period.to).toISOString(),
    issuedAt: new Date(options.issuedAt).toISOString(),
    period: {
      kind: period.kind,
      label: period.label,
      from: new Date(period.from).toISOString(),
      to: new Date(period.to).toISOString(),
    },
    ...(options.correction ? { correctionOf: options.correction.of, regeneratedBy: options.correction.by } : {}),
  };
}

/** The statement of `sub` over `period`; null when the client had neither activity nor a balance in it. */
export async function statementDocument(
  sub: string,
  period: StatementPeriod,
  options: StatementOptions,
): Promise<RenderedDocument | null> {
  const profile = await getProfile(sub, true);
  // A tombstone is no client: only a live or closed account's books are stated.
  if (!profile || (profile.deleted && !isClosed(profile))) return null;
  const [entries, requests] = await Promise.all([loadLedger(sub, true), loadRequests(sub, true)]);
  const figures = statementFigures({
    entries: entries.map(toStatementEntry),
    requests: requests.map(toStatementRequest),
    lastUpdate: balanceStateOf(profile).lastUpdate,
    period,
  });
  if (!hasStatement(figures)) return null;
  const draft = draftOf(period, options);
  const pdf = await statementPdf({
    title: draft.title,
    clientName: clientNameOf(profile),
    firm: options.firm ?? config.firm,
    figures,
    issuedAt: options.issuedAt,
    ...(options.correction ? { correction: true } : {}),
  });
  return { draft, pdf };
}
