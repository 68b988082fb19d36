import { NotFound } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { getInvitation, toInvitationDto } from '../lib/data/invitations';
import { revokeInvitation } from '../lib/data/invitation-writes';
import { invitationRefusals } from '../../shared/invitations';

/** POST /api/admin/invitations/{id}/revoke: an open invitation can no longer be used (409 once used or revoked); e-mailed to the invitee. */
export const handler = httpHandler('revokeInvitation', async ({ caller, params, now }) => {
  const item = await getInvitation(params.id);
  if (!item) throw new NotFound(invitationRefusals.notFound);
  const revoked = await revokeInvitation(item, { sub: caller.sub, email: await actorEmail(caller) }, now);
  return { body: { success: true, invitation: toInvitationDto(revoked, now) } };
});
