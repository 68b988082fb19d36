import { refusals } from '../../shared/refusals';
import { acceptAgreement } from '../lib/data/client-agreement';
import { BadRequest } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { config } from '../lib/runtime/config';

/**
 * PUT /api/portfolios/{uid}/agreement: the client accepts the current client agreement (no
 * administrator may for them: the route has no adminMayRead). Only the current version: a page
 * loaded before a change must not record the old one as accepted today. Recorded once, with
 * where the request came from; a second acceptance answers the first.
 */
export const handler = httpHandler('acceptAgreement', async ({ event, params, body, now }) => {
  const current = config.clientAgreement;
  if (!current || body.version !== current.version) throw new BadRequest(refusals.agreementNotCurrent);
  const { sourceIp, userAgent } = event.requestContext.http;
  const item = await acceptAgreement(params.uid, current, { sourceIp, userAgent: userAgent.slice(0, 512) }, now);
  return { body: { success: true, agreement: { version: item.version, acceptedAt: item.acceptedAt } } };
});
