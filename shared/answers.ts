/**
 * What every route answers (docs/architecture.md, "The route table"), as zod schemas: the route
 * table names one per route, handlers are typed by it, and the integration tests check each
 * real answer against it. Amounts are dollars (JSON numbers); dates are ISO 8601 strings.
 *
 * The web imports only the types (through ./api), so the browser never downloads zod.
 */
import * as z from 'zod/mini';
import type { OptionalEmail } from './email-preferences';
import { activityKinds } from './activity-kinds';
import { APPROVAL_REASONS } from './four-eyes';
import { activityProblems } from './activity-integrity';
import { invitationStatuses } from './invitations';

const isoDate = z.iso.datetime();
const dollars = z.number();

/** A version of the client agreement the client accepted, and when. */
export const agreementAcceptanceDto = z.strictObject({ version: z.string(), acceptedAt: isoDate });

export const portfolioDto = z.strictObject({
  userId: z.string(),
  balance: dollars,
  /** When the balance was last grown (the weekly update). */
  lastUpdate: isoDate,
  /** Growth credited by the last weekly update: percent and dollars. */
  weeklyGain: z.number(),
  weeklyGainAmount: dollars,
  /**
   * The client agreement (getPortfolio): the version the client last accepted, if any, and the
   * stage's current one with its page. Withdrawals and payout account changes wait until
   * `accepted.version` is `current.version`. Absent where the stage has no agreement.
   */
  agreement: z.optional(
    z.strictObject({
      accepted: z.optional(agreementAcceptanceDto),
      current: z.strictObject({ version: z.string(), url: z.string() }),
    }),
  ),
  /** `applied`: the firm is still reviewing the account (a stage's clientSignUp 'review'). */
  status: z.enum(['applied', 'active']),
  /** How to fund the account (the stage's fundingInstructions): only to an active account's reader. */
  funding: z.optional(z.array(z.string())),
});

export const transactionType = z.enum(['deposit', 'withdrawal', 'adjustment']);

export const transactionDto = z.strictObject({
  id: z.string(),
  type: transactionType,
  /** Positive dollars; `direction` says whether money came in or went out (an adjustment can do either). */
  amount: dollars,
  direction: z.enum(['in', 'out']),
  timestamp: isoDate,
  note: z.optional(z.string()),
  /** Shown to admins only. */
  adminEmail: z.optional(z.string()),
  /** The second administrator who approved it (a move above the four-eyes threshold); admins only. */
  approvedBy: z.optional(z.string()),
});

/**
 * An eligible deposit. `profit` is what may still be withdrawn of it: `grownProfit` (what it grew
 * by) less `withdrawnProfit` (what requests, pending or approved, took of it, and what the
 * balance cannot pay, oldest deposit first); the deposits' profits add up to `totalEligibleProfit`.
 */
export const eligibleDepositDto = z.strictObject({
  id: z.string(),
  amount: dollars,
  timestamp: isoDate,
  monthsSinceDeposit: z.number(),
  profit: dollars,
  grownProfit: dollars,
  withdrawnProfit: dollars,
});

/** A deposit still to become eligible: when, in how many days (at least 1), and its profit so far. */
export const upcomingDepositDto = z.strictObject({
  id: z.string(),
  amount: dollars,
  timestamp: isoDate,
  eligibleAt: isoDate,
  daysUntilEligible: z.int(),
  profit: dollars,
});

/** `upcoming`: the deposits not yet eligible, soonest first. */
export const eligibilityDto = z.strictObject({
  totalEligibleProfit: dollars,
  showRequestButton: z.boolean(),
  eligibleDeposits: z.array(eligibleDepositDto),
  upcoming: z.array(upcomingDepositDto),
});

