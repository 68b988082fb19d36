/**
 * Invitations to sign up (docs/product.md, "Invitations"): the item, its id, its reads and how
 * the console is shown it. An invitation is keyed by a hash of its address (invitationId), so a
 * sign-up finds the one for its verified address with a single GetItem and the e-mailed link
 * carries nothing that grants anything: the server decides from the address alone.
 *
 *   INVITE#<id>   INVITE   email, names, status open|used|revoked, who sent it, when, validUntil,
 *                          the issue (raised by each re-invite), and who used or revoked it, when
 *
 * Its writes are in invitation-writes.ts; its use at sign-up in invitation-acceptance.ts.
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InvitationDto } from '../../../shared/answers';
import { INVITATION_VALID_DAYS, type InvitationStatus } from '../../../shared/invitations';
import { ddb, table } from '../runtime/db';
import { queryAll } from './query';
import { invitationKeys } from './table';

const DAY_MS = 24 * 3_600_000;
export const INVITATION_VALID_MS = INVITATION_VALID_DAYS * DAY_MS;
/** How long the item is kept after its validity (the table's TTL): the activity log keeps the history. */
export const INVITATION_KEPT_MS = 90 * DAY_MS;

export interface InvitationItem {
  PK: string;
  SK: string;
  GSI3PK: string;
  GSI3SK: string;
  id: string;
  /** Lower-case, as the id is made from it. */
  email: string;
  firstName: string;
  lastName: string;
  status: 'open' | 'used' | 'revoked';
  /** The administrator who sent it last (e-mail, sub). */
  invitedBy: string;
  invitedBySub: string;
  /** ISO: the first sending; sentAt the last. */
  createdAt: string;
  sentAt: string;
  /** ISO: sentAt and INVITATION_VALID_DAYS. Not expiresAt, which is the table's TTL. */
  validUntil: string;
  /** 1 at the first sending, raised by each re-invite: its notification id. */
  issue: number;
  usedBySub?: string;
  usedAt?: string;
  revokedBy?: string;
  revokedAt?: string;
  /** Epoch seconds (the table's TTL attribute): validUntil and INVITATION_KEPT_MS. */
  expiresAt: number;
}

/** The id of an address's invitation: the first 32 hex digits of the SHA-256 of the lower-cased address. */
export function invitationId(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** The TTL of an invitation valid until `validUntil` (epoch ms). */
export const invitationExpiresAt = (validUntil: number): number => Math.floor((validUntil + INVITATION_KEPT_MS) / 1000);

export async function getInvitation(id: string): Promise<InvitationItem | null> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: invitationKeys.item(id), ConsistentRead: true }),
  );
  return (Item as InvitationItem | undefined) ?? null;
}

/** Every invitation, newest sent first. The TTL purges them 97 days after their last sending, which bounds the list. */
export function listInvitationItems(): Promise<InvitationItem[]> {
  return queryAll<InvitationItem>({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': invitationKeys.listPk },
    ScanIndexForward: false,
  });
}

/** Whether an open invitation can still be used at `now`. */
export const isUsable = (item: Pick<InvitationItem, 'status' | 'validUntil'>, now: number): boolean =>
  item.status === 'open' && Date.parse(item.validUntil) > now;

export function invitationStatusOf(item: InvitationItem, now: number): InvitationStatus {
  if (item.status === 'open' && !isUsable(item, now)) return 'expired';
  return item.status;
}

export function toInvitationDto(item: InvitationItem, now: number): InvitationDto {
  return {
    id: item.id,
    email: item.email,
    firstName: item.firstName,
    lastName: item.lastName,
    status: invitationStatusOf(item, now),
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    sentAt: item.sentAt,
    validUntil: item.validUntil,
    ...(item.usedAt ? { usedAt: item.usedAt } : {}),
    ...(item.revokedBy ? { revokedBy: item.revokedBy } : {}),
    ...(item.revokedAt ? { revokedAt: item.revokedAt } : {}),
  };
}
