/**
 * Approved withdrawal requests on their way to the client's bank: the ones still to send (on GSI3
 * from their approval, oldest first), the file the firm's bank takes for them, and an
 * administrator's word that one was paid (its date and the bank's reference), said once.
 *
 * Marking is not a money move (the balance went down at the approval), so the four-eyes rules do
 * not apply; it is logged, and its stream record e-mails the client.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { FUTURE_SKEW_MS } from '../../../shared/amount-forms';
import { type Cell, toCsv } from '../../../shared/statement';
import { ddb, table, cancellationReasons } from '../runtime/db';
import { activityPut } from './activity-log';
import { Refused } from './domain-errors';
import { queryAll } from './query';
import { keys } from './table';
import { payoutRefusals } from '../../../shared/payout-account';
import type { RequestItem } from './withdrawal-requests';

/** The approved requests not yet sent, oldest approval first. */
export function listUnsentRequests(): Promise<RequestItem[]> {
  return queryAll<RequestItem>({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.unsentRequestsPk },
    ScanIndexForward: true,
  });
}

/** The day of a time, UTC: a payment date the bank gives as a day counts from that day's start. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface SentMark {
  reference: string;
  sentAt: number;
  by: string;
  now: number;
}

/** Refuses a mark the request cannot take: not approved, already sent, dated before its approval's day or ahead of now. */
function checkMark(item: RequestItem, mark: SentMark): void {
  if (item.sentAt) throw new Refused('conflict', payoutRefusals.alreadySent(item.sentAt, item.sentReference ?? ''));
  if (item.status !== 'approved' || !item.decidedAt) throw new Refused('conflict', payoutRefusals.notApproved);
  if (mark.sentAt > mark.now + FUTURE_SKEW_MS) throw new Refused('badInput', payoutRefusals.inFuture);
  if (utcDay(mark.sentAt) < utcDay(Date.parse(item.decidedAt)))
    throw new Refused('badInput', payoutRefusals.beforeApproval(item.decidedAt));
}

/**
 * Marks an approved request sent, once: the request (off the payouts still to send) and the log's
 * entry in one transaction, conditioned on the request being approved and not yet marked, so of
 * two marks at once exactly one is kept.
 */
export async function markSent(item: RequestItem, mark: SentMark): Promise<RequestItem> {
  checkMark(item, mark);
  const sentAt = new Date(mark.sentAt).toISOString();
  const markedSentAt = new Date(mark.now).toISOString();
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: { PK: item.PK, SK: item.SK },
              UpdateExpression:
                'SET sentAt = :sentAt, sentReference = :reference, sentBy = :by, markedSentAt = :marked REMOVE GSI3PK, GSI3SK',
              ConditionExpression: '#status = :approved AND attribute_not_exists(sentAt)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':sentAt': sentAt,
                ':reference': mark.reference,
                ':by': mark.by,
                ':marked': markedSentAt,
                ':approved': 'approved',
              },
            },
          },
          activityPut({
            kind: 'request-sent',
            actor: mark.by,
            at: mark.now,
            clientId: item.sub,
            clientEmail: item.userEmail,
            amountCents: item.amountCents,
            requestId: item.requestId,
            note: `Sent ${sentAt.slice(0, 10)}, reference ${mark.reference}`,
          }),
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)[0] === 'ConditionalCheckFailed')
      throw new Refused('conflict', payoutRefusals.alreadySent(sentAt, mark.reference));
    throw error;
  }
  const { GSI3PK: _pk, GSI3SK: _sk, ...rest } = item;
  return { ...rest, sentAt, sentReference: mark.reference, sentBy: mark.by, markedSentAt };
}

export const UNSENT_PAYOUTS_HEADER = [
  'Request',
  'Approved',
  'Client e-mail',
  'Account holder',
  'Bank',
  'IBAN',
  'Account number',
  'Routing number',
  'Amount',
  'Currency',
] as const;

/** The file for the bank: one line per payout still to send, with the whole account it pays to. */
export function unsentPayoutsCsv(items: readonly RequestItem[]): string {
  const rows = items.map((r): Cell[] => [
    r.requestId,
    r.decidedAt ?? '',
    r.userEmail,
    r.payTo?.holderName ?? '',
    r.payTo?.bankName ?? '',
    r.payTo?.iban ?? '',
    r.payTo?.accountNumber ?? '',
    r.payTo?.routingNumber ?? '',
    { amountCents: r.amountCents },
    'USD',
  ]);
  return toCsv(UNSENT_PAYOUTS_HEADER, rows);
}

/** The file, and the log's entry that says who took it (the whole account numbers are in it). */
export async function exportUnsentPayouts(by: string, now: number): Promise<{ body: string; filename: string }> {
  const items = await listUnsentRequests();
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        activityPut({ kind: 'payouts-exported', actor: by, at: now, note: `${items.length} payouts to send` }),
      ],
    }),
  );
  return { body: unsentPayoutsCsv(items), filename: `aurum-payouts-to-send-${utcDay(now)}.csv` };
}
