import { emailHasUser } from '../lib/cognito/cognito';
import { Conflict, Forbidden } from '../lib/http/errors';
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { sameEmail } from '../lib/money/account-owners';
import { logger } from '../lib/runtime/logger';
import { toInvitationDto } from '../lib/data/invitations';
import { sendInvitation } from '../lib/data/invitation-writes';
import { invitationRefusals } from '../../shared/invitations';

/**
 * POST /api/admin/invitations: an administrator invites someone to sign up (201); the stream
 * e-mails the link. Never the administrator's own address (403: an invited sign-up skips any
 * review), nor an address that already has an account (409). Inviting an address again renews
 * its invitation, unless it was used (409).
 */
export const handler = httpHandler('createInvitation', async ({ caller, body, now }) => {
  const by = await actorEmail(caller);
  if (sameEmail(by, body.email)) {
    logger.warn('self-invitation refused', { adminSub: caller.sub });
    throw new Forbidden(invitationRefusals.ownEmail);
  }
  if (await emailHasUser(body.email)) throw new Conflict(invitationRefusals.accountExists);
  const item = await sendInvitation(body, { sub: caller.sub, email: by }, now);
  return { status: 201, body: { success: true, invitation: toInvitationDto(item, now) } };
});
