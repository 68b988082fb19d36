/**
 * What makes each e-mail go out once: before sending notification <id> to an address, the notifier
 * claims a marker item for the pair; a stream record delivered again finds it and sends nothing.
 *
 *   NOTIFIED#<notification id>   TO#<address, lower case>   status sending | sent | failed
 *
 * The claim is one conditional PutItem, taken when there is no marker yet, when the last attempt
 * failed (`failed`: its sender gave the claim back), or when a claim is `sending` and its sender is
 * known to be gone: the claim was taken for this same stream record (Lambda hands a shard's records
 * to one invocation at a time, so when a record comes again the invocation that claimed for it has
 * ended: it crashed or timed out between claiming and answering), or it has been `sending` for
 * longer than CLAIM_STALE_MS. Whether that sender's e-mail went cannot be known (SES takes no
 * idempotency key): sending it again beats never sending it, so a crash mid-send may send that one
 * e-mail twice, and never loses it. A claim is given back, or marked sent,
 * with a PutItem conditional on its own token, so a taken-over claim is never overwritten by the
 * sender it was taken from. No DeleteItem: the function needs GetItem and PutItem only. Markers
 * expire (TTL) after SENT_MARKER_TTL_SECONDS, far beyond the stream's 24 h retention.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../lib/runtime/db';
import { tableDefinition } from '../lib/data/table';

export const sentMarkerKeys = {
  pkPrefix: 'NOTIFIED#',
  marker: (notificationId: string, address: string) => ({
    PK: `NOTIFIED#${notificationId}`,
    SK: `TO#${address.toLowerCase()}`,
  }),
} as const;

export const SENT_MARKER_TTL_SECONDS = 30 * 24 * 3600;
/** A `sending` claim older than this is taken to be abandoned. Longer than any Lambda invocation (15 min max is ours to keep below). */
export const CLAIM_STALE_MS = 5 * 60_000;

export type MarkerStatus = 'sending' | 'sent' | 'failed';

export interface SentMarkerItem {
  PK: string;
  SK: string;
  itemType: 'notification-sent';
  kind: string;
  status: MarkerStatus;
  claimToken: string;
  /** Epoch ms of the claim. */
  claimedAt: number;
  /** The stream record (its eventID) the claim was taken for. */
  deliveryId?: string;
  sentAt?: number;
  expiresAt: number;
}

export interface Claim {
  notificationId: string;
  address: string;
  kind: string;
  token: string;
  claimedAt: number;
  deliveryId?: string;
}

/** Why no claim was taken: the e-mail went already, or another sender holds a fresh claim (retry later). */
export type ClaimOutcome = { claimed: Claim } | { claimed: null; because: 'sent' | 'busy' };

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

function markerItem(claim: Claim, status: MarkerStatus, sentAt?: number): SentMarkerItem & Record<string, unknown> {
  return {
    ...sentMarkerKeys.marker(claim.notificationId, claim.address),
    itemType: 'notification-sent',
    kind: claim.kind,
    status,
    claimToken: claim.token,
    claimedAt: claim.claimedAt,
    ...(claim.deliveryId === undefined ? {} : { deliveryId: claim.deliveryId }),
    ...(sentAt === undefined ? {} : { sentAt }),
    [tableDefinition.ttlAttribute]: Math.floor(claim.claimedAt / 1000) + SENT_MARKER_TTL_SECONDS,
  };
}

/**
 * Claims sending notification `notificationId` to `address`. `deliveryId` names the stream record
 * being handled (its eventID): a claim left `sending` for that same record is taken over at once.
 */
export async function claimSend(input: {
  notificationId: string;
  address: string;
  kind: string;
  now: number;
  deliveryId?: string;
}): Promise<ClaimOutcome> {
  const claim: Claim = {
    notificationId: input.notificationId,
    address: input.address.toLowerCase(),
    kind: input.kind,
    token: randomUUID(),
    claimedAt: input.now,
    ...(input.deliveryId ? { deliveryId: input.deliveryId } : {}),
  };
  const senderGone = input.deliveryId ? '(claimedAt < :stale OR deliveryId = :delivery)' : 'claimedAt < :stale';
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: markerItem(claim, 'sending'),
        ConditionExpression: `attribute_not_exists(PK) OR #status = :failed OR (#status = :sending AND ${senderGone})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':sending': 'sending',
          ':stale': input.now - CLAIM_STALE_MS,
          ...(input.deliveryId ? { ':delivery': input.deliveryId } : {}),
        },
      }),
    );
    return { claimed: claim };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: table(),
      Key: sentMarkerKeys.marker(claim.notificationId, claim.address),
      ConsistentRead: true,
    }),
  );
  // Gone since (a TTL expiry): nothing was sent lately; the caller retries and claims it then.
  return { claimed: null, because: (Item as SentMarkerItem | undefined)?.status === 'sent' ? 'sent' : 'busy' };
}

/** Writes the claim's new status, if the claim is still ours. */
async function settle(claim: Claim, status: 'sent' | 'failed', now: number): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: markerItem(claim, status, status === 'sent' ? now : undefined),
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: { ':token': claim.token },
      }),
    );
  } catch (error) {
    // Taken over after going stale: the taker decides now.
    if (!isConditionFailure(error)) throw error;
  }
}

export const markSent = (claim: Claim, now: number) => settle(claim, 'sent', now);
/** Gives the claim back after a failed send, so the retry may send. */
export const releaseClaim = (claim: Claim, now: number) => settle(claim, 'failed', now);
