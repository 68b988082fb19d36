/**
 * An invitation used at sign-up (docs/product.md, "Invitations"). createProfile asks for the
 * invitation of the new user's verified address and adds the writes given here to the profile's
 * own transaction: the invitation marked used, on the condition that it is still open and valid
 * at that moment, and the activity entry that names the administrator who invited. A revoke or an
 * expiry racing the sign-up fails that condition alone; createProfile then signs the client up
 * without it.
 */
import type { TransactItem } from '../runtime/db';
import { table } from '../runtime/db';
import { activityPut } from './activity-log';
import { getInvitation, invitationId, isUsable } from './invitations';
import { invitationKeys } from './table';

export interface InvitationAcceptance {
  /** The writes, the invitation's conditional update first. */
  writes: TransactItem[];
  invitedBy: string;
}

/**
 * The writes that use the invitation of `verifiedEmail` for `sub`, or null when there is none to
 * use: no verified address, no invitation, or one used, revoked or past its date.
 */
export async function invitationAcceptance(
  sub: string,
  verifiedEmail: string | undefined,
  now: number,
): Promise<InvitationAcceptance | null> {
  if (!verifiedEmail) return null;
  const invitation = await getInvitation(invitationId(verifiedEmail));
  if (!invitation || !isUsable(invitation, now)) return null;
  const at = new Date(now).toISOString();
  return {
    invitedBy: invitation.invitedBy,
    writes: [
      {
        Update: {
          TableName: table(),
          Key: invitationKeys.item(invitation.id),
          UpdateExpression: 'SET #status = :used, usedBySub = :sub, usedAt = :at',
          ConditionExpression: '#status = :open AND validUntil > :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':used': 'used', ':sub': sub, ':at': at, ':open': 'open', ':now': at },
        },
      },
      activityPut({
        kind: 'invitation-accepted',
        actor: invitation.invitedBy,
        at: now,
        clientId: sub,
        clientEmail: invitation.email,
      }),
    ],
  };
}

/** Whether a cancelled transaction failed on the acceptance's own condition, its first write at `index`. */
export const acceptanceRefused = (reasons: readonly (string | undefined)[], index: number): boolean =>
  reasons[index] === 'ConditionalCheckFailed';
