import { toDocumentDto } from '../lib/documents/document-list';
import { regenerateStatement } from '../lib/documents/statement-regeneration';
import { actorEmail } from '../lib/http/actor';
import { httpHandler } from '../lib/http/http';

/**
 * POST /api/admin/clients/{id}/statements: regenerates the client's statement of a period that has
 * ended (201, the new document, a correction; the earlier one stays). Logged with the period.
 */
export const handler = httpHandler('regenerateStatement', async ({ caller, params, body, now }) => {
  const by = await actorEmail(caller);
  const { item, written } = await regenerateStatement(params.id, body.period, { sub: caller.sub, email: by }, now);
  return { status: written ? 201 : 200, body: { success: true, document: toDocumentDto(item, caller) } };
});
