/**
 * Each notification's e-mail: subject, plain text and HTML. Amounts are written as
 * the site writes them (shared/money formatUsd: "$1,234.56"), times in UTC and said to be.
 * Kinds only say what to tell; email-layout.ts writes the markup and escapes every value.
 */
import { formatUsd } from '../../shared/money';
import { actionDecidedContent, actionDecisionConfirmedContent, actionProposedContent } from './action-emails';
import { formatClient, formatCount, formatSignedUsd, formatUtcDate, formatUtcDateTime } from './email-format';
import { type EmailContent, type EmailFact, FIRM_NAME, layoutEmail, type RenderedEmail } from './email-layout';
import type { MoneyMovedData, Notification, NotificationOf, RequestReceivedData } from './notification';
import { securityNoticeContent } from './security-notice-email';
import { invitationRevokedContent, invitationSentContent } from './invitation-emails';
import { periodName, statementShortName } from '../lib/documents/period-name';

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
const agreementFooter = [`This e-mail records your agreement with ${FIRM_NAME}, so it is always sent.`];
const applicationFooter = [`This e-mail is about your application for an ${FIRM_NAME} account, so it is always sent.`];
const adminFooter = [`You receive this e-mail because you are an ${FIRM_NAME} administrator.`];
const optionalAdminFooter = [...adminFooter, 'You can turn weekly summaries off in your account settings.'];

interface Parts {
  site: string;
  greeting: string;
}

type Renderer<K extends Notification['kind']> = (n: NotificationOf<K>, parts: Parts) => EmailContent;

const dashboard = (site: string) => ({ label: 'View your portfolio', url: `${site}/dashboard` });
const noteFact = (note: string | undefined): EmailFact[] => (note ? [{ label: 'Note', value: note }] : []);

/** A client's e-mail: greeted by name, under `footer`, with the link to the dashboard. */
const clientEmail = (
  { site, greeting }: Parts,
  footer: string[],
  content: Pick<EmailContent, 'subject' | 'paragraphs' | 'facts'>,
): EmailContent => ({
  ...content,
  greeting,
  action: dashboard(site),
  footer,
});

/** A deposit or withdrawal an administrator recorded: what, when, with its note, and the balance it left. */
function moneyMoved(
  data: MoneyMovedData,
  parts: Parts,
  words: { noun: 'deposit' | 'withdrawal'; done: string; where: 'in' | 'from'; dateLabel: string },
): EmailContent {
  const amount = formatUsd(data.amountCents);
  const noun = `${words.noun.charAt(0).toUpperCase()}${words.noun.slice(1)}`;
  return clientEmail(parts, optionalClientFooter(parts.site), {
    subject: `${noun} of ${amount} ${words.done}`,
    paragraphs: [`A ${words.noun} of ${amount} has been ${words.done} ${words.where} your ${FIRM_NAME} portfolio.`],
    facts: [
      { label: 'Amount', value: amount },
      { label: words.dateLabel, value: formatUtcDateTime(data.at) },
      ...noteFact(data.note),
      { label: `Balance after this ${words.noun}`, value: formatUsd(data.balanceAfterCents) },
    ],
  });
}

