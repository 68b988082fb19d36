/**
 * A client's payout account: the bank account its withdrawals are paid to (shared/payout-account.ts).
 *
 *   CLIENT#<sub>   PAYOUT   holder, bank, the whole IBAN or US account and routing number, when it was
 *                           set and from when a request may pay to it (the stage's cooling-off after that)
 *
 * It is written in a transaction on the client's profile (its version moves), so a withdrawal
 * request, which is planned on the same version, either sees the account as it was before the
 * change or fails and plans again from the new one; the security notice that e-mails the client
 * and the activity log's entry are in the same transaction. The whole number is read back only to
 * pay it (the unsent payouts' file for the bank); everything shown is masked.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MaskedPayoutAccount, PayoutAccountKind } from '../../../shared/payout-account';
import { last4Of } from '../../../shared/payout-account';
import type { PayoutAccountNumber } from '../../../shared/payout-bodies';
import { ddb, table } from '../runtime/db';
import { activityPut } from './activity-log';
import { transactOnProfile } from './profile-transaction';
import { newSecurityNoticeItem } from './security-notice';
import { keys } from './table';
import type { ClientAgreement } from '../../../shared/client-agreement';
import { requireCurrentAgreement } from './client-agreement';

/** The account as stored on the PAYOUT item, and as a request records where it pays. */
export interface PayoutAccountRecord {
  holderName: string;
  bankName: string;
  kind: PayoutAccountKind;
  iban?: string;
  accountNumber?: string;
  routingNumber?: string;
  /** ISO */
  setAt: string;
  /** ISO: setAt and the cooling-off period in force when it was set. */
  usableFrom: string;
}

export interface PayoutAccountItem extends PayoutAccountRecord {
  PK: string;
  SK: string;
  sub: string;
}

/** What anyone is shown of an account: its last four digits, the IBAN's country, a US bank's routing number. */
export function maskedPayoutAccount(record: PayoutAccountRecord): MaskedPayoutAccount {
  const number = record.kind === 'iban' ? (record.iban ?? '') : (record.accountNumber ?? '');
  return {
    holderName: record.holderName,
    bankName: record.bankName,
    kind: record.kind,
    last4: last4Of(number),
    ...(record.kind === 'iban' ? { country: number.slice(0, 2) } : {}),
    ...(record.kind === 'us' && record.routingNumber ? { routingNumber: record.routingNumber } : {}),
    setAt: record.setAt,
    usableFrom: record.usableFrom,
  };
}

/** The fields of a record, without the item's keys: what a request keeps of where it pays. */
export function payoutRecordOf(item: PayoutAccountRecord): PayoutAccountRecord {
  const { holderName, bankName, kind, iban, accountNumber, routingNumber, setAt, usableFrom } = item;
  return {
    holderName,
    bankName,
    kind,
    ...(iban ? { iban } : {}),
    ...(accountNumber ? { accountNumber } : {}),
    ...(routingNumber ? { routingNumber } : {}),
    setAt,
    usableFrom,
  };
}

export async function getPayoutAccount(sub: string, consistent = false): Promise<PayoutAccountItem | null> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.payout(sub), ConsistentRead: consistent }),
  );
  return (Item as PayoutAccountItem | undefined) ?? null;
}

export interface PayoutAccountChange {
  holderName: string;
  bankName: string;
  account: PayoutAccountNumber;
}

/** The PAYOUT item of an account set at `setAt`, usable `coolingOffMs` later. */
export function payoutAccountItem(
  sub: string,
  change: PayoutAccountChange,
  setAt: number,
  coolingOffMs: number,
): PayoutAccountItem {
  return {
    ...keys.payout(sub),
    sub,
    holderName: change.holderName,
    bankName: change.bankName,
    ...change.account,
    setAt: new Date(setAt).toISOString(),
    usableFrom: new Date(setAt + coolingOffMs).toISOString(),
  };
}

/**
 * Sets the client's payout account, usable `coolingOffMs` from now: the PAYOUT item, the notice
 * that e-mails the client at once and the log's entry, in one transaction on the profile. A
 * client who has not accepted the current client `agreement` is refused.
 */
export async function setPayoutAccount(
  sub: string,
  change: PayoutAccountChange,
  now: number,
  coolingOffMs: number,
  agreement?: ClientAgreement,
): Promise<PayoutAccountItem> {
  return transactOnProfile(
    sub,
    async (profile) => {
      requireCurrentAgreement(profile, agreement);
      const item = payoutAccountItem(sub, change, now, coolingOffMs);
      return {
        writes: [
          { Put: { TableName: table(), Item: item } },
          {
            Put: {
              TableName: table(),
              Item: newSecurityNoticeItem(sub, 'payout-account-changed', now),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          activityPut({
            kind: 'payout-account-set',
            actor: profile.email,
            at: now,
            clientId: sub,
            clientEmail: profile.email,
            note: `${change.account.kind === 'iban' ? 'IBAN' : 'US account'} ending ${last4Of(change.account.kind === 'iban' ? change.account.iban : change.account.accountNumber)}`,
          }),
        ],
        answer: item,
      };
    },
    { now },
  );
}
