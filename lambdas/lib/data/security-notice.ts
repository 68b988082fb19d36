/**
 * Security notices: the items behind the e-mails that tell a user their sign-in changed (their password, their
 * two-factor sign-in, their administrator access), always sent, so that a change they did not
 * make reaches them.
 *
 *   CLIENT#<sub>   NOTICE#<at ISO>#<notice id>   one change, written in the same transaction as
 *                                                the security record it changes (lib/security-record.ts)
 *
 * Written with a conditional Put, never updated: its INSERT on the table's stream is the event,
 * and its key gives the notification a stable id, so a redelivered record sends nothing twice.
 * It holds no address (the notifier reads it off the profile) and expires after a year and a
 * month, as the weekly runs do. What the e-mail says is lambdas/notifications/security-notice-email.ts.
 */
import { newId } from './ids';
import { keys } from './table';

/** What changed. */
export const SECURITY_EVENTS = [
  'password-changed',
  'password-reset',
  'two-factor-on',
  'two-factor-off',
  'admin-granted',
  'admin-revoked',
  'payout-account-changed',
  'passkey-added',
  'passkey-removed',
  'passkey-enrolment-allowed',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

export const SECURITY_NOTICE_TTL_SECONDS = 400 * 24 * 3600;

/** What the e-mail shows: what happened, and when (ISO). */
export interface SecurityNoticeData {
  event: SecurityEvent;
  at: string;
}

export interface SecurityNoticeItem extends SecurityNoticeData {
  PK: string;
  SK: string;
  itemType: 'security-notice';
  sub: string;
  noticeId: string;
  /** DynamoDB TTL (epoch seconds): the table's ttlAttribute. */
  expiresAt: number;
}

export function newSecurityNoticeItem(
  sub: string,
  event: SecurityEvent,
  at: number,
  noticeId: string = newId(at),
): SecurityNoticeItem {
  return {
    ...keys.notice(sub, at, noticeId),
    itemType: 'security-notice',
    sub,
    noticeId,
    event,
    at: new Date(at).toISOString(),
    expiresAt: Math.floor(at / 1000) + SECURITY_NOTICE_TTL_SECONDS,
  };
}

export type SecurityNoticeView = Pick<SecurityNoticeItem, 'sub' | 'noticeId' | 'event' | 'at'>;

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** A stream image read back as a notice, or null when it is not exactly one the portal writes (its key names its own client and time). */
export function readSecurityNotice(image: Readonly<Record<string, unknown>>, sub: string): SecurityNoticeView | null {
  const { noticeId, event, at } = image;
  if (image.itemType !== 'security-notice' || image.sub !== sub || !isText(noticeId) || !isText(at)) return null;
  if (!SECURITY_EVENTS.some((e) => e === event)) return null;
  const ms = Date.parse(at);
  if (!Number.isFinite(ms) || new Date(ms).toISOString() !== at || image.SK !== keys.notice(sub, ms, noticeId).SK)
    return null;
  return { sub, noticeId, event: event as SecurityEvent, at };
}