export const clientDto = z.strictObject({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** `weeklyGainAmount`: the dollars the last weekly update credited (this week's change). */
  portfolio: z.strictObject({
    balance: dollars,
    weeklyGain: z.number(),
    weeklyGainAmount: dollars,
    lastUpdate: isoDate,
  }),
  nextWithdrawalDate: z.optional(isoDate),
  /**
   * A closed account (the closed list only): when and by which administrator it was closed, until
   * when its records are kept, and whether every record was given that expiry yet (false: a
   * closing cut short; closing it again finishes it).
   */
  closed: z.optional(
    z.strictObject({ at: isoDate, by: z.string(), recordsKeptUntil: z.optional(isoDate), recordsStamped: z.boolean() }),
  ),
});

export const alertDepositDto = z.strictObject({
  id: z.string(),
  amount: dollars,
  timestamp: isoDate,
  daysUntilEligible: z.number(),
});

export const alertGroupDto = z.strictObject({
  userId: z.string(),
  userEmail: z.string(),
  deposits: z.array(alertDepositDto),
});

export const historyPointDto = z.strictObject({
  at: isoDate,
  kind: z.enum(['deposit', 'withdrawal', 'adjustment', 'growth']),
  /** The balance right after this point, and the entry's signed amount or the growth credited. */
  balance: dollars,
  amount: dollars,
});

/** `cancelled`: the client withdrew it before an administrator decided. */
export const withdrawalRequestStatus = z.enum(['pending', 'approved', 'rejected', 'cancelled']);

/** A payout account as anyone sees it (shared/payout-account.ts): its last four digits, never the whole number. */
export const maskedPayoutAccountDto = z.strictObject({
  holderName: z.string(),
  bankName: z.string(),
  kind: z.enum(['iban', 'us']),
  last4: z.string(),
  country: z.optional(z.string()),
  routingNumber: z.optional(z.string()),
  setAt: isoDate,
  usableFrom: isoDate,
});

export const withdrawalRequestDto = z.strictObject({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  amount: dollars,
  status: withdrawalRequestStatus,
  createdAt: isoDate,
  decidedAt: z.optional(isoDate),
  /** The deciding admin's e-mail: in answers to admins only. */
  decidedBy: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** Where the money goes: the payout account as it was when the client asked (absent on requests made before there were any). */
  destination: z.optional(maskedPayoutAccountDto),
  /** An approved request paid out: when the money left (as the bank says) and the bank's reference. */
  sentAt: z.optional(isoDate),
  sentReference: z.optional(z.string()),
  /** The administrator who marked it sent: in answers to admins only. */
  sentBy: z.optional(z.string()),
});

/** What a pending action does once approved (shared/four-eyes.ts). */
export const pendingActionKind = z.enum(['deposit', 'withdrawal', 'balance', 'approveRequest']);
export const pendingActionStatus = z.enum(['pending', 'approved', 'rejected']);

/**
 * A money move above the four-eyes threshold, waiting for a second administrator. `amount` is
 * the deposit, withdrawal or request amount, or for a balance edit the balance asked for;
 * `change` the signed effect on the balance as it stood when proposed (`balanceAtProposal`).
 */
export const pendingActionDto = z.strictObject({
  id: z.string(),
  kind: pendingActionKind,
  status: pendingActionStatus,
  clientId: z.string(),
  clientEmail: z.string(),
  clientName: z.string(),
  amount: dollars,
  change: dollars,
  balanceAtProposal: dollars,
  note: z.optional(z.string()),
  /** A deposit's date, when the proposer gave one. */
  depositDate: z.optional(isoDate),
  /** The withdrawal request an `approveRequest` action decides. */
  requestId: z.optional(z.string()),
  proposedBy: z.string(),
  proposedAt: isoDate,
  decidedBy: z.optional(z.string()),
  decidedAt: z.optional(isoDate),
  reason: z.optional(z.string()),
  /** What the client's balance moved in the day before the proposal, this move included. */
  clientDaySum: z.optional(dollars),
  /** What the proposer had applied without a second approval in that day, this move included. */
  proposerDaySum: z.optional(dollars),
  /** Which rule held the move: its size over the day, the proposer's daily limit, its date, or an administrator's own account. */
  heldBecause: z.optional(z.enum(APPROVAL_REASONS)),
});

/** Every kind of act the activity log records (shared/activity-kinds.ts). */
export const activityKind = z.enum(activityKinds);

/**
 * One administrative act as the log keeps it: who, when, on whom, and what it did to money
 * (`amount`, the balance before and after). `actionKind` says what a proposed, approved or
 * rejected pending action moves.
 */
export const activityEntryDto = z.strictObject({
  id: z.string(),
  at: isoDate,
  kind: activityKind,
  /** The administrator's e-mail; for the admin command, the AWS caller's ARN or the OS user. */
  actor: z.string(),
  clientId: z.optional(z.string()),
  clientEmail: z.optional(z.string()),
  amount: z.optional(dollars),
  balanceBefore: z.optional(dollars),
  balanceAfter: z.optional(dollars),
  actionKind: z.optional(pendingActionKind),
  actionId: z.optional(z.string()),
  /** On an approval given or refused: who had proposed the move. */
  proposedBy: z.optional(z.string()),
  requestId: z.optional(z.string()),
  reason: z.optional(z.string()),
  note: z.optional(z.string()),
  /** On a statement regenerated: the period's label (`2026-10`). */
  period: z.optional(z.string()),
});

const success = z.literal(true);

/** A move above the four-eyes threshold: nothing moved yet, the action waits for another administrator (HTTP 202). */
const actionProposed = z.strictObject({ success, pending: z.literal(true), action: pendingActionDto });
const moneyMoved = z.strictObject({ success, newBalance: dollars, transaction: transactionDto });
const balanceSet = z.strictObject({ success, newBalance: dollars });
const requestApproved = z.strictObject({
  success,
  newBalance: dollars,
  request: withdrawalRequestDto,
  transaction: transactionDto,
});

/** A line of a client's ledger with its running balance: a ledger entry (by its transaction's id) or a week's growth. */
export const ledgerLineDto = z.extend(historyPointDto, { transactionId: z.optional(z.string()) });

/** Where a client's account stands: waiting for the firm's review, open, or closed by an administrator (its records kept read-only). */
export const clientStatus = z.enum(['applied', 'active', 'closed']);

/**
 * A new client's application (a stage's clientSignUp 'review'), named by the client's id: who
 * applied and when, and once decided, by which administrator, when, and for a rejection why.
 */
export const applicationDto = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  appliedAt: isoDate,
  status: z.enum(['pending', 'approved', 'rejected']),
  decidedBy: z.optional(z.string()),
  decidedAt: z.optional(isoDate),
  reason: z.optional(z.string()),
});

