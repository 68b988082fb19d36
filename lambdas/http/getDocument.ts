import { documentRefusals } from '../../shared/documents';
import { DOC_ID_PATTERN } from '../lib/documents/document-item';
import { documentLink, readDocument } from '../lib/documents/document-store';
import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { readableProfile } from '../lib/data/profile-reads';

/**
 * GET /api/portfolios/{uid}/documents/{id}: a short-lived link to one of the client's documents.
 * The document is read under the client the path names, which the wrapper has checked is the
 * caller (or an administrator): another client's id finds nothing here.
 */
export const handler = httpHandler('getDocument', async ({ caller, params, now }) => {
  if (!DOC_ID_PATTERN.test(params.id)) throw new NotFound(documentRefusals.notFound);
  const [, item] = await Promise.all([readableProfile(params.uid, caller), readDocument(params.uid, params.id)]);
  if (!item) throw new NotFound(documentRefusals.notFound);
  return { body: await documentLink(item, now) };
});
