/**
 * The notifier: reads the table's stream (NEW_AND_OLD_IMAGES, ReportBatchItemFailures) and sends
 * the e-mails each record stands for (notifications/events.ts), each at most once per
 * (notification id, address) thanks to a claim taken before sending (notifications/sent-marker.ts).
 *
 * Records are handled in order. The first record that cannot be finished (a failed send, a
 * failed read) is reported in batchItemFailures and the rest of the batch is left alone: Lambda
 * retries from that record, and what it had already sent is found claimed and not sent again. A
 * record delivered again after its invocation died mid-send sends that one e-mail again, rather
 * than never (sent-marker.ts).
 * The money move behind a record is already stored when the record exists: a failed e-mail never
 * undoes or delays it.
 *
 * Who each e-mail goes to is read when it is sent (notifier-addressees.ts): a pending action's
 * request for approval goes to every admin but its proposer, its outcome to the proposer and to
 * the admin who decided, each only while still an admin.
 *
 * New withdrawal requests are told to the admins merged, one e-mail per admin for the records
 * handled in a batch, sent at its end (notifications/admin-requests.ts, which also says how each
 * request stays sent once however a retry cuts the batch). If that e-mail fails, the batch is
 * reported failed from the first record it told of.
 *
 * Each record's documents come before its e-mails: the confirmation of a money move
 * (notifier-documents.ts), written once. A confirmation that cannot be written fails the record as
 * a failed e-mail does, and it is written whether or not e-mails are on.
 */
import { type AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { config } from '../lib/runtime/config';
import { logger } from '../lib/runtime/logger';
import { currentMailer, type Mailer } from '../lib/runtime/mailer';
import { notificationsFor } from '../notifications/events';
import {
  type AdminRequest,
  type HeldRequest,
  isAdminRequest,
  sendAdminRequests,
} from '../notifications/admin-requests';
import type { Notification } from '../notifications/notification';
import { renderNotification } from '../notifications/render';
import { claimSend, markSent, releaseClaim } from '../notifications/sent-marker';
import { type Addressee, addresseesOf, withClientName } from './notifier-addressees';
import { writeConfirmations, writesDocuments } from './notifier-documents';

export type { Addressee };

type Image = Record<string, AttributeValue> | undefined;
const plain = (image: Image) => (image ? unmarshall(image as Record<string, SdkAttributeValue>) : undefined);

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const mailer = currentMailer();
  if (!mailer && !writesDocuments()) return { batchItemFailures: [] };
  const records = event.Records;
  /** The admins' new requests of the records handled, with the index of the record that told of each. */
  const held: (HeldRequest & { record: number })[] = [];
  let failed = records.length;
  for (const [i, record] of records.entries()) {
    try {
      const requests = await notifyRecord(record, mailer);
      held.push(...requests.map((n) => ({ n, record: i, ...(record.eventID ? { deliveryId: record.eventID } : {}) })));
    } catch (error) {
      logNotSent(error, record);
      // Lambda retries from here; the later records of the batch come again after it.
      failed = i;
      break;
    }
  }
  const [first] = held;
  if (first && mailer) {
    try {
      await sendAdminRequests(held, await addresseesOf(first.n), mailer, config.siteUrl);
    } catch (error) {
      logNotSent(error, records[first.record] as DynamoDBRecord);
      failed = Math.min(failed, first.record);
    }
  }
  const failedRecord = records[failed];
  return { batchItemFailures: failedRecord ? [{ itemIdentifier: failedRecord.dynamodb?.SequenceNumber ?? '' }] : [] };
}

function logNotSent(error: unknown, record: DynamoDBRecord): void {
  const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
  logger.error('notification not sent; the record will be retried', {
    error: error as Error,
    eventID: record.eventID,
    sequenceNumber,
  });
}

/**
 * Writes a record's documents and sends its e-mails, but for the admins' new requests: answered,
 * for the end of the batch. Without a mailer (notifications off), the documents alone.
 */
async function notifyRecord(record: DynamoDBRecord, mailer: Mailer | null): Promise<AdminRequest[]> {
  const change = {
    eventName: record.eventName,
    oldImage: plain(record.dynamodb?.OldImage),
    newImage: plain(record.dynamodb?.NewImage),
  };
  await writeConfirmations(change, Date.now());
  if (!mailer) return [];
  const notifications = notificationsFor(change);
  for (const n of notifications) {
    if (isAdminRequest(n)) continue;
    for (const addressee of await addresseesOf(n)) await sendOnce(n, addressee, mailer, record.eventID);
  }
  // Named before they are held: the merged e-mail is written at the end of the batch.
  return Promise.all(notifications.filter(isAdminRequest).map(withClientName));
}

async function sendOnce(n: Notification, to: Addressee, mailer: Mailer, deliveryId: string | undefined): Promise<void> {
  // Rendered first: an e-mail that cannot be written fails before anything is claimed.
  const email = renderNotification(n, { siteUrl: config.siteUrl, recipientFirstName: to.firstName });
  const outcome = await claimSend({
    notificationId: n.id,
    address: to.email,
    kind: n.kind,
    now: Date.now(),
    ...(deliveryId ? { deliveryId } : {}),
  });
  if (!outcome.claimed) {
    if (outcome.because === 'sent') return;
    throw new Error(`notification ${n.id} is claimed for this recipient by another invocation`);
  }
  try {
    await mailer({ to: to.email, subject: email.subject, text: email.text, html: email.html });
  } catch (error) {
    await releaseClaim(outcome.claimed, Date.now()).catch((releaseError: unknown) =>
      // Not given back: it frees itself once stale (sent-marker.ts), and the retries wait till then.
      logger.error('could not give back a notification claim', { error: releaseError as Error, notificationId: n.id }),
    );
    throw error;
  }
  // Sent: failing to record it must not fail the record (the retry would find the claim held).
  await markSent(outcome.claimed, Date.now()).catch((error: unknown) =>
    logger.error('notification sent but not marked sent', { error: error as Error, notificationId: n.id }),
  );
}
