/**
 * A one-page confirmation of a deposit, a withdrawal, or a withdrawal request paid out, as a PDF
 * and the draft of its DOC# item. The notifier writes one from the stream record of the move (a
 * ledger entry's INSERT, a request's change to sent); its docId is made from the move alone
 * (document-item.ts confirmationDocId), so a record delivered again finds the first one's.
 *
 * The client's name is read from the profile when it is written; a payout's account is the one
 * the request recorded when it was made, shown masked (its last four digits) as everywhere else.
 * The PDF is dated the move's time.
 */
import { describePayoutAccount, type MaskedPayoutAccount } from '../../../shared/payout-account';
import { formatUsd } from '../../../shared/money';
import type { FirmDetails } from '../../../shared/site-config';
import { formatUtcDate, formatUtcDateTime } from '../../../shared/utc-format';
import { maskedPayoutAccount } from '../data/payout-accounts';
import { isClosed } from '../data/profile-item';
import { getProfile } from '../data/profile-reads';
import { requestIds } from '../data/table';
import { getRequest } from '../data/withdrawal-requests';
import { config } from '../runtime/config';
import { confirmationPdf } from './confirmation-pdf';
import { confirmationDocId, type DocumentDraft, type DocumentKind } from './document-item';
import { clientNameOf, type RenderedDocument } from './statement-document';

/** A deposit or withdrawal ledger entry, as the stream's image holds it. */
export interface EntryMove {
  kind: 'deposit' | 'withdrawal';
  sub: string;
  entryId: string;
  amountCents: number;
  /** ISO: when the entry counts from. */
  at: string;
  note?: string;
  balanceAfterCents: number;
}

/** A withdrawal request marked sent, as the stream's image holds it. */
export interface PayoutMove {
  kind: 'payout';
  sub: string;
  requestId: string;
  amountCents: number;
  /** ISO times: asked, approved, sent (as the bank says). */
  requestedAt: string;
  decidedAt: string;
  sentAt: string;
  /** The bank's reference. */
  reference: string;
}

export type ConfirmedMove = EntryMove | PayoutMove;

export interface ConfirmationOptions {
  /** When the PDF is written. */
  issuedAt: number;
  /** The firm on the letterhead; the function's setting (config.firm) when not given. */
  firm?: FirmDetails;
  /** A payout's account, masked; read from the request when not given. */
  payTo?: MaskedPayoutAccount | null;
}

const KINDS = {
  deposit: { kind: 'deposit-confirmation', title: 'Deposit confirmation' },
  withdrawal: { kind: 'withdrawal-confirmation', title: 'Withdrawal confirmation' },
  payout: { kind: 'payout-confirmation', title: 'Payout confirmation' },
} as const satisfies Record<ConfirmedMove['kind'], { kind: DocumentKind; title: string }>;

/** The move's time, its reference, and the piece of its docId that names it. */
function moveRef(move: ConfirmedMove): { at: string; ref: string; idPart: string } {
  if (move.kind !== 'payout') return { at: move.at, ref: move.entryId, idPart: move.entryId };
  // The request's key alone: its public id repeats the client's sub, which the document's key holds already.
  const key = requestIds.parse(move.requestId)?.requestKey ?? move.requestId;
  return { at: move.sentAt, ref: move.requestId, idPart: key };
}

/** The confirmation's draft: its id from the move alone. */
export function confirmationDraft(move: ConfirmedMove, issuedAt: number): DocumentDraft {
  const { at, ref, idPart } = moveRef(move);
  return {
    docId: confirmationDocId(move.kind, Date.parse(at), idPart),
    kind: KINDS[move.kind].kind,
    title: KINDS[move.kind].title,
    date: at,
    issuedAt: new Date(issuedAt).toISOString(),
    ref,
  };
}

function entryFacts(move: EntryMove): { summary: string; facts: [string, string][] } {
  const amount = formatUsd(move.amountCents);
  return {
    summary:
      move.kind === 'deposit'
        ? `A deposit of ${amount} was recorded in your portfolio.`
        : `A withdrawal of ${amount} was processed from your portfolio.`,
    facts: [
      ['Amount', amount],
      [move.kind === 'deposit' ? 'Dated' : 'Date', formatUtcDateTime(move.at)],
      ...(move.note ? ([['Note', move.note]] as [string, string][]) : []),
      [`Balance after this ${move.kind}`, formatUsd(move.balanceAfterCents)],
      ['Our reference', move.entryId],
    ],
  };
}

function payoutFacts(
  move: PayoutMove,
  payTo: MaskedPayoutAccount | null,
): { summary: string; facts: [string, string][] } {
  const amount = formatUsd(move.amountCents);
  return {
    summary: `The ${amount} you asked to withdraw was sent to your payout account on ${formatUtcDate(move.sentAt)}.`,
    facts: [
      ['Amount', amount],
      ['Requested', formatUtcDateTime(move.requestedAt)],
      ['Approved', formatUtcDateTime(move.decidedAt)],
      ['Sent', formatUtcDate(move.sentAt)],
      ['Bank reference', move.reference],
      ...(payTo
        ? ([
            ['Paid to', `${payTo.holderName}, ${payTo.bankName}`],
            ['Account', describePayoutAccount(payTo)],
          ] as [string, string][])
        : []),
    ],
  };
}

/** The payout's account as the request recorded it, masked; null for a request from before payout accounts. */
async function payoutAccountOf(move: PayoutMove): Promise<MaskedPayoutAccount | null> {
  const request = await getRequest(move.requestId);
  return request?.sub === move.sub && request.payTo ? maskedPayoutAccount(request.payTo) : null;
}

/** What the confirmation says of `move`: its sentence and its facts. */
export function confirmationContent(
  move: ConfirmedMove,
  payTo: MaskedPayoutAccount | null,
): { summary: string; facts: [string, string][] } {
  return move.kind === 'payout' ? payoutFacts(move, payTo) : entryFacts(move);
}

/** The confirmation of `move` for a client of that name, without reading anything. */
export async function renderConfirmation(
  move: ConfirmedMove,
  to: { clientName: string; firm: FirmDetails; payTo: MaskedPayoutAccount | null; issuedAt: number },
): Promise<RenderedDocument> {
  const draft = confirmationDraft(move, to.issuedAt);
  const pdf = await confirmationPdf({
    title: draft.title,
    clientName: to.clientName,
    firm: to.firm,
    ...confirmationContent(move, to.payTo),
    date: Date.parse(draft.date),
  });
  return { draft, pdf };
}

/** The confirmation of `move`; null when its client is gone (a tombstone, or no profile). */
export async function confirmationDocument(
  move: ConfirmedMove,
  options: ConfirmationOptions,
): Promise<RenderedDocument | null> {
  const profile = await getProfile(move.sub, true);
  if (!profile || (profile.deleted && !isClosed(profile))) return null;
  const payTo = move.kind === 'payout' ? (options.payTo ?? (await payoutAccountOf(move))) : null;
  return renderConfirmation(move, {
    clientName: clientNameOf(profile),
    firm: options.firm ?? config.firm,
    payTo,
    issuedAt: options.issuedAt,
  });
}
