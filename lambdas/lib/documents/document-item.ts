/**
 * A client's document: a statement or a confirmation, one PDF in the write-once documents bucket
 * and one `CLIENT#<sub> DOC#<docId>` item that says what it is. Both are written once and never
 * changed (document-store.ts); a regenerated statement is a new document that names the one it
 * corrects.
 *
 * A docId starts with the document's date, so the client's DOC# items read backwards are newest
 * first, and is otherwise made from what the document is about (the period, the ledger entry,
 * the request), so a job or a notifier run twice finds the first one's document instead of
 * writing a second.
 */

/** The periods a statement covers. */
export type PeriodKind = 'month' | 'quarter' | 'year';

/** A statement's period, in UTC: from its first instant to the first instant after it. */
export interface StatementPeriod {
  kind: PeriodKind;
  /** `2026-10`, `2026-Q4` or `2026`. */
  label: string;
  /** Epoch ms of the period's first instant. */
  from: number;
  /** Epoch ms of the first instant after the period (the next period's `from`). */
  to: number;
}

export type DocumentKind =
  | 'monthly-statement'
  | 'quarterly-statement'
  | 'annual-statement'
  | 'deposit-confirmation'
  | 'withdrawal-confirmation'
  | 'payout-confirmation';

export const STATEMENT_KIND: Record<PeriodKind, DocumentKind> = {
  month: 'monthly-statement',
  quarter: 'quarterly-statement',
  year: 'annual-statement',
};

/** What the DOC# item holds besides its keys. */
export interface DocumentItem {
  docId: string;
  kind: DocumentKind;
  /** What the documents page shows: "October 2026 statement", "Deposit confirmation". */
  title: string;
  /** The date the document is about (ISO): the period's end, the move's time; what it is sorted by. */
  date: string;
  /** When the PDF was written (ISO). */
  issuedAt: string;
  /** A statement's period (ISO bounds, `to` exclusive). */
  period?: { kind: PeriodKind; label: string; from: string; to: string };
  /** The ledger entry or withdrawal request a confirmation is about. */
  ref?: string;
  /** The object's key in the documents bucket. */
  objectKey: string;
  /** The PDF's size and SHA-256 (hex), as S3 holds them. */
  bytes: number;
  sha256: string;
  /** The object's version in the bucket (versioned under Object Lock): the one links serve. */
  versionId?: string;
  /** A regenerated statement: the docId of the statement it corrects, and who regenerated it. */
  correctionOf?: string;
  regeneratedBy?: string;
}

/** What a document's writer gives: the store adds where it went, its size and its hash. */
export type DocumentDraft = Omit<DocumentItem, 'objectKey' | 'bytes' | 'sha256' | 'versionId'>;

/** A docId: `YYYYMMDDTHHMMSSZ-` then lower-case letters, digits and hyphens. */
export const DOC_ID_PATTERN = /^\d{8}T\d{6}Z-[a-z0-9-]{1,120}$/;

/** The date part of a docId: sortable text of an instant, to the second. */
export function docIdDate(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** A statement's docId: dated its period's end, so a rerun of the period's job finds it. */
export function statementDocId(period: StatementPeriod): string {
  return `${docIdDate(period.to)}-statement-${period.label.toLowerCase()}`;
}

/** A regenerated statement's docId: dated when it was regenerated. */
export function correctionDocId(period: StatementPeriod, at: number): string {
  return `${docIdDate(at)}-statement-${period.label.toLowerCase()}-correction`;
}

/** A confirmation's docId: dated the move, named by its ledger entry or request. */
export function confirmationDocId(kind: 'deposit' | 'withdrawal' | 'payout', at: number, ref: string): string {
  return `${docIdDate(at)}-${kind}-${ref.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
}

/** Where a document's PDF goes in the bucket. */
export function documentObjectKey(sub: string, docId: string): string {
  return `clients/${sub}/${docId}.pdf`;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const YEAR = /^(\d{4})$/;

/** The period a label names (`2026-10`, `2026-Q4`, `2026`); null for anything else. */
export function periodOf(label: string): StatementPeriod | null {
  const month = MONTH.exec(label);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2]) - 1];
    return { kind: 'month', label, from: Date.UTC(y, m, 1), to: Date.UTC(y, m + 1, 1) };
  }
  const quarter = QUARTER.exec(label);
  if (quarter) {
    const [y, q] = [Number(quarter[1]), Number(quarter[2]) - 1];
    return { kind: 'quarter', label, from: Date.UTC(y, q * 3, 1), to: Date.UTC(y, q * 3 + 3, 1) };
  }
  const year = YEAR.exec(label);
  if (year) {
    const y = Number(year[1]);
    return { kind: 'year', label, from: Date.UTC(y, 0, 1), to: Date.UTC(y + 1, 0, 1) };
  }
  return null;
}

/**
 * The periods that end at `monthStart` (the first instant of a month): the month before it, and
 * the quarter and the year when they end there too. What the job run on the 1st writes.
 */
export function periodsEndingAt(monthStart: number): StatementPeriod[] {
  const d = new Date(monthStart);
  const prev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  const y = prev.getUTCFullYear();
  const m = prev.getUTCMonth();
  const labels = [`${y}-${String(m + 1).padStart(2, '0')}`];
  if (m % 3 === 2) labels.push(`${y}-Q${(m + 1) / 3}`);
  if (m === 11) labels.push(String(y));
  return labels.map((label) => periodOf(label) as StatementPeriod);
}
