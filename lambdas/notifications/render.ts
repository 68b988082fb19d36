/**
 * Each notification's e-mail: subject, plain text and HTML. Amounts are written as
 * the site writes them (shared/money formatUsd: "$1,234.56"), times in UTC and said to be.
 * Kinds only say what to tell; email-layout.ts writes the markup and escapes every value.
 */
import { formatUsd } from '../../shared/money';
import { actionDecidedContent, actionDecisionConfirmedContent, actionProposedContent } from './action-emails';
import { formatClient, formatCount, formatSignedUsd, formatUtcDate, formatUtcDateTime } from './email-format';
import { type EmailContent, type EmailFact, FIRM_NAME, layoutEmail, type RenderedEmail } from './email-layout';
import type { Notification, NotificationOf } from './notification';
import { securityNoticeContent } from './security-notice-email';

export type { RenderedEmail };

export interface RenderContext {
  /** The site's public origin (runtime settings' siteUrl), for the links. */
  siteUrl: string;
  /** A client's first name, from the profile the notifier read to address the e-mail. */
  recipientFirstName?: string;
}

/** What the approval promises: the payout is not instant. */
export const PAYOUT_DELAY_TEXT = 'expected in 2-3 business days';

const COUNT = new Intl.NumberFormat('en-US');

/** A link may only be to our own site over HTTP(S): a bad setting must not become a javascript: link. */
function siteOrigin(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s"'<>/]+$/.test(origin)) throw new Error(`siteUrl is not an http(s) origin: ${siteUrl}`);
  return origin;
}

const optionalClientFooter = (site: string) => [
  `You receive this e-mail because e-mails about your ${FIRM_NAME} portfolio are on.`,
  `You can turn them off in your account settings: ${site}/account`,
];
const requestFooter = [`This e-mail is about your withdrawal request, so it is always sent.`];
const adminFooter = [`You receive this e-mail because you are an ${FIRM_NAME} administrator.`];
const optionalAdminFooter = [...adminFooter, 'You can turn weekly summaries off in your account settings.'];

interface Parts {
  site: string;
  greeting: string;
}

type Renderer<K extends Notification['kind']> = (n: NotificationOf<K>, parts: Parts) => EmailContent;

const dashboard = (site: string) => ({ label: 'View your portfolio', url: `${site}/dashboard` });
const noteFact = (note: string | undefined): EmailFact[] => (note ? [{ label: 'Note', value: note }] : []);

const depositRecorded: Renderer<'deposit-recorded'> = ({ data }, { site, greeting }) => ({
  subject: `Deposit of ${formatUsd(data.amountCents)} recorded`,
  greeting,
  paragraphs: [`A deposit of ${formatUsd(data.amountCents)} has been recorded in your ${FIRM_NAME} portfolio.`],
  facts: [
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Dated', value: formatUtcDateTime(data.at) },
    ...noteFact(data.note),
    { label: 'Balance after this deposit', value: formatUsd(data.balanceAfterCents) },
  ],
  action: dashboard(site),
  footer: optionalClientFooter(site),
});

const withdrawalProcessed: Renderer<'withdrawal-processed'> = ({ data }, { site, greeting }) => ({
  subject: `Withdrawal of ${formatUsd(data.amountCents)} processed`,
  greeting,
  paragraphs: [`A withdrawal of ${formatUsd(data.amountCents)} has been processed from your ${FIRM_NAME} portfolio.`],
  facts: [
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Date', value: formatUtcDateTime(data.at) },
    ...noteFact(data.note),
    { label: 'Balance after this withdrawal', value: formatUsd(data.balanceAfterCents) },
  ],
  action: dashboard(site),
  footer: optionalClientFooter(site),
});

const balanceEdited: Renderer<'balance-edited'> = ({ data }, { site, greeting }) => ({
  subject: 'Your balance was updated',
  greeting,
  paragraphs: [`Your ${FIRM_NAME} portfolio balance was changed from ${formatUsd(data.oldBalanceCents)} to ${formatUsd(data.newBalanceCents)}.`],
  facts: [
    { label: 'Previous balance', value: formatUsd(data.oldBalanceCents) },
    { label: 'New balance', value: formatUsd(data.newBalanceCents) },
    { label: 'Changed', value: formatUtcDateTime(data.at) },
  ],
  action: dashboard(site),
  footer: optionalClientFooter(site),
});

