import { readDocumentPage } from '../lib/documents/document-list';
import { httpHandler } from '../lib/http/http';
import { readableProfile } from '../lib/data/profile-reads';

/** GET /api/portfolios/{uid}/documents: a page of the client's documents, newest first; a closed account's to administrators. */
export const handler = httpHandler('listDocuments', async ({ caller, params, query }) => {
  // Both reads at once: an unknown client still gets its 404, a known one waits one round trip, not two.
  const [, page] = await Promise.all([
    readableProfile(params.uid, caller),
    readDocumentPage(params.uid, query, caller),
  ]);
  return { body: page };
});
