/**
 * Security notices: the e-mails that tell a user their sign-in changed (their password, their
 * two-factor sign-in, their administrator access), always sent, so that a change they did not
 * make reaches them.
 *
 *   CLIENT#<sub>   NOTICE#<at ISO>#<notice id>   one change, written in the same transaction as
 *                                                the security record it changes (lib/security-record.ts)
 *
 * Written with a conditional Put, never updated: its INSERT on the table's stream is the event,
 * and its key gives the notification a stable id, so a redelivered record sends nothing twice.
 * It holds no address (the notifier reads it off the profile) and expires after a year and a
 * month, as the weekly runs do.
 */
import { newId } from './ids';
import { keys } from './table';
import { formatUtcDateTime } from '../../notifications/email-format';
import { type EmailContent, FIRM_NAME } from '../../notifications/email-layout';

/** What changed. */
export const SECURITY_EVENTS = ['password-changed', 'password-reset', 'two-factor-on', 'two-factor-off', 'admin-granted', 'admin-revoked'] as const;
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

export function newSecurityNoticeItem(sub: string, event: SecurityEvent, at: number, noticeId: string = newId(at)): SecurityNoticeItem {
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
  if (!Number.isFinite(ms) || new Date(ms).toISOString() !== at || image.SK !== keys.notice(sub, ms, noticeId).SK) return null;
  return { sub, noticeId, event: event as SecurityEvent, at };
}

interface Parts {
  site: string;
  greeting: string;
}

interface Wording {
  subject: string;
  /** What happened, in one sentence ending with when. */
  happened: (when: string) => string;
  /** What follows from it for the reader's sessions, when anything does. */
  sessions?: string;
  /** What to do if it was not them. */
  ifNotYou: (site: string) => string;
}

const resetNow = (site: string) => `reset your password now at ${site}/forgot-password`;

const WORDING: Record<SecurityEvent, Wording> = {
  'password-changed': {
    subject: `Your ${FIRM_NAME} password was changed`,
    happened: (when) => `The password of your ${FIRM_NAME} account was changed on ${when}.`,
    sessions: 'Every session was signed out: sign in again with the new password.',
    ifNotYou: (site) => `If you did not change it, ${resetNow(site)}.`,
  },
  'password-reset': {
    subject: `Your ${FIRM_NAME} password was reset`,
    happened: (when) => `The password of your ${FIRM_NAME} account was reset with a link sent to this address, on ${when}.`,
    sessions: 'Every session was signed out: sign in again with the new password.',
    ifNotYou: (site) => `If you did not reset it, someone can read your e-mail: secure your e-mail account, then ${resetNow(site)}.`,
  },
  'two-factor-on': {
    subject: 'Two-factor sign-in was turned on',
    happened: (when) => `Two-factor sign-in was turned on for your ${FIRM_NAME} account with a new authenticator app, on ${when}. Each sign-in now asks for a code from that app.`,
    sessions: 'Every session was signed out: sign in again with your password and a code.',
    ifNotYou: (site) => `If you did not add an authenticator app, someone knows your password: ${resetNow(site)} and ask ${FIRM_NAME} to remove the app.`,
  },
  'two-factor-off': {
    subject: 'Two-factor sign-in was turned off',
    happened: (when) => `Two-factor sign-in was turned off for your ${FIRM_NAME} account on ${when}. Signing in now needs your password alone.`,
    ifNotYou: (site) => `If you did not turn it off, ${resetNow(site)}, then turn two-factor sign-in on again on your account page.`,
  },
  'admin-granted': {
    subject: `You are now an ${FIRM_NAME} administrator`,
    happened: (when) => `Your account was made an administrator of the ${FIRM_NAME} portal on ${when}.`,
    sessions: 'Every session was signed out. The admin console opens at your next sign-in with two-factor sign-in (an authenticator app, or Google).',
    ifNotYou: () => `If you did not expect this, tell ${FIRM_NAME} at once.`,
  },
  'admin-revoked': {
    subject: `You are no longer an ${FIRM_NAME} administrator`,
    happened: (when) => `Your administrator access to the ${FIRM_NAME} portal ended on ${when}.`,
    sessions: 'Every session was signed out. You can still sign in to your own account.',
    ifNotYou: () => `If you did not expect this, tell ${FIRM_NAME}.`,
  },
};

/** Always sent: the reader cannot turn these off, since an unwanted change is what they warn of. */
const FOOTER = [`This e-mail is about the security of your ${FIRM_NAME} account, so it is always sent.`];

export function securityNoticeContent(data: SecurityNoticeData, { site, greeting }: Parts): EmailContent {
  const wording = WORDING[data.event];
  const when = formatUtcDateTime(data.at);
  return {
    subject: wording.subject,
    greeting,
    paragraphs: [wording.happened(when), ...(wording.sessions ? [wording.sessions] : []), wording.ifNotYou(site)],
    facts: [{ label: 'When', value: when }],
    action: { label: 'Open your account', url: `${site}/account` },
    footer: FOOTER,
  };
}