const requestReceived: Renderer<'withdrawal-request-received'> = ({ data }, { site, greeting }) => ({
  subject: `Withdrawal request of ${formatUsd(data.amountCents)} received`,
  greeting,
  paragraphs: [
    `We have received your request to withdraw ${formatUsd(data.amountCents)} of profit.`,
    'We will review it and e-mail you when it has been decided.',
  ],
  facts: [
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Requested', value: formatUtcDateTime(data.requestedAt) },
  ],
  action: dashboard(site),
  footer: requestFooter,
});

const requestApproved: Renderer<'withdrawal-request-approved'> = ({ data }, { site, greeting }) => ({
  subject: 'Your withdrawal request was approved',
  greeting,
  paragraphs: [`Your request to withdraw ${formatUsd(data.amountCents)} was approved. The money is ${PAYOUT_DELAY_TEXT}.`],
  facts: [
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Requested', value: formatUtcDateTime(data.requestedAt) },
    { label: 'Approved', value: formatUtcDateTime(data.decidedAt) },
  ],
  action: dashboard(site),
  footer: requestFooter,
});

const requestRejected: Renderer<'withdrawal-request-rejected'> = ({ data }, { site, greeting }) => ({
  subject: 'Your withdrawal request was rejected',
  greeting,
  paragraphs: [
    `Your request to withdraw ${formatUsd(data.amountCents)} was not approved.`,
    'The profit it asked for is available to request again.',
  ],
  facts: [
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Requested', value: formatUtcDateTime(data.requestedAt) },
    { label: 'Rejected', value: formatUtcDateTime(data.decidedAt) },
    { label: 'Reason', value: data.reason ?? 'No reason was given.' },
  ],
  action: dashboard(site),
  footer: requestFooter,
});

const requestCancelled: Renderer<'withdrawal-request-cancelled'> = ({ data }, { site, greeting }) => ({
  subject: 'Your withdrawal request was cancelled',
  greeting,
  paragraphs: [
    `You cancelled your request to withdraw ${formatUsd(data.amountCents)}. Nothing was paid out, and the profit it asked for is available to request again.`,
    `If you did not cancel it, someone may be signed in to your account: reset your password now at ${site}/forgot-password.`,
  ],
  facts: [
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Requested', value: formatUtcDateTime(data.requestedAt) },
    { label: 'Cancelled', value: formatUtcDateTime(data.decidedAt) },
  ],
  action: dashboard(site),
  footer: requestFooter,
});

const adminNewRequest: Renderer<'admin-new-withdrawal-request'> = ({ data }, { site, greeting }) => ({
  subject: `New withdrawal request for ${formatUsd(data.amountCents)}`,
  greeting,
  paragraphs: [
    `${formatClient(data.clientName, data.clientEmail)} has requested a profit withdrawal of ${formatUsd(data.amountCents)}. It is waiting for a decision in the admin console.`,
  ],
  facts: [
    { label: 'Client', value: formatClient(data.clientName, data.clientEmail) },
    { label: 'Amount', value: formatUsd(data.amountCents) },
    { label: 'Requested', value: formatUtcDateTime(data.requestedAt) },
  ],
  action: { label: 'Review requests', url: `${site}/admin` },
  footer: adminFooter,
});

