/**
 * The e-mail notifications the portal sends: what each one is about, who receives it,
 * whether the recipient may turn it off, and the figures it shows. events.ts derives them from
 * the table's stream; render.ts turns each into an e-mail. Nothing here talks to AWS.
 *
 * Data is plain and already chosen for its reader: a client's notification never carries an
 * admin's e-mail (entries' adminEmail, requests' decidedBy) nor anything of another client.
 */
import type { PendingActionKind } from '../../shared/answers';
import type { Cents } from '../../shared/money';
import type { WeeklyGrowthSummaryData } from '../lib/data/job-run-item';
import type { SecurityNoticeData } from '../lib/data/security-notice';

/**
 * A client, named by sub. Ledger entries do not carry the client's address, so the notifier
 * resolves it from the profile (CLIENT#<sub> / PROFILE), which it reads anyway: to skip a deleted
 * client (a tombstone), for the first name of the greeting, and for the client's preferences.
 */
export interface ClientRecipient {
  kind: 'client';
  sub: string;
  /** The address the item itself carries (a withdrawal request's userEmail); absent for ledger entries. */
  email?: string;
}

/** Every administrator: the notifier lists them (and, for optional kinds, each one's preference). */
export interface AdminsRecipient {
  kind: 'admins';
  /** An administrator left out, matched by sub or by address: the one who proposed what the others must approve. */
  except?: { sub: string; email: string };
}

/**
 * One administrator, named as the item names them (sub and address). The notifier sends only to
 * a current, enabled member of the admin group, at the address Cognito holds: what a pending
 * action says of a client's money never goes to someone whose admin access has ended.
 */
export interface AdminRecipient {
  kind: 'admin';
  sub: string;
  email: string;
}

/**
 * One address, as the item holds it: someone with no live profile to read it from (an invited
 * address with no account yet, or a rejected applicant, whose account the rejection closes).
 * Sent whatever a profile says.
 */
export interface AddressRecipient {
  kind: 'address';
  email: string;
}

export type Recipient = ClientRecipient | AdminsRecipient | AdminRecipient | AddressRecipient;

/** A ledger entry as its client may see it: no adminEmail. Times are ISO strings. */
export interface MoneyMovedData {
  entryId: string;
  amountCents: Cents;
  /** When the entry counts from (a deposit may be backdated). */
  at: string;
  /** The admin's note, shown to the client as the transaction list shows it. */
  note?: string;
  balanceAfterCents: Cents;
}

export interface BalanceEditedData {
  entryId: string;
  oldBalanceCents: Cents;
  newBalanceCents: Cents;
  at: string;
}

export interface RequestReceivedData {
  requestId: string;
  amountCents: Cents;
  requestedAt: string;
}

export interface RequestApprovedData extends RequestReceivedData {
  decidedAt: string;
}

/** An approved request paid out: when the money left, and the bank's reference. */
export interface RequestSentData extends RequestApprovedData {
  sentAt: string;
  reference: string;
}

/** The client withdrew the request: `decidedAt` is when. */
export type RequestCancelledData = RequestApprovedData;

export interface RequestRejectedData extends RequestApprovedData {
  /** Required by the API for a rejection; kept optional so an odd item still tells the client. */
  reason?: string;
}

/** For administrators: whose request it is, so they can find it in /admin. */
export interface AdminRequestData extends RequestReceivedData {
  /** Whose profile names the client: the notifier adds `clientName` from it, the e-mail never shows it. */
  clientSub: string;
  clientEmail: string;
  /** The client's first and last name, when the profile has them. */
  clientName?: string;
}

/**
 * A money move above the four-eyes threshold, as its administrators read it (lib/pending-actions.ts):
 * no ids, only what names the move. Times are ISO strings.
 */
export interface PendingActionData {
  actionKind: PendingActionKind;
  clientName: string;
  clientEmail: string;
  /** The deposit, withdrawal or request amount; for a balance edit, the balance asked for. */
  amountCents: Cents;
  /** The signed change of the balance as it stood when proposed. */
  changeCents: Cents;
  balanceAtProposalCents: Cents;
  note?: string;
  /** A deposit's date, as the proposer gave it. */
  depositAt?: string;
  proposedBy: string;
  proposedAt: string;
}

/** The same move once a second administrator decided it. */
export interface ActionDecidedData extends PendingActionData {
  status: 'approved' | 'rejected';
  decidedBy: string;
  decidedAt: string;
  reason?: string;
}

/** The client's acceptance of the client agreement (client-agreement.ts): which version, its page, when. */
export interface AgreementAcceptedData {
  version: string;
  url: string;
  acceptedAt: string;
}

/** An invitation to sign up, as its e-mails show it: whom it is for and until when it can be used. */
export interface InvitationEmailData {
  firstName: string;
  lastName: string;
  email: string;
  validUntil: string;
}

/** A new client's application (applications.ts): who applied, and when. No id: the e-mail links to the queue. */
export interface ApplicationData {
  firstName: string;
  lastName: string;
  email: string;
  appliedAt: string;
}

/** The application decided: when, and for a rejection why (what the applicant is told). */
export interface ApplicationDecidedData extends ApplicationData {
  decidedAt: string;
  reason?: string;
}

/**
 * A statement written to the client's documents (lambdas/lib/documents/): which period, in words,
 * and whether it corrects an earlier one. No id: the e-mail links to the Documents page.
 */
