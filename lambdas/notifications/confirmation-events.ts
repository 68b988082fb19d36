/**
 * Which confirmations (lambdas/lib/documents/confirmation-document.ts) one record of the table's
 * stream stands for, beside its e-mails (events.ts):
 *
 *   INSERT  ledger entry, deposit or withdrawal   its confirmation (an approval's withdrawal too:
 *                                                 money left the balance, whoever asked)
 *   MODIFY  request, approved → sent              the payout's confirmation, with the bank's reference
 *
 * Each is read from the item alone, so a record delivered again yields the same move, whose
 * document id is the same (document-item.ts), and the store finds the first one written.
 */
import type { ConfirmedMove } from '../lib/documents/confirmation-document';
import { type ItemChange, requestMarkedSent } from './events';
import { readEntry, readRequest, storedItemKindOf } from './stored-item-views';

export function confirmationsFor(change: ItemChange): ConfirmedMove[] {
  const { eventName, oldImage, newImage } = change;
  if (!newImage) return [];
  const kind = storedItemKindOf(newImage);
  if (eventName === 'INSERT' && kind === 'entry') {
    const entry = readEntry(newImage);
    if (!entry || entry.type === 'adjustment') return [];
    return [
      {
        kind: entry.type,
        sub: entry.sub,
        entryId: entry.entryId,
        amountCents: entry.amountCents,
        at: entry.at,
        ...(entry.note ? { note: entry.note } : {}),
        balanceAfterCents: entry.balanceAfterCents,
      },
    ];
  }
  if (eventName === 'MODIFY' && kind === 'request' && oldImage) {
    const before = readRequest(oldImage);
    const after = readRequest(newImage);
    if (!before || !after || !requestMarkedSent(before, after)) return [];
    return [
      {
        kind: 'payout',
        sub: after.sub,
        requestId: after.requestId,
        amountCents: after.amountCents,
        requestedAt: after.createdAt,
        decidedAt: after.decidedAt,
        sentAt: after.sentAt,
        reference: after.sentReference,
      },
    ];
  }
  return [];
}
