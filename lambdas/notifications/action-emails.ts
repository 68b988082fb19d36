/**
 * The e-mails of the four-eyes rule (shared/four-eyes.ts): a money move above the threshold
 * asks every other administrator to approve it; once decided, its proposer learns the outcome
 * and the administrator who decided gets a confirmation of what it did.
 *
 * They name the move by its kind, amount and client, never by an id: the reader acts on the
 * console's approvals page, where the move is listed with the same figures.
 */
import type { PendingActionKind } from '../../shared/answers';
import { formatUsd } from '../../shared/money';
import { formatClient, formatSignedUsd, formatUtcDateTime } from './email-format';
import { type EmailContent, type EmailFact, FIRM_NAME } from './email-layout';
import type { ActionDecidedData, PendingActionData } from './notification';

interface Parts {
  site: string;
  greeting: string;
}

/** The console's pages the e-mails link to: the approvals queue, and the activity log where decided moves are kept. */
export const consolePages = {
  approvals: (site: string) => `${site}/admin/approvals`,
  activity: (site: string) => `${site}/admin/activity`,
};

const KIND_NAMES: Record<PendingActionKind, { noun: string; title: string }> = {
  deposit: { noun: 'deposit', title: 'Deposit' },
  withdrawal: { noun: 'withdrawal', title: 'Withdrawal' },
  balance: { noun: 'balance edit', title: 'Balance edit' },
  approveRequest: { noun: 'withdrawal request approval', title: 'Withdrawal request approval' },
};

/** "deposit of $12,000.00"; a balance edit by the change it makes, as the threshold measures it: "balance edit of -$40,000.00". */
export function moveOf(data: PendingActionData): string {
  const amount = data.actionKind === 'balance' ? formatSignedUsd(data.changeCents) : formatUsd(data.amountCents);
  return `${KIND_NAMES[data.actionKind].noun} of ${amount}`;
}

/** Short, for a subject: the client's name, or the address when the profile had none. */
const clientShort = (data: PendingActionData) => data.clientName.trim() || data.clientEmail;
const clientFull = (data: PendingActionData) => formatClient(data.clientName, data.clientEmail);

function amountFacts(data: PendingActionData): EmailFact[] {
  if (data.actionKind === 'balance') {
    return [
      { label: 'New balance', value: formatUsd(data.amountCents) },
      { label: 'Change', value: formatSignedUsd(data.changeCents) },
    ];
  }
  return [{ label: 'Amount', value: formatUsd(data.amountCents) }];
}

/** The move as proposed: what, for whom, the balance before and after, and who asked when. */
function moveFacts(data: PendingActionData): EmailFact[] {
  return [
    { label: 'Client', value: clientFull(data) },
    { label: 'Move', value: KIND_NAMES[data.actionKind].title },
    ...amountFacts(data),
    { label: 'Balance when proposed', value: formatUsd(data.balanceAtProposalCents) },
    { label: 'Balance after, as proposed', value: formatUsd(data.balanceAtProposalCents + data.changeCents) },
    ...(data.depositAt ? [{ label: 'Deposit dated', value: formatUtcDateTime(data.depositAt) }] : []),
    ...(data.note ? [{ label: 'Note', value: data.note }] : []),
    { label: 'Proposed by', value: data.proposedBy },
    { label: 'Proposed', value: formatUtcDateTime(data.proposedAt) },
  ];
}

function decisionFacts(data: ActionDecidedData): EmailFact[] {
  const verb = data.status === 'approved' ? 'Approved' : 'Rejected';
  return [
    { label: `${verb} by`, value: data.decidedBy },
    { label: verb, value: formatUtcDateTime(data.decidedAt) },
    ...(data.status === 'rejected' ? [{ label: 'Reason', value: data.reason ?? 'No reason was given.' }] : []),
  ];
}

const FOOTER = [
  `You receive this e-mail because you are an ${FIRM_NAME} administrator.`,
  'It is part of the four-eyes approval of money moves, so it is always sent.',
];

/** What a decision did to the client's money, in one sentence. */
const outcome = (data: ActionDecidedData) =>
  data.status === 'approved' ? 'It has been applied to the client\u2019s balance.' : 'Nothing was moved.';

export function actionProposedContent(data: PendingActionData, { site, greeting }: Parts): EmailContent {
  const move = moveOf(data);
  return {
    subject: `Approval needed: ${move} for ${clientShort(data)}`,
    greeting,
    paragraphs: [
      `${data.proposedBy} proposed a ${move} for ${clientFull(data)}.`,
      'It is above the four-eyes threshold, so nothing moves until another administrator approves it. You can approve it, or reject it with a reason, on the approvals page.',
    ],
    facts: moveFacts(data),
    action: { label: 'Review approvals', url: consolePages.approvals(site) },
    footer: FOOTER,
  };
}

/**
 * A decided move's e-mail to one administrator: `tell` words the subject and the first sentence
 * from the move and the decision's verb; then what the decision did, and the move's figures.
 */
function decisionContent(
  data: ActionDecidedData,
  { site, greeting }: Parts,
  tell: (move: string, verb: string) => { subject: string; said: string },
): EmailContent {
  const { subject, said } = tell(moveOf(data), data.status === 'approved' ? 'approved' : 'rejected');
  return {
    subject,
    greeting,
    paragraphs: [said, outcome(data)],
    facts: [...moveFacts(data), ...decisionFacts(data)],
    action: { label: 'Open the activity log', url: consolePages.activity(site) },
    footer: FOOTER,
  };
}

/** To the proposer: what the other administrator decided. */
export function actionDecidedContent(data: ActionDecidedData, parts: Parts): EmailContent {
  return decisionContent(data, parts, (move, verb) => ({
    subject: `${data.status === 'approved' ? 'Approved' : 'Rejected'}: your ${move} for ${clientShort(data)}`,
    said: `${data.decidedBy} ${verb} the ${move} for ${clientFull(data)} that you proposed on ${formatUtcDateTime(data.proposedAt)}.`,
  }));
}

/** To the administrator who decided: a record of what their decision did. */
export function actionDecisionConfirmedContent(data: ActionDecidedData, parts: Parts): EmailContent {
  return decisionContent(data, parts, (move, verb) => ({
    subject: `Confirmed: you ${verb} a ${move} for ${clientShort(data)}`,
    said: `You ${verb} the ${move} for ${clientFull(data)} proposed by ${data.proposedBy}.`,
  }));
}
