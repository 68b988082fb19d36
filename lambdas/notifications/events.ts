/**
 * Which notifications one record of the table's stream (NEW_AND_OLD_IMAGES) stands for.
 *
 *   INSERT  ledger entry          deposit recorded / withdrawal processed / balance edited (client)
 *   INSERT  request, pending      request received (client) and new request (admins)
 *   MODIFY  request, pending →    approved / rejected / cancelled by the client (client)
 *   MODIFY  request, approved →   sent, with the bank's reference (client)
 *   INSERT  weekly growth run     weekly summary (admins)
 *   INSERT  security notice       its sign-in changed (the user: security-notice.ts)
 *   INSERT  pending action        awaits approval (every admin but its proposer)
 *   MODIFY  pending action →      approved / rejected (its proposer, and a confirmation to who decided)
 *   INSERT  agreement             the client agreement accepted (the client: its version and page)
 *   INSERT, MODIFY  invitation      sent, sent again, revoked (the invited address: invitation-emails.ts)
 *   INSERT  application, pending  a new client to review (admins)
 *   MODIFY  application, pending → approved (the client) / rejected (the applicant's address: the account is closed)
 *   INSERT  statement document    the statement is ready on the Documents page (the client; a correction says so)
 *
 * Everything else is not news: profile writes (balances, names, the weekly growth), tombstones,
 * idempotency records, any REMOVE (a deleted client, a TTL expiry), a MODIFY that does not decide
 * a request or an action. Ids are built from the item alone, so a record the stream delivers again yields the
 * same ids and the notifier, which sends each id once, sends nothing new.
 */
import { signedCents } from '../../shared/growth';
import { type Notification, notification, type PendingActionData } from './notification';
import { readSecurityNotice } from '../lib/data/security-notice';
import { fromInvitationInsert, fromInvitationModify } from './invitation-emails';
import {
  clientSubOf,
  type EntryView,
  type PendingActionView,
  readEntry,
  readAgreement,
  readPendingAction,
  readRequest,
  readWeeklyGrowthRun,
  type RequestView,
  type StoredImage,
  storedItemKindOf,
  type ApplicationView,
  readApplication,
  readStatementDocument,
} from './stored-item-views';

/** One stream record, its images unmarshalled to plain objects. */
export interface ItemChange {
  /** As aws-lambda's DynamoDBRecord types it (absent on a malformed record). */
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage?: StoredImage;
  newImage?: StoredImage;
}

/** The e-mails one stream record stands for (none for most: only money moves, requests, actions and job runs tell anyone). */
export function notificationsFor(change: ItemChange): Notification[] {
  const { eventName, oldImage, newImage } = change;
  if (eventName === 'INSERT' && newImage) return fromInsert(newImage);
  if (eventName === 'MODIFY' && oldImage && newImage) return fromModify(oldImage, newImage);
  return [];
}

function fromInsert(image: StoredImage): Notification[] {
  switch (storedItemKindOf(image)) {
    case 'entry': {
      const entry = readEntry(image);
      return entry ? fromEntry(entry) : [];
    }
    case 'request': {
      const request = readRequest(image);
      return request?.status === 'pending' ? fromNewRequest(request) : [];
    }
    case 'weekly-growth-run': {
      const run = readWeeklyGrowthRun(image);
      return run
        ? [notification('admin-weekly-growth-summary', `jobrun:weekly-growth:${run.runId}`, { kind: 'admins' }, run)]
        : [];
    }
    case 'security-notice': {
      const sub = clientSubOf(image.PK);
      const notice = sub === null ? null : readSecurityNotice(image, sub);
      return notice
        ? [
            notification(
              'security-notice',
              `security:${notice.sub}:${notice.noticeId}`,
              { kind: 'client', sub: notice.sub },
              { event: notice.event, at: notice.at },
            ),
          ]
        : [];
    }
    case 'pending-action': {
      const action = readPendingAction(image);
      return action?.status === 'pending' ? [proposed(action)] : [];
    }
    case 'agreement': {
      const accepted = readAgreement(image);
      return accepted
        ? [
            notification(
              'agreement-accepted',
              `agreement:${accepted.sub}:${accepted.version}`,
              { kind: 'client', sub: accepted.sub },
              { version: accepted.version, url: accepted.url, acceptedAt: accepted.acceptedAt },
            ),
          ]
        : [];
    }
    case 'application': {
      const application = readApplication(image);
      return application?.status === 'pending'
        ? [
            notification(
              'admin-new-application',
              `application:${application.sub}:admins`,
              { kind: 'admins' },
              applicationData(application),
            ),
          ]
        : [];
    }
    case 'invitation':
      return fromInvitationInsert(image);
    case 'document':
      return fromStatementDocument(image);
    case 'other':
      return [];
  }
}

