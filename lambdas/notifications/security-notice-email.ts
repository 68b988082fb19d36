/**
 * What a security notice's e-mail says (the notice itself: lambdas/lib/data/security-notice.ts),
 * event by event: what happened and when, what it did to the reader's sessions, and what to do if
 * it was not them.
 */
import { formatUtcDateTime } from './email-format';
import { type EmailContent, FIRM_NAME } from './email-layout';
import type { SecurityEvent, SecurityNoticeData } from '../lib/data/security-notice';

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
    happened: (when) =>
      `The password of your ${FIRM_NAME} account was reset with a link sent to this address, on ${when}.`,
    sessions: 'Every session was signed out: sign in again with the new password.',
    ifNotYou: (site) =>
      `If you did not reset it, someone can read your e-mail: secure your e-mail account, then ${resetNow(site)}.`,
  },
  'two-factor-on': {
    subject: 'Two-factor sign-in was turned on',
    happened: (when) =>
      `Two-factor sign-in was turned on for your ${FIRM_NAME} account with a new authenticator app, on ${when}. Each sign-in now asks for a code from that app.`,
    sessions: 'Every session was signed out: sign in again with your password and a code.',
    ifNotYou: (site) =>
      `If you did not add an authenticator app, someone knows your password and signed in to your account: ${resetNow(site)}, then tell ${FIRM_NAME} at once so that the app is removed.`,
  },
  'two-factor-off': {
    subject: 'Two-factor sign-in was turned off',
    happened: (when) =>
      `Two-factor sign-in was turned off for your ${FIRM_NAME} account on ${when}. Signing in now needs your password alone.`,
    ifNotYou: (site) =>
      `If you did not turn it off, someone knows your password and a code from your app: ${resetNow(site)}, turn two-factor sign-in on again on your account page, and tell ${FIRM_NAME} at once.`,
  },
  'admin-granted': {
    subject: `You are now an ${FIRM_NAME} administrator`,
    happened: (when) => `Your account was made an administrator of the ${FIRM_NAME} portal on ${when}.`,
    sessions:
      'Every session was signed out. The admin console opens at your next sign-in with two-factor sign-in (an authenticator app, or Google).',
    ifNotYou: () => `If you did not expect this, tell ${FIRM_NAME} at once.`,
  },
  'admin-revoked': {
    subject: `You are no longer an ${FIRM_NAME} administrator`,
    happened: (when) => `Your administrator access to the ${FIRM_NAME} portal ended on ${when}.`,
    sessions: 'Every session was signed out. You can still sign in to your own account.',
    ifNotYou: () => `If you did not expect this, tell ${FIRM_NAME}.`,
  },
  'payout-account-changed': {
    subject: 'Your payout account was changed',
    happened: (when) =>
      `The bank account your ${FIRM_NAME} withdrawals are paid to was set or changed on ${when}. For your security, no withdrawal is paid to it until a cooling-off period has passed.`,
    ifNotYou: (site) =>
      `If you did not change it, someone signed in to your account: ${resetNow(site)}, then tell ${FIRM_NAME} at once so that no money is sent to it.`,
  },
  'passkey-added': {
    subject: 'A passkey was added to your account',
    happened: (when) =>
      `A passkey was added to your ${FIRM_NAME} account on ${when}. It signs in to your account without your password.`,
    sessions: 'Every session was signed out: sign in again.',
    ifNotYou: (site) =>
      `If you did not add it, someone signed in to your account: ${resetNow(site)}, remove the passkey on your account page, and tell ${FIRM_NAME} at once.`,
  },
  'passkey-removed': {
    subject: 'A passkey was removed from your account',
    happened: (when) => `A passkey was removed from your ${FIRM_NAME} account on ${when}. It no longer signs in.`,
    sessions: 'Every session was signed out: sign in again.',
    ifNotYou: (site) =>
      `If you did not remove it, someone signed in to your account: ${resetNow(site)}, then tell ${FIRM_NAME} at once.`,
  },
  'passkey-enrolment-allowed': {
    subject: 'You may add a passkey',
    happened: (when) =>
      `${FIRM_NAME}'s operations team allowed a new passkey on your administrator account on ${when}. Add it on your account page within a day: the first passkey you add uses this approval.`,
    ifNotYou: () =>
      `If you did not ask for it, tell ${FIRM_NAME} at once: someone may be trying to put their own passkey on your account.`,
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
