/**
 * A user's security record (CLIENT#<sub> / SECURITY): the moments that decide which of their
 * sessions may use admin power (admin-epoch.ts), kept by whoever causes them: the two-factor and
 * password routes, `npm run admin`, the post-confirmation trigger after a password reset, and the
 * pre-token-generation trigger for a moment made outside the product (the Cognito console), found
 * at the next sign-in or refresh (lambdas/lib/http/admin-moments.ts).
 *
 * Moments are epoch milliseconds. `version` grows with every change, so a writer that decided on
 * what it read (the sign-in's recording of admin moments, the two-factor confirmation) changes it only if nothing else did.
 *
 * A change and the notice that e-mails the user about it (lambdas/lib/data/security-notice.ts) are
 * one transaction: the e-mail goes out exactly when the record changed. The transaction is built
 * by `securityChange` alone, a pure function, so the operator's tool (infra/tools/admin.ts) sends
 * the very same write with its own client.
 */
import { GetCommand, type TransactWriteCommandInput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newSecurityNoticeItem, type SecurityEvent } from './security-notice';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { keys } from './table';

export const MOMENTS = [
  'adminSince',
  'adminRemovedAt',
  'totpEnabledAt',
  'totpDisabledAt',
  'pendingAssociationAt',
  'passwordChangedAt',
  'passkeyAddedAt',
  'passkeyRemovedAt',
  'passkeyRegistrationAt',
  'passkeyEnrolmentAllowedAt',
] as const;
export type Moment = (typeof MOMENTS)[number];
/** The record's text fields: the session a waiting secret, or a passkey's creation options, were handed out to (its tokens' `origin_jti`). */
export const TEXTS = ['pendingAssociationSession', 'passkeyRegistrationSession'] as const;
export type TextField = (typeof TEXTS)[number];

export interface SecurityMoments {
  /** Added to `admins` (by `npm run admin -- add`, or first seen so at a sign-in or refresh). */
  adminSince?: number;
  adminRemovedAt?: number;
  /** An authenticator app confirmed and put in force. */
  totpEnabledAt?: number;
  totpDisabledAt?: number;
  /** A new authenticator secret handed out and not yet confirmed: no second factor while it waits. */
  pendingAssociationAt?: number;
  passwordChangedAt?: number;
  /** A passkey registered through the product (lambdas/lib/cognito/passkeys.ts): its latest. */
  passkeyAddedAt?: number;
  /** A passkey deleted through the product: its latest. */
  passkeyRemovedAt?: number;
  /** A new passkey's creation options handed out, not yet registered (only the same session registers it). */
  passkeyRegistrationAt?: number;
  /**
   * An operator allowed one passkey for an administrator while passkeys are required of them
   * (`npm run admin -- allow-passkey`): open for PASSKEY_ENROLMENT_MS, closed by the next passkey added.
   */
  passkeyEnrolmentAllowedAt?: number;
}

export interface SecurityRecord extends SecurityMoments {
  /** 0 for a user who has none yet. */
  version: number;
  /** The session (`origin_jti`) the waiting secret was handed out to: only it may confirm the secret. */
  pendingAssociationSession?: string;
  /** The session (`origin_jti`) a passkey's creation options were handed out to: only it may register the passkey. */
  passkeyRegistrationSession?: string;
}

export interface SecurityChange {
  /** Moments to set (to the given epoch ms). */
  set?: Partial<Record<Moment, number>>;
  /** Text fields to set. */
  setText?: Partial<Record<TextField, string>>;
  /** Moments or text fields to forget. */
  clear?: readonly (Moment | TextField)[];
  /** What to e-mail the user about, if anything. */
  notice?: SecurityEvent;
  /** Only if the record is still at this version (0: there is none yet). */
  ifVersion?: number;
  /** Other writes that stand or fall with the change (the activity entry of an administrator found at sign-in). */
  with?: readonly TransactItem[];
}

/** The transaction of one change: the record's update and, when there is one, its notice's Put. */
export function securityChange(
  tableName: string,
  sub: string,
  change: SecurityChange,
  now: number,
): TransactWriteCommandInput {
  const set = [...Object.entries(change.set ?? {}), ...Object.entries(change.setText ?? {})] as [
    Moment | TextField,
    number | string,
  ][];
  const names: Record<string, string> = { '#sub': 'sub', '#type': 'itemType', '#version': 'version' };
  const values: Record<string, unknown> = { ':sub': sub, ':type': 'security', ':one': 1 };
  const assignments = ['#sub = :sub', '#type = :type'];
  set.forEach(([moment, at], i) => {
    names[`#s${i}`] = moment;
    values[`:s${i}`] = at;
    assignments.push(`#s${i} = :s${i}`);
  });
  const removals = (change.clear ?? []).map((moment, i) => {
    names[`#c${i}`] = moment;
    return `#c${i}`;
  });
  let condition: string | undefined;
  if (change.ifVersion !== undefined) {
    condition = change.ifVersion === 0 ? 'attribute_not_exists(PK)' : '#version = :expected';
    if (change.ifVersion !== 0) values[':expected'] = change.ifVersion;
  }
  const update = {
    TableName: tableName,
    Key: keys.security(sub),
    UpdateExpression: `SET ${assignments.join(', ')}${removals.length ? ` REMOVE ${removals.join(', ')}` : ''} ADD #version :one`,
    ExpressionAttributeValues: values,
    ExpressionAttributeNames: names,
    ...(condition ? { ConditionExpression: condition } : {}),
  };
  const notice = change.notice
    ? [
        {
          Put: {
            TableName: tableName,
            Item: newSecurityNoticeItem(sub, change.notice, now),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]
    : [];
  return { TransactItems: [{ Update: update }, ...notice, ...(change.with ?? [])] };
}

/** The record as stored now (strongly consistent: it decides admin power), or an empty one. */
export async function getSecurityRecord(sub: string): Promise<SecurityRecord> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.security(sub), ConsistentRead: true }),
  );
  if (!Item) return { version: 0 };
  const record: SecurityRecord = { version: typeof Item.version === 'number' ? Item.version : 0 };
  for (const moment of MOMENTS) {
    const at: unknown = Item[moment];
    if (typeof at === 'number' && Number.isFinite(at)) record[moment] = at;
  }
  for (const field of TEXTS) {
    const text: unknown = Item[field];
    if (typeof text === 'string' && text !== '') record[field] = text;
  }
  return record;
}

/**
 * Applies a change. Answers `changed`, or `raced` when `ifVersion` no longer held (something else
 * changed the record since it was read: nothing was written).
 */
export async function changeSecurityRecord(
  sub: string,
  change: SecurityChange,
  now: number,
): Promise<'changed' | 'raced'> {
  try {
    await ddb().send(new TransactWriteCommand(securityChange(table(), sub, change, now)));
    return 'changed';
  } catch (error) {
    if (change.ifVersion !== undefined && cancellationReasons(error)[0] === 'ConditionalCheckFailed') return 'raced';
    throw error;
  }
}