/** A statement written (a confirmation's e-mail is its move's own): one e-mail per document. */
function fromStatementDocument(image: StoredImage): Notification[] {
  const statement = readStatementDocument(image);
  if (!statement) return [];
  return [
    notification(
      'statement-ready',
      `document:${statement.sub}:${statement.docId}`,
      { kind: 'client', sub: statement.sub },
      { periodKind: statement.periodKind, periodFrom: statement.periodFrom, corrected: statement.corrected },
    ),
  ];
}

/** What an application's e-mails show: who applied and when, no id. */
function applicationData(application: ApplicationView) {
  return {
    firstName: application.firstName,
    lastName: application.lastName,
    email: application.email,
    appliedAt: application.appliedAt,
  };
}

/** Only a decision is news: pending before, decided now, of the same client. */
function fromApplicationDecision(oldImage: StoredImage, newImage: StoredImage): Notification[] {
  const before = readApplication(oldImage);
  const after = readApplication(newImage);
  if (!before || !after || before.sub !== after.sub || before.status !== 'pending' || after.status === 'pending')
    return [];
  if (!after.decidedAt) return [];
  const data = { ...applicationData(after), decidedAt: after.decidedAt };
  const id = `application:${after.sub}:${after.status}`;
  if (after.status === 'approved')
    return [notification('application-approved', id, { kind: 'client', sub: after.sub }, data)];
  return [
    notification(
      'application-rejected',
      id,
      { kind: 'address', email: after.email },
      { ...data, ...(after.reason ? { reason: after.reason } : {}) },
    ),
  ];
}

function fromEntry(entry: EntryView): Notification[] {
  const id = `entry:${entry.sub}:${entry.entryId}`;
  const recipient = { kind: 'client', sub: entry.sub } as const;
  const moved = {
    entryId: entry.entryId,
    amountCents: entry.amountCents,
    at: entry.at,
    ...(entry.note ? { note: entry.note } : {}),
    balanceAfterCents: entry.balanceAfterCents,
  };
  switch (entry.type) {
    case 'deposit':
      return [notification('deposit-recorded', id, recipient, moved)];
    case 'withdrawal':
      // An approval's withdrawal: the approval's own e-mail tells the client, once.
      return entry.requestId ? [] : [notification('withdrawal-processed', id, recipient, moved)];
    case 'adjustment': {
      // A balance edit is recorded as the signed difference from the net (growth.ts adjustmentTo),
      // never backdated: the balance before is the balance after less it, floored at zero as a
      // balance is. An edit that only cleared a negative net leaves the balance shown unchanged.
      const newBalanceCents = entry.balanceAfterCents;
      const oldBalanceCents = Math.max(0, newBalanceCents - signedCents(entry));
      if (oldBalanceCents === newBalanceCents) return [];
      return [
        notification('balance-edited', id, recipient, {
          entryId: entry.entryId,
          oldBalanceCents,
          newBalanceCents,
          at: entry.at,
        }),
      ];
    }
  }
}

function fromNewRequest(request: RequestView): Notification[] {
  const received = { requestId: request.requestId, amountCents: request.amountCents, requestedAt: request.createdAt };
  return [
    notification(
      'withdrawal-request-received',
      `request:${request.requestId}:received`,
      { kind: 'client', sub: request.sub, email: request.userEmail },
      received,
    ),
    notification(
      'admin-new-withdrawal-request',
      `request:${request.requestId}:admins`,
      { kind: 'admins' },
      { ...received, clientSub: request.sub, clientEmail: request.userEmail },
    ),
  ];
}

function fromModify(oldImage: StoredImage, newImage: StoredImage): Notification[] {
  switch (storedItemKindOf(newImage)) {
    case 'request':
      return fromRequestDecision(oldImage, newImage);
    case 'pending-action':
      return fromActionDecision(oldImage, newImage);
    case 'invitation':
      return fromInvitationModify(oldImage, newImage);
    case 'application':
      return fromApplicationDecision(oldImage, newImage);
    // A change to any other item is no news: entries and notices are written once, a run's record
    // only moves on.
    case 'entry':
    case 'security-notice':
    case 'weekly-growth-run':
    case 'agreement':
    case 'document':
    case 'other':
      return [];
  }
}