/**
 * One client as the console's client page shows it: who, where the account stands, its payout
 * account (masked), its ledger with the running balance, its transactions (with their notes and
 * administrators), its withdrawal requests with their steps, and the newest of its activity.
 */
export const clientPageDto = z.strictObject({
  client: z.strictObject({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    createdAt: isoDate,
    status: clientStatus,
    closed: z.optional(z.strictObject({ at: isoDate, by: z.string(), recordsKeptUntil: z.optional(isoDate) })),
    /** Of a client who signed up under review: the application and its decision. */
    application: z.optional(applicationDto),
  }),
  portfolio: portfolioDto,
  /** The client agreement the client last accepted (null: none yet) and the stage's current version (null: none asked). */
  agreement: z.strictObject({
    accepted: z.nullable(agreementAcceptanceDto),
    currentVersion: z.nullable(z.string()),
  }),
  payoutAccount: z.nullable(maskedPayoutAccountDto),
  /** Oldest first, as the balance grew. */
  ledger: z.array(ledgerLineDto),
  /** Newest first. */
  transactions: z.array(transactionDto),
  /** Newest first. */
  requests: z.array(withdrawalRequestDto),
  /** The newest of the client's activity; `nextCursor` reads on in the activity log. */
  activity: z.strictObject({ entries: z.array(activityEntryDto), nextCursor: z.optional(z.string()) }),
});

/** Each route's answer, by the name its route-table entry gives. */
/** The first break a check of the activity log found (shared/activity-integrity.ts says what each problem is). */
const activityBreakDto = z.strictObject({
  problem: z.enum(activityProblems),
  month: z.string(),
  entryId: z.optional(z.string()),
  at: z.optional(isoDate),
  kind: z.optional(z.string()),
  detail: z.string(),
});

/** The last check of the activity log's seals (`npm run admin -- verify-activity`); absent when never run. */
const activityVerificationDto = z.strictObject({
  at: isoDate,
  by: z.string(),
  months: z.array(z.string()),
  entries: z.int(),
  intact: z.boolean(),
  firstBreak: z.optional(activityBreakDto),
});

/**
 * An invitation to sign up, as the console lists it: `expired` is an open one past `validUntil`.
 * `sentAt` is its last sending (a re-invite renews it), `invitedBy` the administrator who sent it.
 */
export const invitationDto = z.strictObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(invitationStatuses),
  invitedBy: z.string(),
  createdAt: isoDate,
  sentAt: isoDate,
  validUntil: isoDate,
  usedAt: z.optional(isoDate),
  revokedBy: z.optional(z.string()),
  revokedAt: z.optional(isoDate),
});

/**
 * A client's document (lambdas/lib/documents/): a statement or a confirmation. `period`: a
 * statement's period label (`2026-10`, `2026-Q4`, `2026`); `correctionOf`: on a regenerated
 * statement, the id of the statement it corrects; `regeneratedBy` only to administrators.
 */
