/**
 * Sending and revoking invitations (invitations.ts). Each is one transaction with its activity
 * entry, conditioned on the invitation as it was read: of two administrators acting on the same
 * address at once, one wins and the other is told to try again. The e-mails come from the
 * item's stream records (notifications/invitation-emails.ts).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { invitationRefusals } from '../../../shared/invitations';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { activityPut } from './activity-log';
import { Refused } from './domain-errors';
import {
  getInvitation,
  INVITATION_VALID_MS,
  invitationExpiresAt,
  invitationId,
  type InvitationItem,
} from './invitations';
import { invitationKeys } from './table';

export interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
}

/** An administrator, as the item and the log name them. */
export interface Inviter {
  sub: string;
  email: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The item of an invitation sent at `now`: new, or `previous` renewed (its first sending kept, its issue raised). */
export function issuedItem(
  invitee: Invitee,
  by: Inviter,
  now: number,
  previous: InvitationItem | null,
): InvitationItem {
  const id = invitationId(invitee.email);
  const validUntil = now + INVITATION_VALID_MS;
  return {
    ...invitationKeys.item(id),
    ...invitationKeys.listIndex(now, id),
    id,
    email: invitee.email.toLowerCase(),
    firstName: invitee.firstName,
    lastName: invitee.lastName,
    status: 'open',
    invitedBy: by.email,
    invitedBySub: by.sub,
    createdAt: previous?.createdAt ?? iso(now),
    sentAt: iso(now),
    validUntil: iso(validUntil),
    issue: (previous?.issue ?? 0) + 1,
    expiresAt: invitationExpiresAt(validUntil),
  };
}

/** Runs the transaction; a failed condition on its first item is `refusal` (409). */
async function transactOrRefuse(items: TransactItem[], refusal: string): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (cancellationReasons(error)[0] === 'ConditionalCheckFailed') throw new Refused('conflict', refusal);
    throw error;
  }
}

/**
 * Sends an invitation to `invitee`, valid INVITATION_VALID_DAYS from now. An address already
 * invited and not signed up (open, expired or revoked) is invited again: the same item, renewed,
 * its issue raised, so the stream e-mails it again. A used one is refused (409).
 */
export async function sendInvitation(invitee: Invitee, by: Inviter, now: number): Promise<InvitationItem> {
  const previous = await getInvitation(invitationId(invitee.email));
  if (previous?.status === 'used') throw new Refused('conflict', invitationRefusals.alreadyUsed);
  const item = issuedItem(invitee, by, now, previous);
  const write: TransactItem = previous
    ? {
        Put: {
          TableName: table(),
          Item: item,
          ConditionExpression: 'issue = :issue AND #status <> :used',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':issue': previous.issue, ':used': 'used' },
        },
      }
    : { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } };
  await transactOrRefuse(
    [
      write,
      activityPut({
        kind: 'invitation-sent',
        actor: by.email,
        at: now,
        clientEmail: item.email,
        note: `${item.firstName} ${item.lastName}, valid until ${item.validUntil.slice(0, 10)}${previous ? ' (sent again)' : ''}`,
      }),
    ],
    invitationRefusals.changedMeanwhile,
  );
  return item;
}

/** Revokes an open invitation (an expired one too: it is still open); anything else is refused (409). */
export async function revokeInvitation(item: InvitationItem, by: Inviter, now: number): Promise<InvitationItem> {
  const revokedAt = iso(now);
  await transactOrRefuse(
    [
      {
        Update: {
          TableName: table(),
          Key: invitationKeys.item(item.id),
          UpdateExpression: 'SET #status = :revoked, revokedBy = :by, revokedAt = :at',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':revoked': 'revoked', ':by': by.email, ':at': revokedAt, ':open': 'open' },
        },
      },
      activityPut({ kind: 'invitation-revoked', actor: by.email, at: now, clientEmail: item.email }),
    ],
    invitationRefusals.notOpen,
  );
  return { ...item, status: 'revoked', revokedBy: by.email, revokedAt };
}