const adminWeeklySummary: Renderer<'admin-weekly-growth-summary'> = ({ data }, { site, greeting }) => {
  const week = formatUtcDate(data.scheduledFor);
  return {
    // Failures lead the subject: they are what an administrator must look at.
    subject: data.failed > 0 ? `Weekly growth for ${week}: ${formatCount(data.failed, 'portfolio')} failed` : `Weekly growth for ${week}: ${formatCount(data.grown, 'portfolio')} grown`,
    greeting,
    paragraphs: [
      `The weekly growth run for ${week} has finished.`,
      ...(data.failed > 0 ? ['Some portfolios failed. The run is retried automatically, and a retry grows only the portfolios still due.'] : []),
    ],
    facts: [
      { label: 'Portfolios due', value: COUNT.format(data.due) },
      { label: 'Grown', value: COUNT.format(data.grown) },
      { label: 'Skipped (already grown, or deleted)', value: COUNT.format(data.skipped) },
      { label: 'Failed', value: COUNT.format(data.failed) },
      { label: 'Total value of portfolios grown', value: formatUsd(data.totalValueCents) },
      { label: 'Total growth this run', value: formatSignedUsd(data.totalGainCents) },
      { label: 'Finished', value: formatUtcDateTime(data.finishedAt) },
    ],
    action: { label: 'Open the admin console', url: `${site}/admin` },
    footer: optionalAdminFooter,
  };
};

function contentOf(n: Notification, parts: Parts): EmailContent {
  switch (n.kind) {
    case 'deposit-recorded':
      return depositRecorded(n, parts);
    case 'withdrawal-processed':
      return withdrawalProcessed(n, parts);
    case 'balance-edited':
      return balanceEdited(n, parts);
    case 'withdrawal-request-received':
      return requestReceived(n, parts);
    case 'withdrawal-request-approved':
      return requestApproved(n, parts);
    case 'withdrawal-request-rejected':
      return requestRejected(n, parts);
    case 'withdrawal-request-cancelled':
      return requestCancelled(n, parts);
    case 'admin-new-withdrawal-request':
      return adminNewRequest(n, parts);
    case 'admin-weekly-growth-summary':
      return adminWeeklySummary(n, parts);
    case 'security-notice':
      return securityNoticeContent(n.data, parts);
    case 'admin-action-proposed':
      return actionProposedContent(n.data, parts);
    case 'admin-action-decided':
      return actionDecidedContent(n.data, parts);
    case 'admin-action-decision-confirmed':
      return actionDecisionConfirmedContent(n.data, parts);
  }
}

/**
 * The new requests an administrator is told of together (the notifier merges those of one stream
 * batch, so a burst of requests is one e-mail, not one each): a single one is its own e-mail,
 * several are listed in one, oldest first.
 */
export function renderAdminRequests(requests: readonly NotificationOf<'admin-new-withdrawal-request'>[], context: RenderContext): RenderedEmail {
  const [first] = requests;
  if (!first) throw new Error('no requests to tell the admins of');
  if (requests.length === 1) return renderNotification(first, context);
  const site = siteOrigin(context.siteUrl);
  const listed = [...requests].sort((a, b) => a.data.requestedAt.localeCompare(b.data.requestedAt) || a.data.requestId.localeCompare(b.data.requestId));
  const totalCents = listed.reduce((sum, { data }) => sum + data.amountCents, 0);
  return layoutEmail({
    subject: `${formatCount(listed.length, 'new withdrawal request')} for ${formatUsd(totalCents)}`,
    greeting: 'Hello,',
    paragraphs: [`Clients have requested ${formatCount(listed.length, 'profit withdrawal')}. They are waiting for a decision in the admin console.`],
    facts: listed.map(({ data }) => ({
      label: formatClient(data.clientName, data.clientEmail),
      value: `${formatUsd(data.amountCents)}, requested ${formatUtcDateTime(data.requestedAt)}`,
    })),
    action: { label: 'Review requests', url: `${site}/admin` },
    footer: adminFooter,
  });
}

/**
 * The e-mail of one notification. A reader is greeted by name when the e-mail is theirs alone (a
 * client's, or one administrator's); one told to every administrator reads the same for each.
 */
export function renderNotification(n: Notification, context: RenderContext): RenderedEmail {
  const name = n.recipient.kind === 'admins' ? undefined : context.recipientFirstName?.trim();
  return layoutEmail(contentOf(n, { site: siteOrigin(context.siteUrl), greeting: name ? `Hello ${name},` : 'Hello,' }));
}