export const documentDto = z.strictObject({
  id: z.string(),
  kind: z.enum([
    'monthly-statement',
    'quarterly-statement',
    'annual-statement',
    'deposit-confirmation',
    'withdrawal-confirmation',
    'payout-confirmation',
  ]),
  title: z.string(),
  date: isoDate,
  issuedAt: isoDate,
  period: z.optional(z.string()),
  correctionOf: z.optional(z.string()),
  regeneratedBy: z.optional(z.string()),
});

export const answerSchemas = {
  portfolio: z.strictObject({ success, portfolio: portfolioDto }),
  transactions: z.array(transactionDto),
  eligibility: z.strictObject({ data: eligibilityDto }),
  withdrawalRequested: z.strictObject({ success, request: withdrawalRequestDto }),
  /**
   * A page of the admin client list, in the order asked for; `nextCursor` asks for the page after
   * it, absent on the last. A page may be short (even empty) while a search has more of the book
   * to read: only a page without `nextCursor` ends the list.
   */
  clientsPage: z.strictObject({ clients: z.array(clientDto), nextCursor: z.optional(z.string()) }),
  /**
   * The admin console's three totals (spec: Total Clients, Total Portfolio Value, Average Weekly
   * Gain: the mean of the clients' weeklyGain as the list shows them, 2 decimals), from the
   * aggregate every write keeps (lambdas/lib/data/client-totals.ts), not from reading every client.
   */
  clientTotals: z.strictObject({ totalClients: z.int(), totalPortfolioValue: dollars, averageWeeklyGain: z.number() }),
  /**
   * A balances export: running until the exporter has written it, then ready with a download
   * link that works for a few minutes (asking again gives a fresh one), or failed.
   */
  balancesExport: z.strictObject({
    exportId: z.string(),
    status: z.enum(['running', 'ready', 'failed']),
    startedAt: isoDate,
    rows: z.optional(z.int()),
    url: z.optional(z.string()),
    linkExpiresAt: z.optional(isoDate),
  }),
  /** A deposit or withdrawal recorded, or proposed for a second administrator's approval. */
  moneyMoved: z.union([moneyMoved, actionProposed]),
  /** A balance edit (no transaction when the balance already was that), or its proposal. */
  balanceSet: z.union([balanceSet, actionProposed]),
  done: z.strictObject({ success }),
  alerts: z.strictObject({ data: z.array(alertGroupDto) }),
  withdrawalRequests: z.array(withdrawalRequestDto),
  requestApproved: z.union([requestApproved, actionProposed]),
  pendingActions: z.array(pendingActionDto),
  /** A pending action approved and applied: the action as decided, the new balance and the ledger entry (none for a balance already at its target). */
  actionApproved: z.strictObject({
    success,
    action: pendingActionDto,
    newBalance: dollars,
    transaction: z.optional(transactionDto),
  }),
  actionRejected: z.strictObject({ success, action: pendingActionDto }),
  /** A page of the activity log, newest first; `nextCursor` asks for the page after it, absent on the last. */
  activityPage: z.strictObject({
    entries: z.array(activityEntryDto),
    nextCursor: z.optional(z.string()),
    verification: z.optional(activityVerificationDto),
  }),
  requestRejected: z.strictObject({ success, request: withdrawalRequestDto }),
  /** An approved request marked sent, with its date and the bank's reference. */
  requestSent: z.strictObject({ success, request: withdrawalRequestDto }),
  /** The client's payout account, masked; null while none is set. */
  payoutAccount: z.strictObject({ account: z.nullable(maskedPayoutAccountDto) }),
  clientPage: clientPageDto,
  /** The pending applications, oldest first: a queue. */
  applications: z.strictObject({ applications: z.array(applicationDto) }),
  /** An application decided: approved (the account is active) or rejected (the account is closed). */
  applicationDecided: z.strictObject({ success, application: applicationDto }),
  /** The client's own pending request, withdrawn: its reserved profit is free again. */
  requestCancelled: z.strictObject({ success, request: withdrawalRequestDto }),
  history: z.strictObject({ data: z.array(historyPointDto) }),
  /** The client's names as now stored (Cognito and the portfolio). */
  names: z.strictObject({ success, firstName: z.string(), lastName: z.string() }),
  /** Every optional e-mail, on or off, as stored now. */
  emailPreferences: z.strictObject({
    preferences: z.strictObject({
      'deposit-recorded': z.boolean(),
      'withdrawal-processed': z.boolean(),
      'balance-edited': z.boolean(),
      'admin-weekly-growth-summary': z.boolean(),
      'statement-ready': z.boolean(),
    } satisfies Record<OptionalEmail, unknown>),
  }),
  /** A CSV download: the answer is the file's text. */
  csv: z.string(),
  /**
   * A new authenticator secret (base32), not yet in force: the app is given it (as text or a QR
   * code of its otpauth URI), and one of its codes confirms it (POST /api/me/two-factor/verify).
   */
  twoFactorSetup: z.strictObject({ secretCode: z.string() }),
  /** Done, and every session of the user has ended, this one's too: the user signs in again. */
  signedOut: z.strictObject({ success, signedOut: z.literal(true) }),
  /** The client's acceptance of the client agreement as recorded: the first one, if it was accepted before. */
  agreementAccepted: z.strictObject({ success, agreement: agreementAcceptanceDto }),
  /** Invitations, newest sent first. */
  invitations: z.strictObject({ invitations: z.array(invitationDto) }),
  invitation: z.strictObject({ success, invitation: invitationDto }),
  /** A page of the client's documents, newest first; `nextCursor` asks for the page after it, absent on the last. */
  documentsPage: z.strictObject({ documents: z.array(documentDto), nextCursor: z.optional(z.string()) }),
  /** A link that downloads the document's PDF until `expiresAt` (a few minutes): asking again gives a fresh one. */
  documentLink: z.strictObject({ url: z.string(), expiresAt: isoDate }),
  /** A statement regenerated: the new document, a correction of the earlier one, which stays. */
  statementRegenerated: z.strictObject({ success, document: documentDto }),
  /**
   * The caller's passkeys (oldest first), and whether this stage gives admin power to passkey
   * sessions only (adminPasskeyRequired), so the account page can say so to an administrator.
   */
  passkeys: z.strictObject({
    passkeys: z.array(z.strictObject({ id: z.string(), name: z.string(), createdAt: isoDate })),
    passkeyRequiredForAdmin: z.boolean(),
  }),
  /**
   * A new passkey's creation options (PublicKeyCredentialCreationOptionsJSON) as Cognito handed
   * them out for the caller: the browser's startRegistration takes them as they are.
   */
  passkeyOptions: z.strictObject({ options: z.looseObject({ challenge: z.string() }) }),
};