/** A client's withdrawal request: its amount and when it was made, then what became of it (`decided`). */
const requestFacts = (data: RequestReceivedData, ...decided: EmailFact[]): EmailFact[] => [
  { label: 'Amount', value: formatUsd(data.amountCents) },
  { label: 'Requested', value: formatUtcDateTime(data.requestedAt) },
  ...decided,
];

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
    subject:
      data.failed > 0
        ? `Weekly growth for ${week}: ${formatCount(data.failed, 'portfolio')} failed`
        : `Weekly growth for ${week}: ${formatCount(data.grown, 'portfolio')} grown`,
    greeting,
    paragraphs: [
      `The weekly growth run for ${week} has finished.`,
      ...(data.failed > 0
        ? ['Some portfolios failed. The run is retried automatically, and a retry grows only the portfolios still due.']
        : []),
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

/** A statement on the Documents page: a link, never the file, and no id. */
const statementReady: Renderer<'statement-ready'> = ({ data }, { site, greeting }) => {
  const name = periodName(data.periodKind, data.periodFrom);
  const short = statementShortName(data.periodKind, data.periodFrom);
  return {
    subject: data.corrected ? `Your corrected ${short} statement is ready` : `Your ${short} statement is ready`,
    greeting,
    paragraphs: data.corrected
      ? [
          `We have corrected your ${FIRM_NAME} statement for ${name}. The corrected statement is on your Documents page, beside the earlier one.`,
        ]
      : [`Your ${FIRM_NAME} statement for ${name} is ready. You can read and download it on your Documents page.`],
    facts: [{ label: 'Period', value: name }],
    action: { label: 'View your documents', url: `${site}/documents` },
    footer: optionalClientFooter(site),
  };
};

/** Each kind's e-mail. */
const RENDERERS: { [K in Notification['kind']]: Renderer<K> } = {
  'deposit-recorded': ({ data }, parts) =>
    moneyMoved(data, parts, { noun: 'deposit', done: 'recorded', where: 'in', dateLabel: 'Dated' }),
  'withdrawal-processed': ({ data }, parts) =>
    moneyMoved(data, parts, { noun: 'withdrawal', done: 'processed', where: 'from', dateLabel: 'Date' }),
  'balance-edited': ({ data }, parts) =>
    clientEmail(parts, optionalClientFooter(parts.site), {
      subject: 'Your balance was updated',
      paragraphs: [
        `Your ${FIRM_NAME} portfolio balance was changed from ${formatUsd(data.oldBalanceCents)} to ${formatUsd(data.newBalanceCents)}.`,
      ],
      facts: [
        { label: 'Previous balance', value: formatUsd(data.oldBalanceCents) },
        { label: 'New balance', value: formatUsd(data.newBalanceCents) },
        { label: 'Changed', value: formatUtcDateTime(data.at) },
      ],
    }),
  'withdrawal-request-received': ({ data }, parts) =>
    clientEmail(parts, requestFooter, {
      subject: `Withdrawal request of ${formatUsd(data.amountCents)} received`,
      paragraphs: [
        `We have received your request to withdraw ${formatUsd(data.amountCents)} of profit.`,
        'We will review it and e-mail you when it has been decided.',
      ],
      facts: requestFacts(data),
    }),
  'withdrawal-request-approved': ({ data }, parts) =>
    clientEmail(parts, requestFooter, {
      subject: 'Your withdrawal request was approved',
      paragraphs: [
        `Your request to withdraw ${formatUsd(data.amountCents)} was approved. The money is ${PAYOUT_DELAY_TEXT}.`,
      ],
      facts: requestFacts(data, { label: 'Approved', value: formatUtcDateTime(data.decidedAt) }),
    }),
  'withdrawal-request-sent': ({ data }, parts) =>
    clientEmail(parts, requestFooter, {
      subject: 'Your withdrawal was sent',
      paragraphs: [
        `The ${formatUsd(data.amountCents)} you asked to withdraw was sent to your payout account on ${formatUtcDate(data.sentAt)}. Your bank shows it with the reference below.`,
      ],
      facts: requestFacts(
        data,
        { label: 'Sent', value: formatUtcDate(data.sentAt) },
        { label: 'Bank reference', value: data.reference },
      ),
    }),
  'withdrawal-request-rejected': ({ data }, parts) =>
    clientEmail(parts, requestFooter, {
      subject: 'Your withdrawal request was rejected',
      paragraphs: [
        `Your request to withdraw ${formatUsd(data.amountCents)} was not approved.`,
        'The profit it asked for is available to request again.',
      ],
      facts: requestFacts(
        data,
        { label: 'Rejected', value: formatUtcDateTime(data.decidedAt) },
        { label: 'Reason', value: data.reason ?? 'No reason was given.' },
      ),
    }),
  'withdrawal-request-cancelled': ({ data }, parts) =>
    clientEmail(parts, requestFooter, {
      subject: 'Your withdrawal request was cancelled',
      paragraphs: [
        `You cancelled your request to withdraw ${formatUsd(data.amountCents)}. Nothing was paid out, and the profit it asked for is available to request again.`,
        `If you did not cancel it, someone may be signed in to your account: reset your password now at ${parts.site}/forgot-password.`,
      ],
      facts: requestFacts(data, { label: 'Cancelled', value: formatUtcDateTime(data.decidedAt) }),
    }),
  'admin-new-withdrawal-request': adminNewRequest,
  'admin-weekly-growth-summary': adminWeeklySummary,
  'security-notice': ({ data }, parts) => securityNoticeContent(data, parts),
  'admin-action-proposed': ({ data }, parts) => actionProposedContent(data, parts),
  'admin-action-decided': ({ data }, parts) => actionDecidedContent(data, parts),
  'admin-action-decision-confirmed': ({ data }, parts) => actionDecisionConfirmedContent(data, parts),
  'agreement-accepted': ({ data }, parts) =>
    clientEmail(parts, agreementFooter, {
      subject: 'You accepted the client agreement',
      paragraphs: [
        `Thank you. We have recorded that you accepted version ${data.version} of the ${FIRM_NAME} client agreement.`,
        `You can read it again at any time: ${data.url}`,
        `If you did not accept it, someone may be signed in to your account: reset your password now at ${parts.site}/forgot-password.`,
      ],
      facts: [
        { label: 'Version', value: data.version },
        { label: 'Accepted', value: formatUtcDateTime(data.acceptedAt) },
        { label: 'Agreement', value: data.url },
      ],
    }),
  'invitation-sent': (n, parts) => invitationSentContent(n, parts),
  'invitation-revoked': (n, parts) => invitationRevokedContent(n, parts),
  'admin-new-application': ({ data }, { site, greeting }) => ({
    subject: 'A new client is waiting for review',
    greeting,
    paragraphs: [
      `${formatClient(`${data.firstName} ${data.lastName}`.trim(), data.email)} has signed up. The account can be funded once an administrator approves it on the Applications page.`,
    ],
    facts: [
      { label: 'Applicant', value: formatClient(`${data.firstName} ${data.lastName}`.trim(), data.email) },
      { label: 'Applied', value: formatUtcDateTime(data.appliedAt) },
    ],
    action: { label: 'Review applications', url: `${site}/admin/applications` },
    footer: adminFooter,
  }),
  'application-approved': ({ data }, parts) =>
    clientEmail(parts, applicationFooter, {
      subject: `Your ${FIRM_NAME} account is approved`,
      paragraphs: [
        `We have reviewed and approved your ${FIRM_NAME} account.`,
        'How to make your first deposit is on your dashboard.',
      ],
      facts: [
        { label: 'Applied', value: formatUtcDateTime(data.appliedAt) },
        { label: 'Approved', value: formatUtcDateTime(data.decidedAt) },
      ],
    }),
  'application-rejected': ({ data }, { site, greeting }) => ({
    subject: `Your ${FIRM_NAME} application was not approved`,
    greeting,
    paragraphs: [
      `We have reviewed your application for an ${FIRM_NAME} account and cannot open the account.`,
      'You can no longer sign in with this e-mail address.',
    ],
    facts: [
      { label: 'Applied', value: formatUtcDateTime(data.appliedAt) },
      { label: 'Decided', value: formatUtcDateTime(data.decidedAt) },
      { label: 'Reason', value: data.reason ?? 'No reason was given.' },
    ],
    action: { label: `Visit ${FIRM_NAME}`, url: site },
    footer: applicationFooter,
  }),
  'statement-ready': statementReady,
};

function contentOf<K extends Notification['kind']>(n: NotificationOf<K>, parts: Parts): EmailContent {
  return (RENDERERS[n.kind] as Renderer<K>)(n, parts);
}

/**
 * The new requests an administrator is told of together (the notifier merges those of one stream
 * batch, so a burst of requests is one e-mail, not one each): a single one is its own e-mail,
 * several are listed in one, oldest first.
 */
export function renderAdminRequests(
  requests: readonly NotificationOf<'admin-new-withdrawal-request'>[],
  context: RenderContext,
): RenderedEmail {
  const [first] = requests;
  if (!first) throw new Error('no requests to tell the admins of');
  if (requests.length === 1) return renderNotification(first, context);
  const site = siteOrigin(context.siteUrl);
  const listed = [...requests].sort(
    (a, b) => a.data.requestedAt.localeCompare(b.data.requestedAt) || a.data.requestId.localeCompare(b.data.requestId),
  );
  const totalCents = listed.reduce((sum, { data }) => sum + data.amountCents, 0);
  return layoutEmail({
    subject: `${formatCount(listed.length, 'new withdrawal request')} for ${formatUsd(totalCents)}`,
    greeting: 'Hello,',
    paragraphs: [
      `Clients have requested ${formatCount(listed.length, 'profit withdrawal')}. They are waiting for a decision in the admin console.`,
    ],
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
