/**
 * An administrator approves a pending application: the account is active, listed and counted, and
 * its client e-mailed (the funding instructions are on the dashboard). Never the administrator's
 * own (403); a decided one is refused (409).
 */
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { approveApplication } from '../lib/money/application-decisions';
import { toApplicationDto } from '../lib/data/applications';

export const handler = httpHandler('approveApplication', async ({ caller, params, now }) => {
  const approved = await approveApplication(params.id, { email: await actorEmail(caller), sub: caller.sub }, now);
  return { body: { success: true, application: toApplicationDto(approved) } };
});