export type AnswerName = keyof typeof answerSchemas;

export type PortfolioDto = z.output<typeof portfolioDto>;
export type AgreementAcceptanceDto = z.output<typeof agreementAcceptanceDto>;
export type TransactionType = z.output<typeof transactionType>;
export type TransactionDto = z.output<typeof transactionDto>;
export type EligibleDepositDto = z.output<typeof eligibleDepositDto>;
export type EligibilityDto = z.output<typeof eligibilityDto>;
export type ClientDto = z.output<typeof clientDto>;
export type AlertDepositDto = z.output<typeof alertDepositDto>;
export type AlertGroupDto = z.output<typeof alertGroupDto>;
export type HistoryPointDto = z.output<typeof historyPointDto>;
export type WithdrawalRequestStatus = z.output<typeof withdrawalRequestStatus>;
export type WithdrawalRequestDto = z.output<typeof withdrawalRequestDto>;
export type MaskedPayoutAccountDto = z.output<typeof maskedPayoutAccountDto>;
export type LedgerLineDto = z.output<typeof ledgerLineDto>;
export type ClientStatus = z.output<typeof clientStatus>;
export type ClientPageDto = z.output<typeof clientPageDto>;
export type PortfolioAnswer = z.output<typeof answerSchemas.portfolio>;
export type MoneyMovedAnswer = z.output<typeof answerSchemas.moneyMoved>;
export type PendingActionKind = z.output<typeof pendingActionKind>;
export type PendingActionDto = z.output<typeof pendingActionDto>;
export type ActivityKind = z.output<typeof activityKind>;
export type ActivityEntryDto = z.output<typeof activityEntryDto>;
export type ActionProposedAnswer = z.output<typeof actionProposed>;
export type HistoryAnswer = z.output<typeof answerSchemas.history>;
export type InvitationDto = z.output<typeof invitationDto>;
export type ActivityVerificationDto = z.output<typeof activityVerificationDto>;
export type ApplicationDto = z.output<typeof applicationDto>;
export type DocumentDto = z.output<typeof documentDto>;