export interface StatementReadyData {
  periodKind: 'month' | 'quarter' | 'year';
  /** The period's first instant (ISO). */
  periodFrom: string;
  corrected: boolean;
}

export interface NotificationDataByKind {
  'deposit-recorded': MoneyMovedData;
  'withdrawal-processed': MoneyMovedData;
  'balance-edited': BalanceEditedData;
  'withdrawal-request-received': RequestReceivedData;
  'withdrawal-request-approved': RequestApprovedData;
  'withdrawal-request-rejected': RequestRejectedData;
  'withdrawal-request-cancelled': RequestCancelledData;
  'withdrawal-request-sent': RequestSentData;
  'admin-new-withdrawal-request': AdminRequestData;
  'admin-weekly-growth-summary': WeeklyGrowthSummaryData;
  /** A change to the user's own sign-in (security-notice.ts). */
  'security-notice': SecurityNoticeData;
  /** To every administrator but its proposer: a move awaits their approval. */
  'admin-action-proposed': PendingActionData;
  /** To the proposer: what another administrator decided. */
  'admin-action-decided': ActionDecidedData;
  /** To the administrator who decided: what their decision did. */
  'admin-action-decision-confirmed': ActionDecidedData;
  /** To the client: the agreement they accepted, as recorded. */
  'agreement-accepted': AgreementAcceptedData;
  /** To an invited address: the link to sign up, and until when (invitation-emails.ts). */
  'invitation-sent': InvitationEmailData;
  /** To an invited address: the invitation was withdrawn. */
  'invitation-revoked': InvitationEmailData;
  /** To every administrator: a new client waits for a decision on the Applications page. */
  'admin-new-application': ApplicationData;
  /** To the client: the account is open, and how to fund it is on the dashboard. */
  'application-approved': ApplicationDecidedData;
  /** To the applicant's address (the rejection closes the account): why. */
  'application-rejected': ApplicationDecidedData;
  /** To the client: a statement is on the Documents page (a link, no attachment). */
  'statement-ready': StatementReadyData;
}

export type NotificationKind = keyof NotificationDataByKind;

/**
 * Who each kind goes to and whether it may be turned off. Money moved by an admin is optional
 * (the client sees it in the portal anyway); what happens to the client's own request is always
 * sent, since the client is waiting on it; a new request always reaches the admins, who must act.
 * A pending action's e-mails are part of the four-eyes control itself (someone must approve, the
 * proposer must learn the outcome), so none of them may be turned off.
 */
export const notificationPolicies = {
  ...policyOf(['deposit-recorded', 'withdrawal-processed', 'balance-edited'], 'client', true),
  ...policyOf(
    [
      'withdrawal-request-received',
      'withdrawal-request-approved',
      'withdrawal-request-rejected',
      'withdrawal-request-cancelled',
      'withdrawal-request-sent',
      'security-notice',
    ],
    'client',
    false,
  ),
  ...policyOf(['admin-new-withdrawal-request', 'admin-action-proposed'], 'admins', false),
  ...policyOf(['admin-weekly-growth-summary'], 'admins', true),
  ...policyOf(['admin-action-decided', 'admin-action-decision-confirmed'], 'admin', false),
  // The client's record of what they agreed to, and a warning if it was not them: always sent.
  ...policyOf(['agreement-accepted'], 'client', false),
  ...policyOf(['invitation-sent', 'invitation-revoked'], 'address', false),
  // An applicant waits on the decision, and the administrators must make it: none may be turned off.
  ...policyOf(['admin-new-application'], 'admins', false),
  ...policyOf(['application-approved'], 'client', false),
  ...policyOf(['application-rejected'], 'address', false),
  // The statement is in the portal whatever the e-mail: the client may turn the news of it off.
  ...policyOf(['statement-ready'], 'client', true),
} satisfies Record<NotificationKind, { audience: Recipient['kind']; optional: boolean }>;

/** The same policy for each of `kinds`. */
function policyOf<const K extends NotificationKind, A extends Recipient['kind'], O extends boolean>(
  kinds: readonly K[],
  audience: A,
  optional: O,
): Record<K, { audience: A; optional: O }> {
  return Object.fromEntries(kinds.map((kind) => [kind, { audience, optional }])) as Record<
    K,
    { audience: A; optional: O }
  >;
}

type Policy<K extends NotificationKind> = (typeof notificationPolicies)[K];

interface RecipientByAudience {
  client: ClientRecipient;
  admins: AdminsRecipient;
  admin: AdminRecipient;
  address: AddressRecipient;
}

export type RecipientOf<K extends NotificationKind> = RecipientByAudience[Policy<K>['audience']];

export interface NotificationOf<K extends NotificationKind> {
  /** Stable across re-deliveries of the same stream record: the notifier sends each id once. */
  id: string;
  kind: K;
  recipient: RecipientOf<K>;
  /** True when the recipient's preferences may turn it off. */
  optional: Policy<K>['optional'];
  data: NotificationDataByKind[K];
}

export type Notification = { [K in NotificationKind]: NotificationOf<K> }[NotificationKind];

export function notification<K extends NotificationKind>(
  kind: K,
  id: string,
  recipient: RecipientOf<K>,
  data: NotificationDataByKind[K],
): NotificationOf<K> {
  return { id, kind, recipient, optional: notificationPolicies[kind].optional, data };
}