function fromRequestDecision(oldImage: StoredImage, newImage: StoredImage): Notification[] {
  const before = readRequest(oldImage);
  const after = readRequest(newImage);
  if (before && after && before.requestId === after.requestId) {
    const sent = fromRequestSent(before, after);
    if (sent) return [sent];
  }
  // Only a decision is news: pending before, decided now, and the same request on both sides.
  if (
    !before ||
    !after ||
    before.requestId !== after.requestId ||
    before.status !== 'pending' ||
    after.status === 'pending'
  )
    return [];
  if (!after.decidedAt) return [];
  const recipient = { kind: 'client', sub: after.sub, email: after.userEmail } as const;
  const decided = {
    requestId: after.requestId,
    amountCents: after.amountCents,
    requestedAt: after.createdAt,
    decidedAt: after.decidedAt,
  };
  const id = `request:${after.requestId}:${after.status}`;
  switch (after.status) {
    case 'approved':
      return [notification('withdrawal-request-approved', id, recipient, decided)];
    case 'rejected':
      return [
        notification('withdrawal-request-rejected', id, recipient, {
          ...decided,
          ...(after.reason ? { reason: after.reason } : {}),
        }),
      ];
    case 'cancelled':
      // The client's own act, confirmed as a request is: and if it was not them, they learn of it.
      return [notification('withdrawal-request-cancelled', id, recipient, decided)];
  }
}

/** An approved request marked sent: approved on both sides, with no sending date before and one now. */
export function requestMarkedSent(
  before: RequestView,
  after: RequestView,
): after is RequestView & { decidedAt: string; sentAt: string; sentReference: string } {
  if (before.status !== 'approved' || after.status !== 'approved' || before.sentAt || !after.sentAt) return false;
  return !!after.decidedAt && !!after.sentReference && before.requestId === after.requestId;
}

function fromRequestSent(before: RequestView, after: RequestView): Notification | null {
  if (!requestMarkedSent(before, after)) return null;
  return notification(
    'withdrawal-request-sent',
    `request:${after.requestId}:sent`,
    { kind: 'client', sub: after.sub, email: after.userEmail },
    {
      requestId: after.requestId,
      amountCents: after.amountCents,
      requestedAt: after.createdAt,
      decidedAt: after.decidedAt,
      sentAt: after.sentAt,
      reference: after.sentReference,
    },
  );
}

/** What the administrators read of an action: the move and who proposed it, no ids. */
function actionData(action: PendingActionView): PendingActionData {
  return {
    actionKind: action.kind,
    clientName: action.clientName,
    clientEmail: action.clientEmail,
    amountCents: action.amountCents,
    changeCents: action.changeCents,
    balanceAtProposalCents: action.balanceAtProposalCents,
    ...(action.note ? { note: action.note } : {}),
    ...(action.depositAt === undefined ? {} : { depositAt: new Date(action.depositAt).toISOString() }),
    proposedBy: action.proposedBy,
    proposedAt: action.proposedAt,
  };
}

/** Four eyes: the proposer may not approve, so is not asked to. */
function proposed(action: PendingActionView): Notification {
  const except = { sub: action.proposedBySub, email: action.proposedBy };
  return notification(
    'admin-action-proposed',
    `action:${action.actionId}:proposed`,
    { kind: 'admins', except },
    actionData(action),
  );
}

function fromActionDecision(oldImage: StoredImage, newImage: StoredImage): Notification[] {
  const before = readPendingAction(oldImage);
  const after = readPendingAction(newImage);
  // Only a decision is news: pending before, decided now, the same action on both sides.
  if (
    !before ||
    !after ||
    before.actionId !== after.actionId ||
    before.status !== 'pending' ||
    after.status === 'pending'
  )
    return [];
  if (!after.decidedBy || !after.decidedBySub || !after.decidedAt) return [];
  const decided = {
    ...actionData(after),
    status: after.status,
    decidedBy: after.decidedBy,
    decidedAt: after.decidedAt,
    ...(after.reason ? { reason: after.reason } : {}),
  };
  const id = `action:${after.actionId}:${after.status}`;
  return [
    notification(
      'admin-action-decided',
      `${id}:proposer`,
      { kind: 'admin', sub: after.proposedBySub, email: after.proposedBy },
      decided,
    ),
    notification(
      'admin-action-decision-confirmed',
      `${id}:decider`,
      { kind: 'admin', sub: after.decidedBySub, email: after.decidedBy },
      decided,
    ),
  ];
}
