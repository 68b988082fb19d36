import { httpHandler } from '../lib/http/http';
import { listInvitationItems, toInvitationDto } from '../lib/data/invitations';

/** The console's invitations, newest sent first; an open one past its date reads expired. */
export const handler = httpHandler('listInvitations', async ({ now }) => ({
  body: { invitations: (await listInvitationItems()).map((item) => toInvitationDto(item, now)) },
}));
