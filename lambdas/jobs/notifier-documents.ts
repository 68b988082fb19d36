/**
 * The notifier's documents: the confirmation each money move's record stands for
 * (notifications/confirmation-events.ts), written once to the client's documents
 * (documents/document-store.ts). A record delivered again finds the document written the first
 * time; a write that fails throws, so the record is retried as a failed e-mail's is.
 *
 * Only a function given the documents bucket and the firm's details writes them (DOCUMENTS_BUCKET
 * and FIRM_DETAILS, which the CDK stack gives together): elsewhere a record means e-mails alone.
 */
import { confirmationDocument } from '../lib/documents/confirmation-document';
import { storeDocument } from '../lib/documents/document-store';
import { logger } from '../lib/runtime/logger';
import { runtimeSettings } from '../lib/runtime/runtime';
import { confirmationsFor } from '../notifications/confirmation-events';
import type { ItemChange } from '../notifications/events';

/** Whether this function writes documents: it was given their bucket and the firm they are headed with. */
export const writesDocuments = (): boolean => {
  const { documentsBucket, firm } = runtimeSettings();
  return documentsBucket !== undefined && firm !== undefined;
};

/** Writes the confirmations `change` stands for, each once; throws when one cannot be written. */
export async function writeConfirmations(change: ItemChange, now: number): Promise<void> {
  if (!writesDocuments()) return;
  for (const move of confirmationsFor(change)) {
    const rendered = await confirmationDocument(move, { issuedAt: now });
    // No client any more (a tombstone): there is no one to keep it for.
    if (!rendered) continue;
    const { outcome, item } = await storeDocument(move.sub, rendered.draft, rendered.pdf);
    if (outcome === 'exists') logger.info('confirmation already written', { docId: item.docId });
  }
}
