/**
 * A client's acceptance of the firm's client agreement (shared/client-agreement.ts):
 *
 *   CLIENT#<sub>   AGREEMENT#<version>   the version, its page, when it was accepted and from where
 *                                         (the request's source IP and user agent); written once
 *
 * and, on the profile, `agreement {version, acceptedAt}`: the version the client last accepted,
 * which the withdrawal request and the payout account's change check against the stage's current
 * one. Both are written in one transaction on the profile with the log's entry; the item's INSERT
 * e-mails the client a confirmation. The item is never overwritten, so the record of what was
 * accepted, when and from where is the first one.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientAgreement } from '../../../shared/client-agreement';
import { refusals } from '../../../shared/refusals';
import { ddb, table } from '../runtime/db';
import { activityPut } from './activity-log';
import { Refused } from './domain-errors';
import type { Profile } from './profile-item';
import { requireProfile } from './profile-reads';
import { transactOnProfile } from './profile-transaction';
import { keys } from './table';

/** What the profile keeps of the last acceptance. */
export interface AgreementAcceptance {
  version: string;
  /** ISO */
  acceptedAt: string;
}

/** Where an acceptance came from, as the API's request context says. */
export interface AcceptanceSource {
  sourceIp: string;
  userAgent: string;
}

export interface AgreementItem extends AgreementAcceptance, AcceptanceSource {
  PK: string;
  SK: string;
  itemType: 'agreement';
  sub: string;
  url: string;
}

export function agreementItem(
  sub: string,
  agreement: ClientAgreement,
  source: AcceptanceSource,
  at: number,
): AgreementItem {
  return {
    ...keys.agreement(sub, agreement.version),
    itemType: 'agreement',
    sub,
    version: agreement.version,
    url: agreement.url,
    acceptedAt: new Date(at).toISOString(),
    sourceIp: source.sourceIp,
    userAgent: source.userAgent,
  };
}

export async function getAgreementItem(sub: string, version: string): Promise<AgreementItem | null> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.agreement(sub, version), ConsistentRead: true }),
  );
  return (Item as AgreementItem | undefined) ?? null;
}

/**
 * Whether the profile may move money out or change where it is paid: a staff account holds no
 * money, and a stage without an agreement asks for none.
 */
export function hasAcceptedCurrent(profile: Pick<Profile, 'agreement' | 'staff'>, current?: ClientAgreement): boolean {
  return current === undefined || profile.staff === true || profile.agreement?.version === current.version;
}

/** Refuses a client who has not accepted the current agreement (403, with what to do). */
export function requireCurrentAgreement(
  profile: Pick<Profile, 'agreement' | 'staff'>,
  current?: ClientAgreement,
): void {
  if (!hasAcceptedCurrent(profile, current)) throw new Refused('notAllowed', refusals.agreementRequired);
}

/** The one write that only a race lost: the item was written since it was read. */
class AcceptedMeanwhile extends Error {}

/**
 * An acceptance recorded before, answered as it stands. Nothing is written (a second click, a
 * retry, two tabs), unless the profile names another version since: a stage gone back to a version
 * the client accepted before marks the profile with that first acceptance again, and logs nothing.
 */
async function acceptedBefore(sub: string, existing: AgreementItem, now: number): Promise<AgreementItem> {
  const mark = { version: existing.version, acceptedAt: existing.acceptedAt };
  if ((await requireProfile(sub, true)).agreement?.version === mark.version) return existing;
  return transactOnProfile(sub, async () => ({ profileSet: { agreement: mark }, answer: existing }), {
    now,
    applicantMay: true,
  });
}

/** Records the client's acceptance of `agreement`, once: one recorded before is answered as it stands. */
export async function acceptAgreement(
  sub: string,
  agreement: ClientAgreement,
  source: AcceptanceSource,
  now: number,
): Promise<AgreementItem> {
  const existing = await getAgreementItem(sub, agreement.version);
  if (existing) return acceptedBefore(sub, existing, now);
  try {
    return await transactOnProfile(
      sub,
      async (profile) => {
        const item = agreementItem(sub, agreement, source, now);
        return {
          profileSet: { agreement: { version: item.version, acceptedAt: item.acceptedAt } },
          writes: [
            { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            activityPut({
              kind: 'agreement-accepted',
              actor: profile.email,
              at: now,
              clientId: sub,
              clientEmail: profile.email,
              note: `Version ${item.version}`,
            }),
          ],
          onWriteConditionFailed: (index) => {
            if (index === 0) throw new AcceptedMeanwhile();
          },
          answer: item,
        };
      },
      { now, applicantMay: true },
    );
  } catch (error) {
    if (!(error instanceof AcceptedMeanwhile)) throw error;
    const first = await getAgreementItem(sub, agreement.version);
    if (!first) throw error;
    return acceptedBefore(sub, first, now);
  }
}
